import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  answerSeeds,
  blankSeeds,
  FAMILIES,
  renderSearch,
  rewardSearch,
  type ScoreFn,
} from '../../scripts/reward-search.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { createScorer } from '../../src/score/index.js';

// The black-box reward search (scripts/reward-search.ts), bounded for CI: a few bundled answers and
// blank answers, a small budget per operator family. No family may earn reward beyond what its
// committed core earns, and the search must find the exploit a deliberately lenient grader leaves
// (so a search that finds nothing has searched).
const { problems } = loadBundledDataset();
const scorer = createScorer(problems);
const rows = readFileSync(
  fileURLToPath(new URL('../../data/answers/mechanics.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { problem_id: string; response: string; kind: string });
// One right and one wrong answer per problem, for the first problems.
const picked = rows.filter((r, i) => i < 9 && (r.kind === 'correct' || i % 3 === 2)).slice(0, 4);
const seeds = [
  ...answerSeeds(problems, picked, scorer),
  ...blankSeeds(problems.filter((p) => picked.some((r) => r.problem_id === p.id)).slice(0, 2)),
];

/**
 * Families with exploits left at this budget and seed, as ceilings (final answers beyond the core);
 * none at present. (Over all bundled answers some families still find a few: see docs/reward-server.md.)
 * Ceilings only fall.
 */
const KNOWN_FINAL_EXPLOITS: Readonly<Record<string, number>> = {};

const results = rewardSearch(seeds, scorer, { budget: 5, seed: 7 });

test('the reward search finds no answer earning more than its committed core', (t) => {
  t.diagnostic(`\n${renderSearch(results, true)}`);
  assert.deepEqual(
    results.map((r) => r.family),
    [...FAMILIES, 'mixed'],
  );
  for (const r of results) {
    assert.ok(r.evaluations >= seeds.length * 5, `${r.family}: ${r.evaluations} evaluations`);
    const known = KNOWN_FINAL_EXPLOITS[r.family] ?? 0;
    assert.ok(r.finalExploits <= known, `${r.family}: ${r.finalExploits} (known ${known}) ${r.example}`);
    if (known === 0) assert.ok(r.bestMargin <= 1e-9, `${r.family}: margin ${r.bestMargin} — ${r.example}`);
  }
});

for (const [family, known] of Object.entries(KNOWN_FINAL_EXPLOITS))
  test(`reward search: no exploit in ${family}`, { todo: `${known} final answers beyond the core` }, () => {
    assert.equal(results.find((r) => r.family === family)?.finalExploits, 0);
  });

test('the search is deterministic for a seed', () => {
  const one = rewardSearch(seeds.slice(0, 1), scorer, { budget: 3, seed: 3, families: ['hedge-forms'] });
  const two = rewardSearch(seeds.slice(0, 1), scorer, { budget: 3, seed: 3, families: ['hedge-forms'] });
  assert.deepEqual(one, two);
});

test('against a lenient grader (any member of "X or Y" may answer) the search finds the hedge', () => {
  // The lenient grader: each `A \text{ or } B …` read member by member, the best reading kept — what a
  // grader that takes any candidate does.
  const lenient: ScoreFn = {
    scoreResponse: (id, response) => {
      const whole = scorer.scoreResponse(id, response);
      if (whole.final_answer_correct === true) return whole;
      for (const text of readings(response)) {
        const record = scorer.scoreResponse(id, text);
        if (record.final_answer_correct === true) return record;
      }
      return whole;
    },
  };
  // Right answers whose statement the grader read is written once (a hedge of it is then the only
  // statement of its value) and that, without it, are not right (the working's final nodes do not
  // answer for it): only the hedge can earn the final answer beyond the committed core.
  const once = answerSeeds(problems, rows, scorer)
    .filter(
      (s) =>
        scorer.scoreResponse(s.problem.id, s.response).final_answer_correct === true &&
        s.read.some(
          (r) =>
            s.response.split(r.latex).length === 2 &&
            scorer.scoreResponse(s.problem.id, s.response.replace(r.latex, '')).final_answer_correct !== true,
        ),
    )
    .slice(0, 4);
  assert.ok(once.length > 0, 'a right answer to hedge');
  const [hedges] = rewardSearch(once, lenient, { budget: 16, seed: 1, families: ['hedge-forms'] });
  assert.ok(hedges!.finalExploits > 0, renderSearch([hedges!], true));
  // The real grader, on the same search, credits none of them.
  const [strict] = rewardSearch(once, scorer, { budget: 16, seed: 1, families: ['hedge-forms'] });
  assert.equal(strict!.finalExploits, 0, renderSearch([strict!], true));
});

/** Each reading of the first `A \text{ or } B …` of a response that keeps one member (braces matched). */
function readings(response: string): string[] {
  const OR = ' \\text{ or } ';
  const at = response.indexOf(OR);
  if (at < 0) return [];
  let start = at;
  for (let depth = 0; start > 0; start--) {
    const c = response[start - 1]!;
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === '=' || c === '$' || c === '\n')) break;
  }
  let end = at;
  for (let depth = 0; end < response.length; end++) {
    const c = response[end]!;
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === '$' || c === '\n')) break;
  }
  const members = response.slice(start, end).split(OR);
  return members.map((m) => response.slice(0, start) + m + response.slice(end));
}
