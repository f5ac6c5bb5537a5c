import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFormulas, findBareMath, findMathBlocks } from '../../src/extract/index.js';

// Math written without delimiters, as chat models often write it: the spans we must take (raw
// LaTeX lines, labelled answers, a formula ending a sentence) and prose we must leave alone.
const TAKEN: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'displaystyle line',
    'So\n\\displaystyle v=\\sqrt{\\frac{2gh}{3}}\n',
    ['\\displaystyle v=\\sqrt{\\frac{2gh}{3}}'],
  ],
  ['labelled answer', 'Answer: T = 2\\pi\\sqrt{L/g}', ['T = 2\\pi\\sqrt{L/g}']],
  ['bold label', '**Final answer:** 5 kg', ['5 kg']],
  ['sentence end', 'Therefore the speed is v = 3.2 m/s.', ['v = 3.2 m/s']],
  ['copula and value', 'The tension in the rope is 12.4 N.', ['12.4 N']],
  ['bullet expression', '- \\frac{mg}{k}', ['\\frac{mg}{k}']],
  ['equals line', '= 3.2\\,\\mathrm{m/s}', ['= 3.2\\,\\mathrm{m/s}']],
  ['part marker', '(b) a = g\\sin\\theta', ['a = g\\sin\\theta']],
  ['formula then prose', 'F = ma gives the acceleration directly', ['F = ma']],
  [
    'parts marked on one line',
    '(a) t ≈ 4.75 h (b) A ≈ 1.85 × 10¹⁰ Bq (c) f ≈ 0.230',
    ['t ≈ 4.75 h', 'A ≈ 1.85 × 10¹⁰ Bq', 'f ≈ 0.230'],
  ],
  [
    'bold statement after a colon',
    'With 1 u c² = 931.5 MeV: **Q = −3.00 MeV** (endothermic).',
    ['1 u c² = 931.5 MeV', 'Q = −3.00 MeV'],
  ],
  ['caret power of ten then a unit', 'Total: h ≈ 3.7 × 10^{3} km above the pad', ['h ≈ 3.7 × 10^{3} km']],
  ['value restated in parentheses', 'so T₃ ≈ 300 K (27 °C).', ['T₃ ≈ 300 K']],
  ['plain code fence', 'Final answer:\n\n```\nv = 3.2 m/s\n```', ['v = 3.2 m/s']],
  [
    'restatement mid-line',
    'T ≈ 6.57 × 10⁷ s (≈ 2.08 yr), v = 46.7 km/s',
    ['T ≈ 6.57 × 10⁷ s', 'v = 46.7 km/s'],
  ],
  ['a product in parentheses stays', 'v = 2 (3 + 4) m/s', ['v = 2 (3 + 4) m/s']],
  [
    'arrows between statements',
    'm = 6.38×10⁴ kg → t = 2480/250 ≈ 9.9 s',
    ['m = 6.38×10⁴ kg', 't = 2480/250 ≈ 9.9 s'],
  ],
  ['value before a dash', 'gives T ≈ 2.8×10¹⁵ s — about 90 million years.', ['T ≈ 2.8×10¹⁵ s']],
  ['table row: a symbol and its value', '| v | 3.2 m/s |', ['v', '3.2 m/s']],
  ['table row: a unit column', '| (a) | E_k | −1.5×10³ | eV |', ['E_k', '−1.5×10³']],
  ['table row: a value named in words', '| Final speed | 3.2 × 10⁴ m/s |', ['3.2 × 10⁴ m/s']],
];
const LEFT: readonly (readonly [string, string])[] = [
  ['prose with a year', 'In 1905, Einstein showed that the mass is 2 times larger.'],
  ['prose with symbols', 'where \\rho is the density and A the area, i.e. constant'],
  ['heading', '### Step 1: Find the speed'],
  ['lone symbol line', '\\rho'],
  ['table header row', '| Quantity | Value |'],
  ['table rule', '|---|:---:|'],
  ['table row whose last cell is prose', '| 1 | 2.5 | see text |'],
  ['table row with a relation in a cell', '| v | v = 3.2 m/s |'],
  ['inline code', 'Run `x = 5` first'],
  ['delimited line', 'We have $v = 3$ and so on'],
  ['code fence with a language', '```python\nx = 5\n```'],
  ['program in a plain fence', '```\nimport math\nx = math.sqrt(2)\n```'],
];

for (const [name, text, spans] of TAKEN) {
  test(`bare math taken: ${name}`, () => {
    const found = findBareMath(text, findMathBlocks(text)).map((b) => b.content);
    assert.deepEqual(found, spans);
    for (const b of findBareMath(text, findMathBlocks(text)))
      assert.equal(text.slice(b.offset, b.offset + b.content.length), b.content);
  });
}

for (const [name, text] of LEFT) {
  test(`prose left alone: ${name}`, () => {
    assert.deepEqual(
      findBareMath(text, findMathBlocks(text)).map((b) => b.content),
      [],
    );
  });
}

test('undelimited formulas reach the extraction', () => {
  const r = extractFormulas('Energy gives\n\\displaystyle mgh = \\frac12 mv^2\nAnswer: v = \\sqrt{2gh}');
  assert.deepEqual(
    r.formulas.map((f) => f.latex),
    ['mgh = \\frac12 mv^2', 'v = \\sqrt{2gh}'],
  );
});
