import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundledAnswers, harshAnswers } from '../../bench/fresh-answers.js';
import { extractFormulas } from '../../src/extract/extract-formulas.js';
import { splitFormula } from '../../src/extract/split-formula.js';
import { parseLatex, recentParses } from '../../src/latex/index.js';
import { rememberPart } from '../../src/latex/parse-latex.js';

const blindDir = fileURLToPath(new URL('../blind/', import.meta.url));

/** The bundled answers, their harsh freshening and every blind set's answers. */
function answerTexts(): string[] {
  const bundled = bundledAnswers().answers;
  const texts = [...bundled, ...harshAnswers(bundled, 'r')].map((a) => a.text);
  for (const file of readdirSync(blindDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort())
    for (const line of readFileSync(`${blindDir}${file}`, 'utf8').split('\n'))
      if (line.trim() !== '') texts.push((JSON.parse(line) as { response: string }).response);
  return texts;
}

// Extraction parses each math row whole and keeps each chain link, list item and value it splits off
// as that text's parse; the scorer then prepares each part from it. A kept part must be exactly what
// parsing its text gives, or a record would depend on which of the two reached the cache first.
test('every part extraction keeps as parsed is what parsing its own text gives (bundled, harsh, blind answers)', () => {
  let kept = 0;
  let parts = 0;
  for (const text of answerTexts()) {
    recentParses.clear();
    const extraction = extractFormulas(text);
    for (const f of [...extraction.formulas, ...extraction.candidates]) {
      parts++;
      if (recentParses.has(f.latex)) kept++;
    }
    // Rows, chain links, list items and each relation's sides.
    for (const source of [...recentParses.keys()])
      assert.deepEqual(
        recentParses.get(source),
        parseLatex(source, { cache: false }),
        `part ${JSON.stringify(source)}`,
      );
  }
  recentParses.clear();
  // Most parts are kept (80% when measured) (the row's own text is one of them when it holds one formula).
  assert.ok(kept > 0.75 * parts, `${kept} of ${parts} parts kept`);
});

test('a chain link is kept with its spans counted from its own start', () => {
  recentParses.clear();
  const split = splitFormula('E = \\frac{1}{2}mv^2 = 9\\,\\mathrm{J}');
  assert.ok(split.ok);
  const link = recentParses.get('\\frac{1}{2}mv^2 = 9\\,\\mathrm{J}');
  assert.ok(link?.ok === true);
  assert.equal(link.tree.span.start, 0);
  assert.deepEqual(link, parseLatex('\\frac{1}{2}mv^2 = 9\\,\\mathrm{J}', { cache: false }));
  // The chain's ends, joined: E = 9 J.
  const ends = recentParses.get('E = 9\\,\\mathrm{J}');
  assert.ok(ends?.ok === true);
  assert.deepEqual(ends, parseLatex('E = 9\\,\\mathrm{J}', { cache: false }));
  recentParses.clear();
});

test('a part whose text would not parse alone as it reads in its row is parsed, not read off the row', () => {
  recentParses.clear();
  // A tuple's span ends at its last member: `P_m = (E_m/c, \vec p` does not parse alone.
  const source = 'P_m = (E_m/c, \\vec p) = Q';
  const whole = parseLatex(source);
  assert.ok(whole.ok);
  const tree = whole.tree;
  assert.equal(tree.type, 'relation');
  if (tree.type !== 'relation') return;
  const [lhs, tuple] = tree.args as [typeof tree, typeof tree];
  const short = { type: 'relation', ops: ['='], args: [lhs, tuple], span: { start: 0, end: tuple.span.end } };
  const text = source.slice(0, tuple.span.end);
  if (!text.endsWith(')')) {
    assert.equal(rememberPart(source, whole, short as typeof tree), text);
    const kept = recentParses.get(text);
    assert.equal(kept?.ok, false);
    assert.deepEqual(kept, parseLatex(text, { cache: false }));
  }
  // Alone, `(T_2 - T_1)` reads as an equation label and `\text{H}_2 \to \text{H}` as a reaction.
  for (const [row, part] of [
    ['\\Delta T = (T_2 - T_1)', '(T_2 - T_1)'],
    ['x = 1, \\text{H}_2 \\to \\text{H} + \\text{H}', '\\text{H}_2 \\to \\text{H} + \\text{H}'],
  ] as const) {
    recentParses.clear();
    splitFormula(row);
    assert.deepEqual(recentParses.get(part), parseLatex(part, { cache: false }), part);
  }
  // Rows parsed with a warning keep no part.
  const warned = parseLatex('= 5, x = 3');
  assert.ok(warned.ok && warned.diagnostics.length > 0);
  if (warned.ok && warned.tree.type === 'list')
    assert.equal(rememberPart('= 5, x = 3', warned, warned.tree.items[1]!), undefined);
  recentParses.clear();
});
