import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findGivenNodes } from '../../src/dag/given-nodes.js';
import { problemDeclarations, withDeclarations } from '../../src/dag/problem-declarations.js';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';

function problem(context: string, nodes: string[], final: string[] = []): Problem {
  return {
    id: 'p',
    context,
    final_answer: final,
    grading_standard: nodes.map((formula, i) => ({
      index: i + 1,
      formula: `$$${formula}$$`,
      dependency: i === 0 ? [] : [i],
      ...(i === nodes.length - 1 ? { is_final_answer: true } : {}),
    })),
  };
}

const aliases = (p: Problem) => Object.fromEntries(problemDeclarations(p).aliases);
const negatives = (p: Problem) => Object.fromEntries(problemDeclarations(p).negatives);

test('a relation between two lone symbols names the reference symbol another way', () => {
  const spring = problem('A spring of constant $k = k_0$ holds a mass $m$.', ['\\omega = \\sqrt{k/m}']);
  assert.deepEqual(aliases(spring), { k_0: 'k' });
  // Either direction: the reference may write the text's second name.
  const other = problem('A spring of constant $k = k_0$ holds a mass $m$.', ['\\omega = \\sqrt{k_0/m}']);
  assert.deepEqual(aliases(other), { k: 'k_0' });
  const chain = problem('Two blocks, $m_1 = m_2 = m$, hang over a pulley.', ['a = \\frac{g}{3}', 'T = mg']);
  assert.deepEqual(aliases(chain), { m_1: 'm', m_2: 'm' });
});

test('conditions, pieces, placeholders and groups the reference uses twice declare no alias', () => {
  const cases = [
    // a place: the reference uses only l, but y = l says where, not what
    problem('The second tube is centred at $y = l$.', ['F = \\frac{\\Phi^2}{l^2}']),
    problem('$\\mu$ vanishes when $\\alpha = \\beta$.', ['\\beta = 0.41']),
    // a piecewise value: V is 0 elsewhere
    problem('$V = 0$ for $x < 0$ and $V = V_0$ for $x > 0$.', ['k = \\sqrt{2m(E - V_0)}/\\hbar']),
    // both names in the reference: a relation between them, not a second name
    problem('The wall is at $x = L$.', ['\\psi = \\sin(\\pi x / L)']),
    problem('The half-life is $T_{1/2} = {{T_1_2}}$.', ['\\lambda = \\ln 2 / T_{1/2}']),
    // the target would read the speed of light from the table
    problem('The signal moves at $v = c$.', ['t = L/c']),
  ];
  for (const p of cases) assert.deepEqual(aliases(p), {}, p.context);
});

test('a sign the text declares for a lone symbol; a region or a conflicting sign is none', () => {
  assert.deepEqual(negatives(problem('Its bound state has energy $E_b < 0$.', ['E_b = -\\frac{m}{2}'])), {
    E_b: '-\\check{E_b}',
  });
  assert.deepEqual(negatives(problem('Here $0 > R$ for the stream.', ['R = -1'])), { R: '-\\check{R}' });
  assert.deepEqual(negatives(problem('$V = 0$ for $x < 0$.', ['k = 1'])), {});
  assert.deepEqual(negatives(problem('Take $q < 0$, and later $q > 0$.', ['F = q'])), {});
});

test('withDeclarations adds them to the constants map, once', () => {
  const p = problem('A spring of constant $k = k_0$.', ['\\omega = \\sqrt{k/m}']);
  const d = withDeclarations(p);
  assert.deepEqual(d.constants, { k_0: 'k' });
  assert.equal(withDeclarations(d), d);
  const plain = problem('A spring of constant $k$.', ['\\omega = \\sqrt{k/m}']);
  assert.equal(withDeclarations(plain), plain);
});

test('a formula the text states under its alias is given: echoing it earns nothing', () => {
  // The text writes Hooke's law with k_0; the reference writes it with k.
  const hooke = problem(
    'A spring of constant $k = k_0$ obeys $F = k_0 x$. A mass $m$ hangs from it. Find the extension.',
    ['F = kx', 'kx = mg', 'x = \\frac{mg}{k}'],
  );
  assert.deepEqual(
    findGivenNodes(hooke).map((g) => g.index),
    [1],
  );
  const scorer = createScorer([hooke]);
  const echo = scorer.scoreResponse('p', 'We have $$F = k_0 x$$ and $$k = k_0$$');
  assert.equal(echo.step_score, 0);
  const right = scorer.scoreResponse('p', 'Balance: $$k_0 x = mg$$ so $$x = \\frac{mg}{k_0}$$');
  assert.equal(right.step_score, 1);
  assert.equal(right.final_answer_correct, true);
});
