// A seventeenth blind set (test/blind/answers-17.jsonl, 159 answers to 65 problems: 46 bundled (18
// problems), 40 PHYBench (17), 33 SciBench (14), 40 OlympiadBench (16); 92 graded right, 67 wrong),
// written and graded by hand on 2026-11-28 by a physicist who never read the grader, with set 16's
// emphasis (reasoning and open-weight models' own names, definitions made and then used, plain-text math,
// `<think>` working, multi-part answers) on problems set 16 does not use. 170 were written; 11 are left
// out because `scripts/blind-agreement.mjs` cannot name their problems (SciBench thermo 5.4, thermo 17.1
// and quan 2.13 are ids two problems share; OlympiadBench 1463 is not imported). Held out to measure
// whether the classes set 16 showed generalise: 82/92 graded right accepted and 67/67 graded wrong
// rejected at acf55db, and the same after every rule of the session that landed (the concluding-statement
// rule for remarks of another quantity, classes 126–132). Its misses are not examined yet (a function at a
// point the answer names, `\eta(x_0)` with `x_0 \approx 2.27` for `\eta(2.27)`; definitions made and then
// used, `a_0`, `s = \sin(\theta/2)`; a force with its direction `(0.829 N) \hat\imath`).
// The author flagged references they believe wrong and skipped them (PHYBench 259, 55, 121, 89, 88;
// SciBench class 3.2, 8.38, thermo 8.14; OlympiadBench 803, 1028).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 17',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-17.jsonl'),
  minRows: 150,
  rightAcceptedFloor: { bundled: 25, phybench: 23, scibench: 16, olympiadbench: 18 },
  knownFalseAccepts: {},
});
