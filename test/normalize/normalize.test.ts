import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Node } from '../../src/core/tree.js';
import { parseLatex } from '../../src/latex/parse-latex.js';
import { canonicalText } from '../../src/normalize/canonical-text.js';
import { expandPlusMinus } from '../../src/normalize/expand-plus-minus.js';
import { rewriteBottomUp } from '../../src/normalize/map-children.js';
import { normalize } from '../../src/normalize/normalize.js';
import { close, evaluate } from './trees.js';

/** One row of normalize-cases.jsonl: LaTeX in, the normalized tree's value, text, dims or codes out. */
interface Case {
  readonly id: string;
  readonly latex: string;
  readonly constants?: Record<string, string>;
  readonly imaginaryUnit?: boolean;
  readonly env?: Record<string, number>;
  readonly value?: number;
  readonly canonical?: string;
  readonly dims?: number[][];
  /** Codes of error and warning diagnostics, in order (default: none). */
  readonly codes?: string[];
  /** Codes of info diagnostics, when the row checks them. */
  readonly infoCodes?: string[];
}

const rows = readFileSync(new URL('./normalize-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Case);

function dimsOf(tree: Node): number[][] {
  const out: number[][] = [];
  rewriteBottomUp(tree, (n) => {
    if (n.type === 'number' && n.dim !== undefined) out.push([...n.dim]);
    return n;
  });
  return out;
}

for (const row of rows) {
  test(`normalize: ${row.id}`, () => {
    const parsed = parseLatex(row.latex);
    assert.ok(parsed.ok, `parse failed: ${JSON.stringify(parsed.diagnostics)}`);
    const options = {
      ...(row.constants === undefined ? {} : { constants: row.constants }),
      ...(row.imaginaryUnit === undefined ? {} : { imaginaryUnit: row.imaginaryUnit }),
    };
    const { tree, diagnostics } = normalize(parsed.tree, options);
    const loud = diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code);
    assert.deepEqual(loud, row.codes ?? [], JSON.stringify(diagnostics));
    if (row.infoCodes !== undefined) {
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === 'info').map((d) => d.code),
        row.infoCodes,
      );
    }
    for (const d of diagnostics) if (d.where === undefined) assert.ok(d.span, `${d.code} has no span`);
    if (row.value !== undefined) {
      const got = evaluate(tree, row.env ?? {});
      assert.ok(close(got, row.value, 1e-9), `value ${got}, expected ${row.value}`);
    }
    if (row.canonical !== undefined) assert.equal(canonicalText(tree), row.canonical);
    if (row.dims !== undefined) assert.deepEqual(dimsOf(tree), row.dims);
  });
}

test('normalize: is deterministic and leaves its input unchanged', () => {
  const parsed = parseLatex('F = k\\frac{q_1 q_2}{r^2}');
  assert.ok(parsed.ok);
  const before = JSON.stringify(parsed.tree);
  const constants = { k: '\\frac{1}{4\\pi\\varepsilon_0}', '\\varepsilon_0': '\\varepsilon_0' };
  const a = normalize(parsed.tree, { constants });
  const b = normalize(parsed.tree, { constants: { ...constants } });
  assert.deepEqual(a, b);
  assert.equal(JSON.stringify(parsed.tree), before);
});

test('normalize: k = 1/(4πε₀) from the map and the formula written with ε₀ agree symbolically after substitution', () => {
  const withK = parseLatex('k\\frac{q_1 q_2}{r^2}');
  const withEps = parseLatex('\\frac{1}{4\\pi\\varepsilon_0}\\frac{q_1 q_2}{r^2}');
  assert.ok(withK.ok && withEps.ok);
  const eps = { '\\varepsilon_0': '\\varepsilon_0' };
  const a = normalize(withK.tree, { constants: { k: '\\frac{1}{4\\pi\\varepsilon_0}', ...eps } });
  const b = normalize(withEps.tree, { constants: eps });
  assert.equal(canonicalText(a.tree), canonicalText(b.tree));
});

/** Canonical text after parsing and normalizing (no constants). */
const canon = (latex: string): string => {
  const parsed = parseLatex(latex);
  assert.ok(parsed.ok, latex);
  return canonicalText(normalize(parsed.tree).tree);
};

test('normalize + canonical text: invariant under operand order and sides, from LaTeX', () => {
  for (const [a, b] of [
    ['a+b', 'b+a'],
    ['x = y', 'y = x'],
    ['a > b', 'b < a'],
    ['a \\ge b', 'b \\le a'],
    ['2\\pi r', 'r \\cdot 2 \\pi'],
    ['v = v_0 + a t', 'v_0 + t a = v'],
    ['\\frac{m v^2}{r}', 'm\\frac{v^2}{r}'],
    ['x(t) = v t', 'x = t v'],
  ]) {
    assert.equal(canon(a!), canon(b!), `${a} vs ${b}`);
  }
});

test('normalize + canonical text: sensitive where it must be, from LaTeX', () => {
  for (const [a, b] of [
    ['a-b', 'b-a'],
    ['\\frac{a}{b}', '\\frac{b}{a}'],
    ['a < b', 'b < a'],
    ['x(0)', 'x'],
    ['M/m', 'm/M'],
    ['x = v t', 'x = v'],
    ["x'", 'x'],
  ]) {
    assert.notEqual(canon(a!), canon(b!), `${a} vs ${b}`);
  }
});

test('normalize + ±: the quadratic formula gives two branches, ∓ the opposite sign', () => {
  const quadratic = parseLatex('x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
  assert.ok(quadratic.ok);
  const branches = expandPlusMinus(normalize(quadratic.tree).tree);
  assert.equal(branches.length, 2);
  const env = { a: 1, b: -3, c: 2 };
  const roots = branches.map((t) => (t.type === 'relation' ? evaluate(t.args[1]!, env) : Number.NaN));
  assert.deepEqual(roots, [2, 1]);
  const mp = parseLatex('a \\pm b \\mp c');
  assert.ok(mp.ok);
  const values = expandPlusMinus(normalize(mp.tree).tree).map((t) => evaluate(t, { a: 10, b: 2, c: 1 }));
  assert.deepEqual(values, [11, 9]);
});
