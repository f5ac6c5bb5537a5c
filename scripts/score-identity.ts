/**
 * Identity check for numeric speed work: writes, one line each, the full score record and the work
 * units (`lastWork`, `lastCharged`) of every bundled answer, of one copy of its freshening and of its
 * harsh freshening (bench/fresh-answers.ts), of the real PRISM answers (when ../shared is present),
 * and the full `checkEquivalence` result of every row of the equivalence corpus in both modes. Run
 * it on the commit before a change (baseline), then after: any difference is listed, and the exit
 * status is 1.
 * Run: npx tsx scripts/score-identity.ts --out /tmp/after.json [--compare /tmp/base.json]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bundledAnswers, freshAnswers, harshAnswers, realAnswers } from '../bench/fresh-answers.js';
import { checkEquivalence } from '../src/equivalence/index.js';
import { createScorer } from '../src/score/create-scorer.js';
import { type EquivalenceRow, readCorpus } from '../test/corpus/read-corpus.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, compare: { type: 'string' } } });
const records = new Map<string, string>();

const bundled = bundledAnswers();
const scorer = createScorer(bundled.problems);
const sets: [string, { problemId: string; text: string }[]][] = [
  ['bundled', bundled.answers],
  ['fresh', freshAnswers(bundled.answers, 1)],
  ['harsh', harshAnswers(bundled.answers, 'id')],
];
for (const [name, answers] of sets)
  answers.forEach((a, i) => {
    const record = scorer.scoreResponse(a.problemId, a.text);
    records.set(
      `${name} ${i} ${a.problemId}`,
      JSON.stringify({ record, work: scorer.lastWork(), charged: scorer.lastCharged() }),
    );
  });
const real = realAnswers();
if (real !== undefined) {
  const s = createScorer(real.problems);
  real.answers.forEach((a, i) => {
    const record = s.scoreResponse(a.problemId, a.text);
    records.set(
      `real ${i} ${a.problemId}`,
      JSON.stringify({ record, work: s.lastWork(), charged: s.lastCharged() }),
    );
  });
}
for (const { row } of readCorpus<EquivalenceRow>('fixtures/equivalence'))
  for (const mode of ['physical', 'strict'] as const) {
    const options = row.constants === undefined ? { mode } : { mode, constants: row.constants };
    records.set(`corpus ${row.id} ${mode}`, JSON.stringify(checkEquivalence(row.a, row.b, options)));
  }

if (values.out !== undefined) writeFileSync(values.out, JSON.stringify(Object.fromEntries(records)));
console.log(`${records.size} records${real === undefined ? ' (../shared absent: no real answers)' : ''}`);
if (values.compare !== undefined && existsSync(values.compare)) {
  const base = new Map(
    Object.entries(JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, string>),
  );
  const diffs = [...new Set([...base.keys(), ...records.keys()])].filter(
    (k) => base.get(k) !== records.get(k),
  );
  for (const k of diffs.slice(0, 40))
    console.log(`${k}\n  before ${base.get(k)?.slice(0, 400)}\n  after  ${records.get(k)?.slice(0, 400)}`);
  console.log(`${diffs.length} differences`);
  if (diffs.length > 0) process.exitCode = 1;
}
