// A fourteenth blind set (test/blind/answers-14.jsonl, 170 answers to 69 problems: 48 bundled, 41
// PHYBench, 44 SciBench, 37 OlympiadBench; 96 graded right, 74 wrong), written and graded by hand on
// 2026-11-28 by an author who read neither the grader's code nor the other sets, on problems drawn at
// random (seed 14), in the habits of frontier reasoning models: sanity checks and limits after the
// result, the answer in several equivalent forms, summary tables, symbols defined in the answer. Held
// out while that session's rules were built: 93/96 graded right accepted and 74/74 graded wrong
// rejected at 5edd311, and the same after every landing but the last; the last (a condition after the
// result, a class found on set 13) took it to 94/96 without being tuned on it; class 128 (the time the
// problem names, τ, for the reference's t) then read b14-145: 95/96. Left: b14-159.
// The author flagged references they believe wrong and skipped them (PHYBench 55; SciBench thermo:18.37).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 14',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-14.jsonl'),
  minRows: 165,
  rightAcceptedFloor: { bundled: 26, phybench: 22, scibench: 24, olympiadbench: 23 },
  knownFalseAccepts: {},
});
