// A twelfth blind set (test/blind/answers-12.jsonl, 186 answers to 86 problems: 67 bundled, 34 PHYBench,
// 50 SciBench, 35 OlympiadBench; 106 graded right, 80 wrong), written and graded by hand on 2026-11-28 by
// an author who read neither the grader's code nor the other sets, on problems drawn at random (seed 12):
// two thirds numeric answers with units in every spelling and prefix, 27% multi-part. Held out while
// that session's rules were built: 105/106 graded right accepted and 80/80 graded wrong rejected at
// 5edd311, and the same after every other landing (b12-137: a bare magnitude in prose, "moving downward
// with speed $\sqrt{3gl\sin\theta_0}$", for v = −√(…), is not read; then read as class 127: 106/106). From
// then on it guards those numbers and serves as a development set. The author flagged references they believe wrong and skipped them
// (OlympiadBench 1442, 1289, 1277; SciBench class:Problem 9.12).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 12',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-12.jsonl'),
  minRows: 180,
  rightAcceptedFloor: { bundled: 37, phybench: 19, scibench: 28, olympiadbench: 22 },
  knownFalseAccepts: {},
});
