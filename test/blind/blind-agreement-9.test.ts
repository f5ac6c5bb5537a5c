// A ninth blind set (test/blind/answers-9.jsonl, 181 answers to 65 problems: 58 bundled, 38 PHYBench,
// 46 SciBench, 39 OlympiadBench; 105 graded right, 76 wrong), written and graded by hand on 2026-11-27 by
// an author who read neither the grader's code nor the other sets, on problems drawn at random (seed 9),
// as full-length transcripts (median 27 lines: 84 structured `### Step` answers, 68 self-revising
// R1/o1-style with a real slip caught, 20 terse, 9 plain Unicode; ~30% multi-part). Held out while that
// evening's rules were built on sets 1–7: measured at 3f52a3e and after the work, both times 102/105 graded
// right accepted and 75/76 graded wrong rejected. Then one class it showed was fixed (a prefix set apart
// from \Omega: OlympiadBench 1355's reference `A(\mu,\Omega,L) = \frac{1}{2}\mu L^{2}\Omega^{2}` did not
// parse): 104/105 (bundled 30/31, PHYBench 21/21, SciBench 29/29, OlympiadBench 24/24). From then on it
// guards those numbers and serves as a development set. The author flagged references they believe wrong
// and skipped them (SciBench class:3.2, class:2.54 B.; OlympiadBench 1013). Later b9-115 (ssm-09's four
// expressions in plain text, `V_bi` for the problem's V_{bi}) was fixed as a class: 105/105.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 9',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-9.jsonl'),
  minRows: 180,
  rightAcceptedFloor: { bundled: 31, phybench: 21, scibench: 29, olympiadbench: 24 },
  knownFalseAccepts: {
    'b9-012':
      'the pressure 26.9 bar is right but the answer calls the repulsive part dominant (a qualitative part not graded)',
  },
});
