import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RelOp } from '../../src/core/tree.js';
import { parseLatex } from '../../src/latex/index.js';
import { canonicalAssignment, closeTo, evaluateAt, normalizedTree } from './evaluate-at.js';
import { KNOWN_FAILURES } from './known-failures.js';
import { type ParseRow, readCorpus } from './read-corpus.js';

// The parse/evaluate corpus: real physics LaTeX in seven domains, each row checked end to end
// (parse → normalize → compile → evaluate) against a value computed independently with sympy.
const rows = readCorpus<ParseRow>('fixtures/parse');

for (const { file, line, row } of rows) {
  const todo = KNOWN_FAILURES[row.id];
  test(`${row.id} [${row.domain}] ${row.latex}`, todo === undefined ? {} : { todo }, () => {
    const where = `${file}:${line}`;
    if (row.error !== undefined) {
      checkError(row, row.error, where);
      return;
    }
    if (row.items !== undefined) {
      checkItems(row, row.items, where);
      return;
    }
    const values = canonicalAssignment(row.at ?? {});
    if (typeof values === 'string') assert.fail(`${where}: ${values}`);
    const tree = normalizedTree(row.latex);
    if (typeof tree === 'string') assert.fail(`${where}: ${tree}`);
    if (row.value !== undefined) {
      const got = evaluateAt(tree, values);
      if (!got.ok) assert.fail(`${where}: ${got.why}`);
      assert.ok(closeTo(got.value, row.value), `${where}: got ${got.value}, want ${row.value}`);
      return;
    }
    assert.equal(tree.type, 'relation', `${where}: expected a relation, got ${tree.type}`);
    if (tree.type !== 'relation') return;
    assert.equal(tree.args.length, 2, `${where}: expected one relation, got a chain`);
    const [left, right] = tree.args;
    const l = evaluateAt(left!, values);
    const r = evaluateAt(right!, values);
    if (!l.ok || !r.ok) assert.fail(`${where}: ${l.ok ? '' : l.why} ${r.ok ? '' : r.why}`);
    assert.equal(
      relationHolds(tree.ops[0]!, l.value, r.value),
      row.holds,
      `${where}: ${l.value} vs ${r.value}`,
    );
  });
}

function checkError(row: ParseRow, code: string, where: string): void {
  const parsed = parseLatex(row.latex);
  const found = parsed.diagnostics.filter((d) => d.code === code);
  assert.ok(
    found.some((d) => d.severity === 'error'),
    `${where}: want error ${code}, got ${JSON.stringify(parsed.diagnostics.map((d) => [d.code, d.severity]))}`,
  );
}

function checkItems(row: ParseRow, items: number, where: string): void {
  const parsed = parseLatex(row.latex);
  if (!parsed.ok) assert.fail(`${where}: ${JSON.stringify(parsed.diagnostics)}`);
  assert.equal(parsed.tree.type, 'list', `${where}: expected a list, got ${parsed.tree.type}`);
  if (parsed.tree.type === 'list') assert.equal(parsed.tree.items.length, items, where);
}

/** Whether `l op r` holds, with equality judged at the corpus tolerance. */
function relationHolds(op: RelOp, l: number, r: number): boolean {
  switch (op) {
    case '=':
      return closeTo(l, r);
    case '<':
      return l < r;
    case '<=':
      return l <= r || closeTo(l, r);
    case '>':
      return l > r;
    case '>=':
      return l >= r || closeTo(l, r);
    case '!=':
      return !closeTo(l, r);
    default:
      throw new Error(`relation ${op} has no truth value in this corpus`);
  }
}
