// The guard every held-out blind set runs in CI: no answer graded wrong by hand may be accepted
// beyond the set's known gaps, and the answers graded right that we accept may not fall below the
// set's floors (what it measured when it landed, raised as classes were fixed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type BlindResult,
  type BlindRow,
  measureBlind,
  readBlindAnswers,
  type Source,
} from '../../scripts/blind-agreement.mjs';
import { runCli } from '../helpers/cli.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const SOURCES = ['bundled', 'phybench', 'scibench', 'olympiadbench'] as const;

export interface BlindSetGuard {
  /** How the tests name the set (`blind set 3`). */
  readonly name: string;
  /** The answers file (JSONL, see scripts/blind-agreement.mjs). */
  readonly file: string;
  /** Fewest answers the set holds. */
  readonly minRows: number;
  /** Graded right and accepted, per source: the floor. */
  readonly rightAcceptedFloor: Readonly<Record<Source, number>>;
  /** Answers graded wrong that the grader accepts, each with why: todo tests. */
  readonly knownFalseAccepts: Readonly<Record<string, string>>;
}

/**
 * Registers the set's tests: its size and grades, one test per source, one todo per known gap.
 * Returns the rows and the measurement, for a set's own further tests.
 */
export function guardBlindSet(guard: BlindSetGuard): {
  readonly rows: readonly BlindRow[];
  readonly measured: Promise<BlindResult>;
} {
  const rows = readBlindAnswers(guard.file);
  const peers = sharedFile('peers');
  const measured = measureBlind({ run: runCli, rows, peersDir: peers ?? '/nonexistent/shared/peers' });
  measured.catch(() => {}); // each test awaits it and reports the error itself

  const falseAccepts = (result: BlindResult, source: Source): string[] =>
    result.disagreements.filter((d) => d.source === source && d.hand === 'wrong').map((d) => d.id);

  test(`${guard.name}: at least ${guard.minRows} answers, every source graded both ways`, () => {
    assert.ok(rows.length >= guard.minRows, `${rows.length} answers`);
    for (const source of SOURCES)
      for (const grade of ['right', 'wrong'] as const)
        assert.ok(
          rows.some((r) => r.source === source && r.grade === grade),
          `${source} has ${grade} answers`,
        );
  });

  for (const source of SOURCES) {
    test(`${guard.name}, ${source}: no unknown false accept; graded right accepted ≥ floor`, async (t) => {
      const result = await measured;
      const s = result.sources.find((x) => x.source === source);
      assert.ok(s !== undefined);
      if (s.status === 'skipped') {
        t.skip(missingShared('peers'));
        return;
      }
      const unknown = falseAccepts(result, source).filter((id) => guard.knownFalseAccepts[id] === undefined);
      assert.deepEqual(unknown, [], 'answers graded wrong by hand must be rejected');
      const floor = guard.rightAcceptedFloor[source];
      assert.ok(
        s.right.accepted >= floor,
        `regression: ${s.right.accepted}/${s.right.total} graded right accepted, floor ${floor}`,
      );
    });
  }

  for (const [id, why] of Object.entries(guard.knownFalseAccepts)) {
    test(`${guard.name}, ${id} is rejected`, { todo: why }, async (t) => {
      const result = await measured;
      if (result.sources.every((s) => s.status === 'skipped')) return t.skip(missingShared('peers'));
      const accepted = result.disagreements.some((d) => d.id === id && d.hand === 'wrong');
      assert.equal(accepted, false, `${id} accepted`);
    });
  }
  return { rows, measured };
}
