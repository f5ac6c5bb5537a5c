// A fifth blind set (test/blind/answers-5.jsonl, 279 answers), written and graded by hand on
// 2026-11-27 by an author who read neither the grader's code nor the other sets, on problems drawn at
// random (seed 5). Held out while that day's rules were built on sets 1–4: measured at 08bdefe,
// 147/167 graded right accepted (bundled 40/48, PHYBench 32/34, SciBench 33/35, OlympiadBench 42/50) and
// 109/112 graded wrong rejected; at the end of that day's work (e0d0e5f) 155/167 (46, 33, 34, 42) and
// 109/112; b5-236 (a chain rescued through its first member, its last written with ħ) was closed the
// same day by reading the last member through the constant's relation. From then on it guards those numbers and, like the others, serves as a development set.
// As a development set: 155/167 → 164/167 graded right accepted (bundled 48, PHYBench 34, SciBench 34,
// OlympiadBench 48), 110/112 graded wrong still rejected, by classes with rows of their own in
// test/score/final-answer-classes.jsonl: digit groups (`64,100 K`), OlympiadBench's alternative forms of
// one answer, a letter the problem names as Planck's constant, `\sim` where an estimate is asked,
// `L \odot` for L_⊙, a maximum stated as `\mu_{\max}`, a definition the problem gives (`Let ω = √(k/m)`),
// zero in words, and a symbol defined twice that agrees through another definition (D₁ via D₀).
// Left: b5-228, whose reference writes `R_{\uparrow}` (OCR of R_T) — the reference is wrong, not the
// answer. Then 166/167 (SciBench 35, OlympiadBench 49): b5-181 (`32 mol % butane` after an `Answer:`
// label) and b5-252 (`400 light-years` in the closing sentence) by the value stated in the closing
// prose and a percentage read as its number of percent where the problem asks in percent. b5-275 (equal
// charges asked, the conclusion puts +X on one body and −X on the other), a known false accept, is
// rejected: values closing the answer that give one magnitude both signs where equal values are asked.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 5',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-5.jsonl'),
  minRows: 270,
  rightAcceptedFloor: { bundled: 48, phybench: 34, scibench: 35, olympiadbench: 49 },
  knownFalseAccepts: {
    'b5-178':
      '27.0 bar (ideal gas) for the van der Waals 26.9 bar (0.4%): inside the 1% floor that allows for constants answers legitimately round (the same gap as b2-190)',
  },
});
