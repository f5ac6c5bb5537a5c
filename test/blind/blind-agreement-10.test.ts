// A tenth blind set (test/blind/answers-10.jsonl, 236 answers to 138 problems: 71 bundled, 48 PHYBench,
// 63 SciBench, 54 OlympiadBench; 136 graded right, 100 wrong), written and graded by hand on 2026-11-27 by
// an author who read neither the grader's code nor the other sets, on problems drawn at random (seed 10),
// each answer in the habits of one model family (Qwen-Math boxed, Llama-3 "## Step", Gemini bold answers
// and tables, Claude prose, GPT-4o/o1 steps, DeepSeek-R1 `<think>` blocks, Mistral/Phi plain-text math).
// Measured blind at c56e2d0: 131/136 graded right accepted and 98/100 graded wrong rejected. Its
// disagreements named classes fixed that evening (an expected zero met by 0.816ħ; a table's unit column;
// plain-text indices `V0`; a unit set after a box; a slip in a chain's arithmetic): 134/136 and 100/100.
// From then on it guards those numbers and serves as a development set. b10-206 (m = m₀/e for the asked
// fraction m/m₀) was then fixed as a class (a pure number asked as a ratio): 135/136. Left: b10-015
// (2.25×10⁶ rounded to 2.2×10⁶ against 2.3×10⁶, graded generously by hand). The author flagged
// references they believe wrong and skipped them (SciBench fund:23.37, class:8.38; PHYBench 121, 259;
// OlympiadBench 1243).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardBlindSet } from './guard-blind-set.js';

guardBlindSet({
  name: 'blind set 10',
  file: join(fileURLToPath(new URL('.', import.meta.url)), 'answers-10.jsonl'),
  minRows: 230,
  rightAcceptedFloor: { bundled: 40, phybench: 28, scibench: 34, olympiadbench: 33 },
  knownFalseAccepts: {},
});
