import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  OVERALL_CORRECTNESS_BANDS,
  PPS_JUDGE_PROMPT,
  PPS_RUBRIC,
} from '../../src/judges/prompts/judge-prompts.js';
import { PHYSICSEVAL_SOLVER_PROMPT, SOLVER_PROMPTS } from '../../src/llm/prompts/physicseval-solver.js';

// Spec A6: the six criteria of PhysicsEval's rubric (typed here, not taken from the code), each
// with an anchor at every level 1–5, and the hard rules.
const CRITERIA = [
  'mathematical_accuracy',
  'logical_consistency',
  'completeness',
  'clarity_and_coherence',
  'formulas_principles',
  'assumptions_made',
];

test('every criterion of the rubric is present, in order, with five distinct anchors', () => {
  assert.deepEqual(
    PPS_RUBRIC.map((c) => c.key),
    CRITERIA,
  );
  for (const c of PPS_RUBRIC) {
    assert.equal(c.anchors.length, 5, c.key);
    assert.equal(new Set(c.anchors).size, 5, c.key);
    for (const a of c.anchors) assert.ok(a.length > 10, `${c.key}: '${a}'`);
  }
});

test('the prompt states every anchor of every criterion at its score', () => {
  const lines = PPS_JUDGE_PROMPT.instructions.split('\n');
  for (const c of PPS_RUBRIC) {
    const line = lines.find((l) => l.startsWith(`- ${c.key}:`));
    assert.ok(line !== undefined, c.key);
    for (let score = 1; score <= 5; score++)
      assert.ok(line.includes(`${score} = ${c.anchors[score - 1]}`), `${c.key} ${score}`);
  }
  // The anchors the earlier prompt lacked (issue 26): clarity 2–4, formulas 4 and 2, assumptions 4.
  const clarity = lines.find((l) => l.startsWith('- clarity_and_coherence:'))!;
  for (const s of [2, 3, 4]) assert.match(clarity, new RegExp(`; ${s} = `));
  assert.match(lines.find((l) => l.startsWith('- formulas_principles:'))!, /; 4 = .*; 2 = /);
  assert.match(lines.find((l) => l.startsWith('- assumptions_made:'))!, /; 4 = /);
});

test('the hard rules and the overall-correctness bands are in the prompt', () => {
  const text = PPS_JUDGE_PROMPT.instructions;
  assert.match(PPS_RUBRIC[0]!.anchors[1]!, /different input data/);
  assert.match(PPS_RUBRIC[2]!.anchors[2]!, /at most 3 .*unsolvable/);
  assert.match(text, /different fundamental input data than the ground truth scores at most 3/);
  for (const band of OVERALL_CORRECTNESS_BANDS) assert.ok(text.includes(band), band);
  assert.deepEqual(
    OVERALL_CORRECTNESS_BANDS.map((b) => b.split(' ')[0]),
    ['10', '8–9', '6–7', '4–5', '2–3', '0–1'],
  );
  assert.match(PPS_JUDGE_PROMPT.version, /^pps-judge-v2$/);
});

test("PhysicsEval's solver template: expert persona, solve, final answers in brief, LaTeX", () => {
  assert.equal(SOLVER_PROMPTS.physicseval, PHYSICSEVAL_SOLVER_PROMPT);
  assert.match(PHYSICSEVAL_SOLVER_PROMPT.system!, /physics expert/);
  assert.match(PHYSICSEVAL_SOLVER_PROMPT.system!, /step by step/);
  assert.match(PHYSICSEVAL_SOLVER_PROMPT.preamble, /^Solve the following physics problem/);
  assert.match(PHYSICSEVAL_SOLVER_PROMPT.preamble, /LaTeX/);
  assert.match(PHYSICSEVAL_SOLVER_PROMPT.preamble, /Final answers in brief/);
  assert.notEqual(SOLVER_PROMPTS.prism!.version, PHYSICSEVAL_SOLVER_PROMPT.version);
});
