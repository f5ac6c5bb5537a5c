import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Verdict } from '../../src/core/tree.js';
import { checkEquivalence } from '../../src/equivalence/index.js';
import type { EquivalenceMode, EquivalenceOptions } from '../../src/equivalence/types.js';
import { KNOWN_FAILURES } from './known-failures.js';
import { type EquivalenceRow, readCorpus } from './read-corpus.js';

// The formula-equivalence corpus: pairs of real physics formulas with the verdict a physicist gives
// (checked numerically with sympy when the corpus was written). One test per row, then a summary.
const rows = readCorpus<EquivalenceRow>('fixtures/equivalence');
const verdicts = new Map<string, Verdict>();

/** The checker's verdict for a row in a mode, computed once per run. */
function verdictOf(row: EquivalenceRow, mode: EquivalenceMode): Verdict {
  const key = `${row.id}/${mode}`;
  let v = verdicts.get(key);
  if (v === undefined) {
    const options: EquivalenceOptions =
      row.constants === undefined ? { mode } : { mode, constants: row.constants };
    v = checkEquivalence(row.a, row.b, options).verdict;
    verdicts.set(key, v);
  }
  return v;
}

for (const { file, line, row } of rows) {
  const todo = KNOWN_FAILURES[row.id];
  test(`${row.id} [${row.category}] ${row.a}  vs  ${row.b}`, todo === undefined ? {} : { todo }, () => {
    const where = `${file}:${line} (${row.note})`;
    assert.equal(verdictOf(row, 'physical'), row.expected, `physical mode, ${where}`);
    if (row.expected_strict !== undefined || row.category === 'physical-mode') {
      assert.equal(verdictOf(row, 'strict'), row.expected_strict ?? row.expected, `strict mode, ${where}`);
    }
  });
}

test('summary: no near miss is judged equivalent', () => {
  const accepted = rows
    .filter(({ row }) => row.category === 'near-miss')
    .filter(({ row }) => verdictOf(row, 'physical') === 'equivalent')
    .map(({ row }) => `${row.id}: ${row.a}  vs  ${row.b}`);
  assert.deepEqual(accepted, [], `near misses accepted as equivalent:\n${accepted.join('\n')}`);
});
