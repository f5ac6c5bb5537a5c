import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { printTree } from '../../src/core/print-tree.js';
import { parseLatex } from '../../src/latex/index.js';

interface Row {
  readonly name: string;
  readonly latex: string;
  readonly tree: string;
}

const rows = readFileSync(new URL('./constructs.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Row);

for (const row of rows) {
  test(`parse: ${row.name}: ${row.latex}`, () => {
    const result = parseLatex(row.latex);
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    assert.equal(printTree(result.tree), row.tree);
  });
}
