import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkEquivalence } from '../../src/equivalence/index.js';
import { type MatcherCase, readMatcherCases, scorerMatches } from './matcher-cases.js';

// Formula pairs found by triaging the disagreements between the sample answers' node labels and
// what `prism score` matches (scripts/label-agreement.ts). One test per row: the scoring pipeline
// must match node `b` from an answer writing `a` iff `expected` is `equivalent`, and (unless the row
// is scoped to the pipeline) `checkEquivalence(a, b)` must give `expected`. Rows the matcher gets
// wrong today carry `todo` with the reason, so the suite stays green until the fix lands.
const rows = readMatcherCases();

test('matcher cases: well-formed rows, unique ids', () => {
  const ids = new Set<string>();
  for (const row of rows) {
    assert.ok(typeof row.id === 'string' && row.id !== '', `row without id: ${JSON.stringify(row)}`);
    assert.ok(!ids.has(row.id), `duplicate id ${row.id}`);
    ids.add(row.id);
    assert.ok(['equivalent', 'different'].includes(row.expected), `${row.id}: expected ${row.expected}`);
    assert.ok(typeof row.a === 'string' && typeof row.b === 'string', `${row.id}: a and b are strings`);
    assert.ok(typeof row.note === 'string' && row.note !== '', `${row.id}: note`);
  }
});

function check(row: MatcherCase): void {
  const options = row.constants === undefined ? {} : { constants: row.constants };
  const verdict = checkEquivalence(row.a, row.b, options).verdict;
  const matched = scorerMatches(row);
  const where = `${row.id} (${row.note}); checkEquivalence says ${verdict}, prism score ${matched ? 'matches' : 'does not match'} the node`;
  assert.equal(matched, row.expected === 'equivalent', `scoring pipeline: ${where}`);
  if (row.scope !== 'score') assert.equal(verdict, row.expected, `checker: ${where}`);
}

for (const row of rows) {
  test(
    `${row.id}: ${row.a}  vs  ${row.b} → ${row.expected}`,
    row.todo === undefined ? {} : { todo: row.todo },
    () => check(row),
  );
}
