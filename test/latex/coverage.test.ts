import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coverage, olympiadFormulas, prismFormulas } from '../../scripts/parse-coverage.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const PRISM = 'peers/prism-physics/dag_02_subset.json';
const OLYMPIAD = 'peers/olympiadbench-physics/English_Olympiad_Physics.json';

test('coverage: all 131 PRISM grading_standard formulas parse', (t) => {
  const path = sharedFile(PRISM);
  if (path === undefined) return t.skip(missingShared(PRISM));
  const c = coverage(prismFormulas(path));
  assert.equal(c.total, 131);
  assert.deepEqual(c.failures, []);
  assert.equal(c.ok, 131);
});

test('coverage: at least 99 % of OlympiadBench display formulas parse without an error', (t) => {
  const path = sharedFile(OLYMPIAD);
  if (path === undefined) return t.skip(missingShared(OLYMPIAD));
  const c = coverage(olympiadFormulas(path));
  assert.ok(c.total > 2000, `only ${c.total} formulas found`);
  const rate = c.ok / c.total;
  assert.ok(
    rate >= 0.99,
    `parse rate ${(100 * rate).toFixed(2)} % < 99 %: ${c.failures
      .slice(0, 5)
      .map((f) => f.code)
      .join(', ')}`,
  );
});
