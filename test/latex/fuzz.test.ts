import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import { parseLatex } from '../../src/latex/index.js';

/** Parses without throwing and returns either a tree or at least one diagnostic. */
function parsesSafely(source: string): void {
  let result: ReturnType<typeof parseLatex> | undefined;
  assert.doesNotThrow(
    () => {
      result = parseLatex(source);
    },
    `threw on ${JSON.stringify(source.slice(0, 80))}`,
  );
  assert.ok(result !== undefined);
  if (!result.ok) assert.ok(result.diagnostics.length > 0);
  for (const d of result.diagnostics)
    assert.notEqual(d.code, 'internal-error', `${d.message} on ${JSON.stringify(source.slice(0, 120))}`);
}

const TOKENS = [
  '\\frac',
  '\\sqrt',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '^',
  '_',
  '\\left(',
  '\\right)',
  '\\left.',
  '\\right|',
  '|',
  '\\|',
  'x',
  'd',
  'e',
  '2',
  '3.5',
  '10',
  '=',
  '+',
  '-',
  '\\cdot',
  '\\times',
  '/',
  '\\int',
  '\\sum',
  '\\lim',
  '\\nabla',
  '\\partial',
  '\\alpha',
  '\\Delta',
  '\\sin',
  '\\log',
  '\\text{ and }',
  '\\mathrm{d}',
  '\\mathrm{kg}',
  '\\unit{m/s}',
  '\\begin{aligned}',
  '\\end{aligned}',
  '&',
  '\\\\',
  ',',
  '\\quad',
  "'",
  '!',
  '\\prime',
  '^\\circ',
  '\\%',
  '\\vec',
  '\\hat',
  '\\dot',
  '\\pm',
  '\\le',
  '\\approx',
  ' ',
  '\\,',
  '\\begin{cases}',
  '\\end{cases}',
  '{}',
  '\\mu',
  'kg',
  'π',
  '²',
  '·',
  '−',
  '°',
  '\\infty',
  '\\boxed',
  '\\tag{1}',
  '\\operatorname{sgn}',
  '\\SI{3}{m}',
  '\\frac{d}{dx}',
];

test('fuzz: random bytes give a tree or a diagnostic, never an exception', () => {
  const prng = createPrng('latex-fuzz-bytes');
  for (let n = 0; n < 400; n++) {
    const length = prng.int(60);
    let s = '';
    for (let k = 0; k < length; k++) s += String.fromCharCode(prng.int(n % 3 === 0 ? 0x3000 : 128));
    parsesSafely(s);
  }
});

test('fuzz: LaTeX token soups give a tree or a diagnostic, never an exception', () => {
  const prng = createPrng('latex-fuzz-soup');
  for (let n = 0; n < 1500; n++) {
    const length = 1 + prng.int(25);
    let s = '';
    for (let k = 0; k < length; k++) s += TOKENS[prng.int(TOKENS.length)];
    parsesSafely(s);
  }
});

test('fuzz: unbalanced braces are reported', () => {
  const prng = createPrng('latex-fuzz-braces');
  for (let n = 0; n < 200; n++) {
    let s = '';
    for (let k = 0; k < 20; k++) s += ['{', '}', 'x', '\\frac', '^'][prng.int(5)];
    parsesSafely(s);
  }
  assert.equal(parseLatex('{{x}').diagnostics[0]?.code, 'unbalanced-brace');
});

test('fuzz: a 100 KB formula returns (a diagnostic or a tree)', () => {
  const terms: string[] = [];
  for (let k = 0; terms.join('+').length < 99_000; k++) terms.push(`\\frac{a_{${k}}}{b}`);
  parsesSafely(terms.join('+'));
  parsesSafely('x'.repeat(100_000));
  parsesSafely('x'.repeat(100_001));
});

test('fuzz: 500-deep nesting gives nesting-too-deep', () => {
  const fracs = `${'\\frac{'.repeat(500)}x${'}{2}'.repeat(500)}`;
  const parens = `${'('.repeat(500)}x${')'.repeat(500)}`;
  const scripts = `${'x^{'.repeat(500)}2${'}'.repeat(500)}`;
  const minus = `${'-'.repeat(5000)}x`;
  const sqrt = `${'\\sqrt{'.repeat(2000)}x${'}'.repeat(2000)}`;
  for (const s of [fracs, parens, scripts, minus, sqrt]) {
    parsesSafely(s);
    assert.equal(parseLatex(s).diagnostics[0]?.code, 'nesting-too-deep');
  }
});
