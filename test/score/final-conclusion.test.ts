import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';

// An algebraic final answer is right when the explicit check accepts it or every final node is
// matched. An answer that meets the final node with an intermediate equation (the squared energy
// balance, which says 2Mp = (M^2 - m^2)c times c^3) and then concludes with a wrong value of the
// quantity, unboxed, has declared a wrong answer: the step is credited, the final answer is not.
const problem: Problem = {
  id: 'decay',
  domain: 'atomic-nuclear-particle',
  context: 'A particle of mass M at rest decays into a particle of mass m and a massless neutrino.',
  question: 'Find the momentum p of each product.',
  final_answer: ['p = \\frac{(M^2 - m^2)c}{2M}'],
  final_answer_form: 'algebraic',
  grading_standard: [
    { index: 1, formula: '$$E_\\nu = pc$$', dependency: [] },
    { index: 2, formula: '$$p = \\frac{(M^2 - m^2)c}{2M}$$', dependency: [1], is_final_answer: true },
  ],
} as unknown as Problem;
const scorer = createScorer([problem]);
const squared = 'With $E_\\nu = pc$, squaring: $M^2c^4 - 2Mpc^3 + p^2c^2 = p^2c^2 + m^2c^4$.';

const cases: [string, string, boolean][] = [
  [
    'concluding with a wrong value (a factor 2 lost)',
    `${squared} Hence\n$$p = \\frac{(M^2 - m^2)c}{M}$$`,
    false,
  ],
  ['concluding with the right value', `${squared} Hence\n$$p = \\frac{(M^2 - m^2)c}{2M}$$`, true],
  [
    'concluding with the right value in another form',
    `${squared} Hence\n$$p = \\frac{c}{2}\\left(M - \\frac{m^2}{M}\\right)$$`,
    true,
  ],
  [
    'concluding with a wrong value times a factor that cancels',
    `${squared} Hence\n$$pcdot\frac{K}{K} = \frac{(M^2 - m^2)c}{M}$$`,
    false,
  ],
  // near misses of the rule: a last statement it must not read as a refutation
  ['no conclusion after the squared equation', squared, true],
  [
    'concluding with p in another variable (an intermediate)',
    `${squared} Hence\n$$p = \\frac{E_\\nu}{c}$$`,
    true,
  ],
  ['concluding with p^2, not p', `${squared} Hence\n$$p^2 = \\frac{(M^2 - m^2)^2c^2}{4M^2}$$`, true],
];

// Known gap: the final-answer check does not read `p\cdot\frac{K}{K} = …` as a statement of p (a
// factor that cancels on the quantity's side), so such a conclusion is not found.
const GAPS = new Set(['concluding with a wrong value times a factor that cancels']);

for (const [name, response, expected] of cases) {
  const todo = GAPS.has(name) ? 'the check does not read a quantity times K/K as the quantity' : undefined;
  test(`final node met by an intermediate, ${name}: final ${expected}`, { todo }, () => {
    const record = scorer.scoreResponse('decay', response);
    assert.ok(record.matched.includes(2), `node 2 matched: ${JSON.stringify(record.nodes)}`);
    assert.equal(record.final_answer_correct, expected, JSON.stringify(record.final_answer));
  });
}
