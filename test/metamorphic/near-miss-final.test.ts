// Every right answer of blind sets 1–5 and every bundled answer graded right (`graded-answers.ts`) that the grader
// accepts for one numerical value: its near misses (test/metamorphic/near-miss-final.ts) must all be
// rejected. Excluded by construction, not by the grader: ×1.03 and ×0.97 (and a moved last figure)
// when they stay within the grader's own allowance around the reference (half a unit of its last
// place at its significant figures, one unit up to 2.5%, the 1% floor: a one-figure `2\times10^{39}`
// accepts 3%), and a mutant the grader accepts through a statement that does not write the mutated
// value (the answer states the value again in another form, `25.2 pm` beside `2.52\times10^{-11}`):
// the mutation did not reach what the grader read, and is counted apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { findMathBlocks } from '../../src/extract/find-math-blocks.js';
import { createScorer } from '../../src/score/index.js';
import { sharedFile } from '../helpers/shared.js';
import { gradedAnswers } from './graded-answers.js';
import { algebraicHedges, hedges, nearMisses } from './near-miss-final.js';

test('near misses of accepted numerical final answers are rejected (×1.03, ×0.97, ×2, sign, ×10³, last figure)', () => {
  const peers = sharedFile('peers') !== undefined;
  let answers = 0;
  let read = 0;
  const accepted: string[] = [];
  for (const { item, scorer, original } of acceptedRight()) {
    const mutants = nearMisses(
      item.response,
      original.final_answer.answers,
      item.problem.significant_figures,
    );
    if (mutants.length > 0) answers++;
    for (const m of mutants) {
      const record = scorer.scoreResponse(item.problem, m.response);
      const by = record.final_answer.answers[0]?.by ?? '';
      // Accepted through a statement that does not write the mutated value: the mutation missed it.
      if (record.final_answer_correct === true && !by.includes(m.to)) continue;
      read++;
      if (record.final_answer_correct === true)
        accepted.push(`${item.id} ${m.kind}: ${m.from} → ${m.to} (${m.expected})`);
    }
  }
  // Measured 2026-11-27 (blind sets 1–5 and the bundled answers graded right): 163 answers, 763 mutants
  // read, all rejected.
  assert.ok(answers >= (peers ? 100 : 30), `${answers} answers with a numerical final value`);
  assert.ok(read >= (peers ? 500 : 120), `${read} mutants read`);
  assert.deepEqual(accepted, [], `${accepted.length} of ${read} near misses accepted`);
});

/**
 * Hedges the grader still accepts, per form (measured 2026-11-27 over blind sets 1–5 and the bundled
 * answers graded right: 163 answers, 995 hedges read, 6 accepted; `HEDGE_REPORT=1` prints them — 460 of 1,579 before hedges were
 * read; over sets 1–7 once a chain's arithmetic answered only when it gives the number the chain states:
 * 166 answers, 1,030 read, the same 6 accepted — a range or an alternative inside a chain commits it to
 * no value, whatever its last link restates). Left: a hedge after a ratio of numbers (`\frac{17.1}{7.07} \approx 2.4 \text{ or } 4.8`: a
 * link, no quantity) and a bold plain-text hedge after a statement the extractor reads elsewhere
 * (`**λ ≈ either 1.10 or 2.20 μm**`). Ceilings: they may only fall.
 */
const HEDGES_ACCEPTED: Readonly<Record<string, number>> = {
  'or-text': 1,
  'wrong-first': 1,
  list: 1,
  'or-both-units': 0,
  'or-unit-respelled': 0,
  'range-text': 1,
  'or-plain': 0,
  'wrong-first-plain': 0,
  'either-or': 1,
  'range-to': 0,
  between: 1,
  'range-dash': 0,
  parenthesised: 0,
  'or-plain-both-units': 0,
};

/**
 * Algebraic hedges still accepted (measured 2026-11-27: 124 answers, 496 hedges; 54 accepted before a
 * member offered after "or" or continued by an approximation was read as a set member —
 * `R_{BC} = \frac{38}{41}r \text{ or } 2(…) \approx 0.927\,r` — then 37; 9 once the members of one set
 * are compared even after an earlier statement in other variables (`k_x = \frac{2\pi\Delta p_x}{h}`,
 * then `k_x = X \text{ or } 2X`), a hedge of `pc` hedges p, and a boxed reference names its quantity).
 * Left: the hedge inserted inside a chain (`\gamma = \frac74,\ 2(\frac74) = 1.75`), whose second
 * member reads as a relation between numbers, not a value of γ. A ceiling: it may only fall.
 */
const ALGEBRAIC_HEDGES_ACCEPTED = 9;

/** An answer graded right that the grader accepts, with its scorer, record and a test for math offsets. */
interface AcceptedRight {
  readonly item: ReturnType<typeof gradedAnswers>['answers'][number];
  readonly scorer: ReturnType<typeof createScorer>;
  readonly original: ReturnType<ReturnType<typeof createScorer>['scoreResponse']>;
  readonly inMath: (at: number) => boolean;
}

