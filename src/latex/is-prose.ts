/** English words that occur in prose and not as quantity names in a formula. */
const PROSE_WORDS = new Set([
  'the',
  'is',
  'are',
  'was',
  'were',
  'we',
  'this',
  'that',
  'which',
  'then',
  'therefore',
  'thus',
  'hence',
  'since',
  'because',
  'has',
  'have',
  'be',
  'will',
  'can',
  'answer',
  'given',
  'find',
  'and',
  'of',
  'where',
  'with',
  'for',
  'from',
  'into',
  'its',
  'it',
  'so',
  'by',
  'as',
  'an',
  'at',
  'on',
  'to',
  'in',
  'or',
  'if',
  'when',
  'not',
  'our',
  'us',
  'you',
  'they',
  'these',
  'those',
  'there',
  'here',
  'using',
  'get',
  'obtain',
]);

const STRONG = new Set([
  'the',
  'is',
  'are',
  'was',
  'were',
  'we',
  'this',
  'that',
  'which',
  'therefore',
  'thus',
  'hence',
  'because',
  'has',
  'have',
  'will',
  'answer',
  'given',
  'find',
  'where',
  'with',
  'from',
  'these',
  'those',
  'there',
  'using',
]);

/**
 * True when the text is prose rather than a formula: outside commands and their arguments it has at
 * least four words, two of them English function words (one a strong one such as `the`, `is`,
 * `we`). Formulas spell quantities as single letters or inside `\text{}`, so they never trigger this.
 */
export function isProse(source: string): boolean {
  if (!mayBeProse(source)) return false;
  const bare = source.replace(/\\[A-Za-z]+\*?(\s*\{[^{}]*\})?/g, ' ').replace(/[_^]\s*\{[^{}]*\}/g, ' ');
  const words = bare.match(/[A-Za-z]{2,}/g);
  if (words === null || words.length < 4) return false;
  let prose = 0;
  let strong = 0;
  for (const w of words) {
    const lower = w.toLowerCase();
    if (PROSE_WORDS.has(lower)) prose++;
    if (STRONG.has(lower)) strong++;
  }
  return prose >= 2 && strong >= 1;
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * A cheap necessary condition of {@link isProse}, run first because almost every formula fails it:
 * at least four runs of two or more letters that are not command names, one of them a strong word.
 * The words `isProse` counts are such runs (dropping commands and their arguments only removes
 * runs, it never joins or cuts one), so a text that fails this is not prose.
 */
function mayBeProse(source: string): boolean {
  let runs = 0;
  let strong = false;
  const n = source.length;
  for (let i = 0; i < n; ) {
    if (!isLetter(source.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isLetter(source.charCodeAt(j))) j++;
    if (j - i >= 2 && source.charCodeAt(i - 1) !== 92 /* \ */) {
      runs++;
      if (!strong && j - i <= 9 && STRONG.has(source.slice(i, j).toLowerCase())) strong = true;
    }
    i = j;
  }
  return runs >= 4 && strong;
}
