import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { printLatex } from '../../src/core/print-latex.js';
import { printTree } from '../../src/core/print-tree.js';
import { parseLatex } from '../../src/latex/index.js';

// printLatex must write a tree that parses back to the same tree: the metamorphic generator uses
// a printed pair only then, so every miss here is a rewrite family the generator silently loses.

function corpus(): { name: string; latex: string }[] {
  const rows: { name: string; latex: string }[] = [];
  const add = (path: URL): void => {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as { name?: string; id?: string; latex?: string };
      if (typeof row.latex === 'string')
        rows.push({ name: row.name ?? row.id ?? row.latex, latex: row.latex });
    }
  };
  add(new URL('../latex/constructs.jsonl', import.meta.url));
  const dir = new URL('../../fixtures/parse/', import.meta.url);
  for (const f of readdirSync(dir)) if (f.endsWith('.jsonl')) add(new URL(f, dir));
  return rows;
}

test('printLatex round-trips the parse corpora (tree → LaTeX → the same tree)', () => {
  const misses: string[] = [];
  let printed = 0;
  let total = 0;
  for (const row of corpus()) {
    const r = parseLatex(row.latex);
    if (!r.ok || r.diagnostics.some((d) => d.severity === 'error')) continue;
    total++;
    const text = printLatex(r.tree);
    if (text === undefined) continue; // opaque nodes have no LaTeX of their own
    printed++;
    const back = parseLatex(text);
    const same = back.ok && printTree(back.tree) === printTree(r.tree);
    if (!same) misses.push(`${row.name}: ${row.latex}  →  ${text}`);
  }
  // Measured 2026-11-23: 431 of 441 printed; 8 do not round-trip (implicit products the parser
  // nests to the right, `\dot{x}`, an isotope prescript), each losing its pair, never a wrong one.
  assert.ok(printed >= 0.95 * total, `printed ${printed} of ${total}`);
  assert.ok(misses.length <= 10, `${misses.length} of ${printed} do not round-trip:\n${misses.join('\n')}`);
});

test('printLatex: precedence, scientific literals and units are written so they parse back', () => {
  for (const latex of [
    'x = a - (b - c)',
    'a = (-b)^{2}',
    'y = m \\cdot 2.99792458\\times10^{8}',
    'v = 3\\,\\mathrm{km/h}',
    'x = 2.5\\times10^{3}\\,\\mathrm{mm}',
    'T = 2\\pi\\sqrt{\\frac{L}{g}}',
    '\\omega_{0}^{2} = \\frac{G M}{\\Re_{0}^{3}}',
    'f = \\frac{d}{dx}\\left(x^{2}\\right)',
    'I = \\int_{0}^{1} x^{2}\\,dx',
  ]) {
    const r = parseLatex(latex);
    assert.ok(r.ok, latex);
    const text = printLatex(r.tree)!;
    const back = parseLatex(text);
    assert.ok(back.ok, text);
    assert.equal(printTree(back.tree), printTree(r.tree), `${latex} → ${text}`);
  }
});
