// A fifteenth blind set (test/blind/answers-15.jsonl, 156 answers to 56 problems: 43 bundled (17
// problems), 45 PHYBench (14), 35 SciBench (13), 33 OlympiadBench (12); 85 graded right, 71 wrong),
// written and graded by hand on 2026-11-28 by a physicist who never read the grader, in the habits of
// chat assistants around their result: almost every answer adds something after it (a note on another
// quantity, a unit conversion, a sanity or dimension check, a limiting case, "Key formulas used", a
// comparison, a follow-up offer). 170 were written; 14 are left out because `scripts/blind-agreement.mjs`
// cannot name their problems (SciBench thermo 5.4 and quan 2.13 are ids two problems share; OlympiadBench
// 1485, 1483 and 1188 are not imported). Held out for the whole session: 70/85 graded right accepted and
// 70/71 graded wrong rejected at acf55db, and the same after every rule of the session that landed (the
// concluding-statement rule for remarks of another quantity, classes 126–132) — none of them moved a
// verdict of this set. Its misses are not examined yet; b15-055 (quan 5.8: the answer reports ⟨w²⟩ = 3/2
// as its result where ⟨w⟩ = 1 is asked) is accepted. Note: PHYBench 43, 453, 50 and 419 are also in
// set 16, a development set of the same session (not landed). The author flagged references they believe wrong and
// skipped them (PHYBench 55, 259, 121, 636, 88; OlympiadBench 1015; SciBench class 2.24 B, 8.38, 8.12,
// 9.12, thermo 9.7).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 15',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-15.jsonl'),
  minRows: 150,
  rightAcceptedFloor: { bundled: 21, phybench: 20, scibench: 15, olympiadbench: 14 },
  knownFalseAccepts: {
    'b15-055':
      'quan 5.8 asks ⟨w⟩ = 1; the answer computes ⟨w⟩ on the way and reports ⟨w²⟩ = 3/2 as its result (not examined yet)',
  },
});
