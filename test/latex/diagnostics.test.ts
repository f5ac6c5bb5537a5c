import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTree } from '../../src/core/print-tree.js';
import type { Node } from '../../src/core/tree.js';
import { LATEX_CODES, parseLatex } from '../../src/latex/index.js';

function codeOf(latex: string): string | undefined {
  const result = parseLatex(latex);
  return result.ok ? undefined : result.diagnostics.find((d) => d.severity === 'error')?.code;
}

const cases: readonly [string, string, string][] = [
  ['empty input', '   ', 'empty-input'],
  ['only delimiters', '$$  $$', 'empty-input'],
  ['unclosed brace', '\\frac{a}{b', 'unbalanced-brace'],
  ['stray closing brace', 'a + b}', 'unbalanced-brace'],
  ['unknown command', '\\foo x', 'unknown-command'],
  ['operator without operand', 'a + ', 'missing-operand'],
  ['relation without right side', 'a = ', 'missing-operand'],
  ['unclosed parenthesis', '(a + b', 'unbalanced-delimiter'],
  ['left without right', '\\left( a', 'unbalanced-delimiter'],
  ['stray closing parenthesis', 'a + b)', 'unbalanced-delimiter'],
  ['prose', 'The answer is that the ball moves with the speed we found.', 'not-a-formula'],
  ['text only', '\\text{No or incorrect total energy}', 'not-a-formula'],
  ['unexpected token', 'a = b # c', 'unexpected-token'],
];

for (const [name, latex, code] of cases) {
  test(`diagnostic ${code}: ${name}`, () => {
    assert.equal(codeOf(latex), code);
    assert.ok(code in LATEX_CODES);
  });
}

test('diagnostic input-too-large beyond maxLength', () => {
  assert.equal(codeOf('x'.repeat(100_001)), 'input-too-large');
  const small = parseLatex('a + b', { maxLength: 3 });
  assert.equal(small.ok, false);
  assert.equal(small.diagnostics[0]?.code, 'input-too-large');
});

test('diagnostic nesting-too-deep for deep groups, within maxDepth otherwise', () => {
  assert.equal(codeOf(`${'('.repeat(300)}x${')'.repeat(300)}`), 'nesting-too-deep');
  assert.equal(codeOf(`${'('.repeat(50)}x${')'.repeat(50)}`), undefined);
  assert.equal(
    parseLatex(`${'('.repeat(50)}x${')'.repeat(50)}`, { maxDepth: 20 }).diagnostics[0]?.code,
    'nesting-too-deep',
  );
});

test('offset units parse as units without a warning (normalization converts a stated temperature)', () => {
  const result = parseLatex('T = 25^\\circ C');
  assert.ok(result.ok);
  assert.deepEqual(result.diagnostics, []);
  assert.equal(printTree(result.tree), 'T = 25*[°C]');
});

test('diagnostics carry a span inside the source', () => {
  const source = 'a + \\foo{b}';
  const result = parseLatex(source);
  const d = result.diagnostics[0]!;
  assert.deepEqual(d.span, { start: 4, end: 8 });
  assert.equal(source.slice(d.span!.start, d.span!.end), '\\foo');
});

function spans(node: Node, out: { start: number; end: number; type: string }[]): void {
  out.push({ ...node.span, type: node.type });
  const kids: Node[] =
    node.type === 'binary'
      ? [node.left, node.right]
      : node.type === 'unary'
        ? [node.arg]
        : node.type === 'relation' || node.type === 'call' || node.type === 'apply'
          ? [...node.args]
          : node.type === 'list'
            ? [...node.items]
            : node.type === 'integral'
              ? [node.integrand]
              : node.type === 'differential'
                ? [node.of]
                : [];
  for (const k of kids) spans(k, out);
}

test('every node span lies inside the source and symbols point at their text', () => {
  const source = '$$ F = \\frac{G M m}{r^2} + \\int_0^R \\rho\\, dr, \\quad v_{0} = 3\\,\\mathrm{m/s} $$';
  const result = parseLatex(source);
  assert.ok(result.ok);
  const all: { start: number; end: number; type: string }[] = [];
  spans(result.tree, all);
  for (const s of all)
    assert.ok(s.start >= 0 && s.end <= source.length && s.start <= s.end, JSON.stringify(s));
  const r = parseLatex('x = v_{0} t');
  assert.ok(r.ok && r.tree.type === 'relation');
  const rhs = r.tree.args[1]!;
  assert.ok(rhs.type === 'binary');
  assert.equal('x = v_{0} t'.slice(rhs.left.span.start, rhs.left.span.end), 'v_{0}');
});

test('a block of formulas gives a list with one item per formula', () => {
  const result = parseLatex('a = 1, b = 2');
  assert.ok(result.ok);
  assert.equal(result.tree.type, 'list');
  assert.equal(result.tree.type === 'list' ? result.tree.items.length : 0, 2);
});

test('vector and upright flags', () => {
  const v = parseLatex('\\vec{F}');
  assert.ok(v.ok && v.tree.type === 'symbol');
  assert.equal(v.tree.type === 'symbol' && v.tree.vector, true);
  const e = parseLatex('\\mathrm{e}');
  assert.ok(e.ok && e.tree.type === 'symbol' && e.tree.upright === true && e.tree.name === 'e');
  const plain = parseLatex('e');
  assert.ok(plain.ok && plain.tree.type === 'symbol' && plain.tree.upright === undefined);
});

test('number raw keeps the source spelling of folded scientific notation', () => {
  const r = parseLatex('1.08\\times10^{45}');
  assert.ok(r.ok && r.tree.type === 'number');
  assert.equal(r.tree.type === 'number' && r.tree.raw, '1.08\\times10^{45}');
  assert.equal(r.tree.type === 'number' && r.tree.value, 1.08e45);
});
