// A third blind set (test/blind/answers-3.jsonl, 312 answers): written and graded by hand on
// 2026-11-27 by an author who read neither the grader's code nor the other sets, in the styles chat
// models write (structured answers with a boxed result, long self-revising reasoning, plain text with
// Unicode, bulleted parts). Measured at b9c4554 before any rule of that day: 142/176 graded right
// accepted (bundled 46/63, PHYBench 30/36, SciBench 37/41, OlympiadBench 29/36), 132/136 graded wrong
// rejected. It then served as a development set (its misses showed the plain-text notation and
// alternative-value classes), so it guards those rules; set 4 stayed held out. b3-224 (3 + 1/6 for
// 3.25) was a known false accept until an exact expression beginning with an integer stopped being
// read as an integer rounded to its ones place; b3-154 (a hedge "E ≈ 47 N/C (or 54 N/C if …)") until a
// value offered in plain text after "or" was read as an alternative. Symbolic answers read as a grader reads them
// (plain-text math with bold and accents, constants in another notation, scalings, look-alike names,
// relations the reference states) raised the floors from 49, 33, 40, 32.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 3',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-3.jsonl'),
  minRows: 300,
  rightAcceptedFloor: { bundled: 63, phybench: 36, scibench: 41, olympiadbench: 36 },
  knownFalseAccepts: {},
});