let acceptedMemo: readonly AcceptedRight[] | undefined;
/** Every answer graded right that the grader accepts, read and scored once for all the tests here. */
function acceptedRight(): readonly AcceptedRight[] {
  if (acceptedMemo !== undefined) return acceptedMemo;
  const { answers: graded } = gradedAnswers();
  const scorers = new Map<readonly Problem[], ReturnType<typeof createScorer>>();
  const out: AcceptedRight[] = [];
  for (const item of graded) {
    if (item.grade !== 'right') continue;
    let scorer = scorers.get(item.problems);
    if (scorer === undefined) {
      scorer = createScorer(item.problems);
      scorers.set(item.problems, scorer);
    }
    const original = scorer.scoreResponse(item.problem, item.response);
    if (original.final_answer_correct !== true) continue;
    const blocks = findMathBlocks(item.response);
    const inMath = (at: number) => blocks.some((b) => at >= b.offset && at < b.offset + b.content.length);
    out.push({ item, scorer, original, inMath });
  }
  acceptedMemo = out;
  return out;
}

let hedgeRun: { answers: number; read: Map<string, number>; accepted: Map<string, string[]> } | undefined;
function measureHedges(): NonNullable<typeof hedgeRun> {
  if (hedgeRun !== undefined) return hedgeRun;
  const run = { answers: 0, read: new Map<string, number>(), accepted: new Map<string, string[]>() };
  for (const { item, scorer, original, inMath } of acceptedRight()) {
    const mutants = hedges(item.response, original.final_answer.answers, inMath);
    if (mutants.length > 0) run.answers++;
    for (const m of mutants) {
      const record = scorer.scoreResponse(item.problem, m.response);
      const by = record.final_answer.answers[0]?.by ?? '';
      // Accepted through a statement that does not write the hedged value (`25.2 pm` beside
      // `2.52\times10^{-11}`): the rewrite missed what the grader read.
      if (record.final_answer_correct === true && !by.includes(m.from)) continue;
      run.read.set(m.kind, (run.read.get(m.kind) ?? 0) + 1);
      if (record.final_answer_correct === true)
        run.accepted.set(m.kind, [...(run.accepted.get(m.kind) ?? []), `${item.id} (${m.from} / ${m.to})`]);
    }
  }
  hedgeRun = run;
  if (process.env.HEDGE_REPORT)
    console.log(JSON.stringify({ answers: run.answers, read: [...run.read], accepted: [...run.accepted] }));
  return run;
}

test('hedges: the right value beside a wrong one (×2) is written in every form', () => {
  const run = measureHedges();
  const peers = sharedFile('peers') !== undefined;
  assert.ok(run.answers >= (peers ? 100 : 30), `${run.answers} answers with a numerical final value`);
  assert.deepEqual([...run.read.keys()].sort(), Object.keys(HEDGES_ACCEPTED).sort(), 'every form read');
});

for (const [kind, known] of Object.entries(HEDGES_ACCEPTED)) {
  test(`hedges (${kind}) are rejected, no more accepted than known`, () => {
    const accepted = measureHedges().accepted.get(kind) ?? [];
    assert.ok(
      accepted.length <= known,
      `${accepted.length} of ${measureHedges().read.get(kind)} accepted (known ${known}): ${accepted.join(', ')}`,
    );
  });
  if (known > 0)
    test(`hedges (${kind}): every one rejected`, { todo: `${known} accepted` }, () => {
      assert.deepEqual(measureHedges().accepted.get(kind) ?? [], []);
    });
}

test('algebraic hedges: the right expression beside twice it is rejected', () => {
  const peers = sharedFile('peers') !== undefined;
  let answers = 0;
  let read = 0;
  const accepted: string[] = [];
  for (const { item, scorer, original, inMath } of acceptedRight()) {
    const mutants = algebraicHedges(item.response, original.final_answer.answers, inMath);
    if (mutants.length > 0) answers++;
    for (const m of mutants) {
      read++;
      const record = scorer.scoreResponse(item.problem, m.response);
      if (record.final_answer_correct === true) accepted.push(`${item.id} ${m.kind}: ${m.from}`);
    }
  }
  if (process.env.HEDGE_REPORT) console.log(JSON.stringify({ answers, read, accepted }));
  assert.ok(answers >= (peers ? 40 : 10), `${answers} algebraic answers hedged`);
  assert.ok(
    accepted.length <= ALGEBRAIC_HEDGES_ACCEPTED,
    `${accepted.length} of ${read} accepted (known ${ALGEBRAIC_HEDGES_ACCEPTED}): ${accepted.join(', ')}`,
  );
});

test('algebraic hedges: every one rejected', { todo: `${ALGEBRAIC_HEDGES_ACCEPTED} accepted` }, () => {
  assert.equal(ALGEBRAIC_HEDGES_ACCEPTED, 0);
});
