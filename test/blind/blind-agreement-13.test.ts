// A thirteenth blind set (test/blind/answers-13.jsonl, 153 answers to 64 problems: 39 bundled, 38 PHYBench,
// 38 SciBench, 38 OlympiadBench; 85 graded right, 68 wrong), written and graded by hand on 2026-11-28 by
// an author who read neither the grader's code nor the other sets, on problems drawn at random (seed 13),
// in the habits of open-weight models: long `<think>` blocks, reasoning in Chinese with the answer in
// English or LaTeX, python blocks with their printed output, plain-text math, answers stated twice.
// Held out while that session's rules were built: 82/85 graded right accepted and 68/68 graded wrong
// rejected at 5edd311, and the same after every other landing. Then the classes it showed were fixed (a
// condition after the result, "(requires $R^2 > 2l^2$)", and a remark, "because $\tilde\nu = 214\
// \text{cm}^{-1}$ is small", read as its conclusion; a magnitude "pointing straight down"): 85/85. From
// then on it guards those numbers and serves as a development set. The author flagged references they
// believe wrong and skipped them (PHYBench 55; OlympiadBench 859, 1060; SciBench thermo:9.7).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 13',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-13.jsonl'),
  minRows: 150,
  rightAcceptedFloor: { bundled: 21, phybench: 21, scibench: 22, olympiadbench: 21 },
  knownFalseAccepts: {},
});
