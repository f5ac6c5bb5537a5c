// An eleventh blind set (test/blind/answers-11.jsonl, 206 answers to 81 problems: 61 bundled, 61 PHYBench,
// 29 SciBench, 55 OlympiadBench; 114 graded right, 92 wrong), written and graded by hand on 2026-11-27 by
// an author who read neither the grader's code nor the other sets, on problems drawn at random (seed 11),
// two thirds of them answering with an expression (renamed, expanded, factored, relation forms such as
// `\tan\varphi = …`, constants substituted, plain text), each checked with sympy. Held out while that
// evening's rules were built: measured at c56e2d0 and again after every other landing, both times
// 112/114 graded right accepted and 92/92 graded wrong rejected. Then the class it showed was fixed (an
// expression after `\text{located at }` read as a second value of the quantity): 113/114. From then on it
// guards those numbers and serves as a development set. b11-059 (Γ = (γ−1)μg/(γR) for μg/c_p) was then
// fixed as a class (the adiabatic index read through Mayer's relation for an ideal gas): 114/114. The
// author flagged references they believe wrong and
// skipped them (PHYBench 55, 420; OlympiadBench 957).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 11',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-11.jsonl'),
  minRows: 200,
  rightAcceptedFloor: { bundled: 32, phybench: 37, scibench: 15, olympiadbench: 30 },
  knownFalseAccepts: {},
});
