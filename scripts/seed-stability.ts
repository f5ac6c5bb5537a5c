/**
 * Seed stability: a verdict that depends on Algorithm 1's random draw is a bug whichever draw is
 * "right". Scores every bundled answer under seven seeds — the plain answer with the default draws,
 * then six runs that each change the draw seed of every pair (`equivalence.drawSeed`) and give the
 * answer's formulas new texts (the harsh freshening: a cancelling K_n/K_n before every `=`, so the
 * answer side's seeds and caches change too) — and lists every answer whose step score, matched
 * nodes or final-answer verdict is not the same under all seven. Exit status 1 when any varies.
 * Run: npx tsx scripts/seed-stability.ts [--seeds 7]
 */
import { parseArgs } from 'node:util';
import { bundledAnswers, harshen } from '../bench/fresh-answers.js';
import { createScorer } from '../src/score/create-scorer.js';
import type { ScoreRecord } from '../src/score/types.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '7' } } });
const seeds = Number(values.seeds);
if (!Number.isInteger(seeds) || seeds < 2) {
  console.error(`--seeds: expected an integer ≥ 2, got '${values.seeds}'`);
  process.exit(2);
}

const { problems, answers } = bundledAnswers();
const show = (r: ScoreRecord) =>
  `score ${r.step_score.toFixed(4)} matched [${r.matched.join(',')}] final ${r.final_answer_correct}`;
// seen[i][s]: answer i's record under seed s.
const seen: string[][] = answers.map(() => []);
for (let s = 0; s < seeds; s++) {
  const scorer = createScorer(problems, s === 0 ? {} : { equivalence: { drawSeed: `seed-${s}` } });
  answers.forEach((a, i) => {
    const text = s === 0 ? a.text : harshen(a.text, `s${s}-${i}`);
    seen[i]!.push(show(scorer.scoreResponse(a.problemId, text)));
  });
}
let varying = 0;
answers.forEach((a, i) => {
  const records = seen[i]!;
  if (records.every((r) => r === records[0])) return;
  varying++;
  console.log(`${a.id ?? `#${i}`} (${a.problemId}):`);
  records.forEach((r, s) => {
    console.log(`  seed ${s}: ${r}`);
  });
});
console.log(`${answers.length} answers × ${seeds} seeds: ${varying} vary`);
if (varying > 0) process.exitCode = 1;
