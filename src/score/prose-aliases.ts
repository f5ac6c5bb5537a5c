import { symbolName } from '../equivalence/index.js';

/** Most characters of a text read for named quantities (a pathological text stays bounded). */
const MAX_TEXT = 20_000;

/** A symbol written as inline math: `$M$` or `\(M\)`, one short symbol. */
const SYM = String.raw`(?:\$([^$\n]{1,24})\$|\\\(([^\n]{1,24}?)\\\))`;
/** A quantity's name in words: one to four lowercase words (`mass`, `spring constant`, `radius of the disc`). */
const PHRASE = String.raw`([a-z][a-z-]*(?:\s+(?:of\s+the\s+|of\s+)?[a-z][a-z-]*){0,3}?)`;
/** Where a phrase ends: punctuation, a clause word, the end. */
const END = String.raw`(?=\s*(?:[,.;:)]|$|\s(?:and|in|at|with|which|that|is|on|from|to)\b))`;

/** The ways a text names a quantity; each gives the phrase and the symbol (group order noted). */
const PATTERNS: readonly { readonly re: RegExp; readonly phraseFirst: boolean }[] = [
  // let the mass be $M$ · let the mass of the block be $M$
  { re: new RegExp(String.raw`\blet\s+the\s+${PHRASE}\s+be\s+${SYM}`, 'gi'), phraseFirst: true },
  // denote the mass by $M$
  { re: new RegExp(String.raw`\bdenote\s+the\s+${PHRASE}\s+by\s+${SYM}`, 'gi'), phraseFirst: true },
  // let $M$ be the mass · let $M$ denote the mass
  {
    re: new RegExp(String.raw`\blet\s+${SYM}\s+(?:be|denote)\s+the\s+${PHRASE}${END}`, 'gi'),
    phraseFirst: false,
  },
  // where $a$ is the radius · $a$ is the radius · $a$ denotes the radius
  {
    re: new RegExp(String.raw`${SYM}\s+(?:is|denotes|stands\s+for)\s+the\s+${PHRASE}${END}`, 'gi'),
    phraseFirst: false,
  },
];

/**
 * The quantities a text names in words (`let the mass be $M$`, `where $a$ is the radius`, `let $m$
 * denote the mass of the block`): phrase → symbol LaTeX. A phrase the text binds to two symbols is
 * left out (ambiguous), as is a symbol that is not one lone symbol. Phrases are compared as written,
 * lowercased, with `the` dropped: `mass of the block` and `mass` are different quantities.
 */
export function namedQuantities(text: string): ReadonlyMap<string, string> {
  // The same problem text and answer are read by both final-answer checks of an answer.
  const known = recentNames.find((r) => r.text === text);
  if (known !== undefined) return known.names;
  const names = readNamedQuantities(text);
  recentNames.unshift({ text, names });
  if (recentNames.length > RECENT_TEXTS) recentNames.pop();
  return names;
}

/** Texts whose named quantities are remembered (the problem's and the answer's, and a spare). */
const RECENT_TEXTS = 4;
const recentNames: { text: string; names: ReadonlyMap<string, string> }[] = [];

function readNamedQuantities(text: string): Map<string, string> {
  const found = new Map<string, string | null>();
  const body = text.slice(0, MAX_TEXT);
  for (const { re, phraseFirst } of PATTERNS) {
    for (const m of body.matchAll(re)) {
      const groups = m.slice(1);
      const phrase = (phraseFirst ? groups[0] : groups[2]) ?? '';
      const symbol = (phraseFirst ? (groups[1] ?? groups[2]) : (groups[0] ?? groups[1])) ?? '';
      const key = phrase
        .toLowerCase()
        .replace(/\bthe\s+/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      const latex = symbol.trim();
      if (key === '' || symbolName(latex) === undefined) continue;
      const previous = found.get(key);
      if (previous === undefined) found.set(key, latex);
      else if (previous !== null && symbolName(previous) !== symbolName(latex)) found.set(key, null);
    }
  }
  const out = new Map<string, string>();
  for (const [k, v] of found) if (v !== null) out.set(k, v);
  return out;
}

/**
 * Another name the answer gives a quantity the problem names in words: the same phrase bound to the
 * problem's symbol in its text and to another symbol in the answer (`let the mass be $M$` and "let
 * $m$ be the mass"), where the reference uses the problem's symbol and not the answer's. Returns
 * answer symbol (canonical name) → the definition `{symbol, value}` that replaces it by the problem's.
 */
export function proseAliases(
  problemText: string,
  response: string,
  referenceUses: (name: string) => boolean,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  const problem = namedQuantities(problemText);
  if (problem.size === 0) return out;
  const answer = namedQuantities(response);
  for (const [phrase, mine] of answer) {
    const theirs = problem.get(phrase);
    if (theirs === undefined) continue;
    const a = symbolName(mine);
    const p = symbolName(theirs);
    if (a === undefined || p === undefined || a === p) continue;
    if (!referenceUses(p) || referenceUses(a)) continue;
    out.set(a, { symbol: mine, value: theirs });
  }
  return out;
}
