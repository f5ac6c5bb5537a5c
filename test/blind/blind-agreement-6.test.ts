// A sixth blind set (test/blind/answers-6.jsonl, 299 answers: 82 bundled, 80 PHYBench, 72 SciBench, 65
// OlympiadBench; 165 graded right, 134 wrong), written and graded by hand on 2026-11-27 by an author
// who read neither the grader's code nor the other sets, on problems drawn at random (seed 6), in
// chat-model styles (88 structured with a box, 83 terse, 45 `$…$`, 40 self-revising, 36 plain Unicode,
// 7 bulleted parts). Held out while that day's rules were built on sets 1–5: measured at b2528a3,
// 154/165 graded right accepted (bundled 47/49, PHYBench 40/41, SciBench 37/39, OlympiadBench 30/36)
// and 131/134 graded wrong rejected; at the end of that day's work 156/165 (48, 40, 37, 31) and
// 131/134, the same three false accepts; then 159/165 (SciBench 38, OlympiadBench 33: a unit whose
// powers are written in math of their own, a prefix in math before its unit's letters, a reference
// value written as a statement of its quantity taking the source's unit); then 163/165 (SciBench 39,
// OlympiadBench 36: an acceleration in g units, a value restated in parentheses in plain text, a value
// stated in the closing prose); then 164/165 (bundled 49: b6-292, γ_cm in W, W defined by a chain and
// restated by its last link).
// b6-299 (a range of two expressions in plain text, `t ≈ π√… to 2π√…`), a known false accept, is now
// rejected as a hedge. b6-034 (part (a) concluded with the inverted Brewster angle θ_B = arctan(n1/n2)),
// a known false accept, is rejected: the bundled opt-03 does list part (a)'s final answer
// (tan θ_B = n2/n1), which the explicit check found unmet; the final nodes rescued it, node 1 matched by
// the answer's own Snell step (n1 sin θ_B = n2 cos θ_B). The closing box restating the three parts now
// concludes them, and θ_B stated through arctan states tan θ_B. From then on it guards those numbers and, like the others,
// serves as a development set. SciBench problem ids are copied from the source with its leading space
// (`fund: 4.06`); the measurement compares them trimmed.
// b6-136 (PHYBench 10, graded right, rejected): the problem asks for the magnitude of the field on the
// conductor's surface, and the source's reference is its signed y-component, negative wherever the
// charge's coordinates are positive: the reference has a flipped sign for what is asked. The record
// says so (`reference-suspect`); the answer, the magnitude, is graded against the reference as written.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 6',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-6.jsonl'),
  minRows: 290,
  rightAcceptedFloor: { bundled: 49, phybench: 40, scibench: 39, olympiadbench: 36 },
  knownFalseAccepts: {
    'b6-037':
      'T_i = 288.1 K for 288.7 K (0.2%) from a method that leaves out a film resistance: inside the tolerance a rounded constant needs (the same gap as b2-190 and b5-178)',
  },
});
