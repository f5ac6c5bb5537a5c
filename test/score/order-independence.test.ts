import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledAnswers } from '../../bench/fresh-answers.js';
import { createScorer } from '../../src/score/create-scorer.js';

// A scorer's caches (answer formulas, pair verdicts, fingerprints, compiled equations) change how
// fast a record is made, never what it says: the bundled answers scored in their order by one
// scorer and in reverse order by another give byte-identical records, and the same work.
test('bundled answers scored in two orders give byte-identical records and work', () => {
  const { problems, answers } = bundledAnswers();
  const score = (order: readonly number[]) => {
    const scorer = createScorer(problems);
    const out = new Map<number, { record: string; work: number }>();
    for (const i of order) {
      const a = answers[i]!;
      const record = JSON.stringify(scorer.scoreResponse(a.problemId, a.text));
      out.set(i, { record, work: scorer.lastWork() });
    }
    return out;
  };
  const indices = answers.map((_, i) => i);
  const forward = score(indices);
  const backward = score([...indices].reverse());
  assert.ok(answers.length >= 200, `${answers.length} bundled answers`);
  const differ = indices.filter((i) => forward.get(i)!.record !== backward.get(i)!.record);
  assert.deepEqual(
    differ.map((i) => answers[i]!.id ?? `#${i}`),
    [],
    'records that depend on what the scorer saw before',
  );
  const work = indices.filter((i) => forward.get(i)!.work !== backward.get(i)!.work);
  assert.deepEqual(
    work.map((i) => answers[i]!.id ?? `#${i}`),
    [],
    'work that depends on what the scorer saw before',
  );
});
