// A second, held-out blind set (test/blind/answers-2.jsonl, 251 answers): written and graded by hand by
// an author who read neither the grader's code nor the first set, and measured before any rule was
// tuned on it. It landed after the rules it measures, so it guards them: no answer graded wrong may
// be accepted beyond the known ones below, and the answers graded right that we accept may not fall
// below what the set measured when it landed (docs/accuracy.md, "Blind set").
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type BlindResult,
  measureBlind,
  readBlindAnswers,
  type Source,
} from '../../scripts/blind-agreement.mjs';
import { runCli } from '../helpers/cli.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const ANSWERS = join(fileURLToPath(new URL('.', import.meta.url)), 'answers-2.jsonl');

/**
 * Measured when the set landed (2026-11-27): 46/54, 25/27, 29/37, 22/26 right accepted; raised as
 * classes were fixed (values in other units read by dimension: 48, 25, 32, 23; plain-text answers
 * read as written — units outside the math, bare unit letters, `%`, bars, ion charges, bold values:
 * 52, 25, 37, 24; symbolic forms — equations solved up to a factor, ± pairs under one name, the
 * answer's definitions through a power or in components, values stated after "has": 53, 27, 37, 25).
 */
const RIGHT_ACCEPTED_FLOOR: Readonly<Record<Source, number>> = {
  bundled: 53,
  phybench: 27,
  scibench: 37,
  olympiadbench: 25,
};

/**
 * Answers graded wrong that the grader accepts, by design of its 1% floor (a relative difference
 * always accepted between inexact values, for constants known to 3–4 figures): each is a known gap.
 * (b2-173, the inverse ratio 1.0008 for 0.9992, was one until a problem with exact data — a text
 * writing no measured value — was graded at the written precision, without the floor.)
 */
const KNOWN_FALSE_ACCEPTS: Readonly<Record<string, string>> = {
  'b2-190':
    'the ideal-gas 27.0 bar for the van der Waals 26.9 bar is one unit in the last place (0.4%): inside the 1% floor, and the problem gives measured data (a gas constant enters)',
};

const rows = readBlindAnswers(ANSWERS);
const peers = sharedFile('peers');
const measured = measureBlind({ run: runCli, rows, peersDir: peers ?? '/nonexistent/shared/peers' });
measured.catch(() => {}); // each test awaits it and reports the error itself

function falseAccepts(result: BlindResult, source: Source): string[] {
  return result.disagreements.filter((d) => d.source === source && d.hand === 'wrong').map((d) => d.id);
}

test('blind set 2: at least 200 answers, every source graded both ways', () => {
  assert.ok(rows.length >= 200, `${rows.length} answers`);
  for (const source of ['bundled', 'phybench', 'scibench', 'olympiadbench'] as const)
    for (const grade of ['right', 'wrong'] as const)
      assert.ok(
        rows.some((r) => r.source === source && r.grade === grade),
        `${source} has ${grade} answers`,
      );
});

for (const source of ['bundled', 'phybench', 'scibench', 'olympiadbench'] as const) {
  test(`blind set 2, ${source}: no unknown false accept; graded right accepted ≥ floor`, async (t) => {
    const result = await measured;
    const s = result.sources.find((x) => x.source === source);
    assert.ok(s !== undefined);
    if (s.status === 'skipped') {
      t.skip(missingShared('peers'));
      return;
    }
    const unknown = falseAccepts(result, source).filter((id) => KNOWN_FALSE_ACCEPTS[id] === undefined);
    assert.deepEqual(unknown, [], 'answers graded wrong by hand must be rejected');
    assert.ok(
      s.right.accepted >= RIGHT_ACCEPTED_FLOOR[source],
      `regression: ${s.right.accepted}/${s.right.total} graded right accepted, floor ${RIGHT_ACCEPTED_FLOOR[source]}`,
    );
  });
}

for (const [id, why] of Object.entries(KNOWN_FALSE_ACCEPTS)) {
  test(`blind set 2, ${id} is rejected`, { todo: why }, async (t) => {
    const result = await measured;
    if (result.sources.every((s) => s.status === 'skipped')) return t.skip(missingShared('peers'));
    const accepted = result.disagreements.some((d) => d.id === id && d.hand === 'wrong');
    assert.equal(accepted, false, `${id} accepted`);
  });
}
