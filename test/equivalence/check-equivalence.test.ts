import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkEquivalence,
  compareFormulas,
  identitiesAgree,
  prepareFormula,
} from '../../src/equivalence/index.js';

const verdict = (a: string, b: string, options = {}) => checkEquivalence(a, b, options).verdict;

test('rearrangements of one law are equivalent', () => {
  assert.equal(verdict('F = ma', 'a = \\frac{F}{m}'), 'equivalent');
  assert.equal(verdict('\\frac{mv^2}{r} = \\frac{GMm}{r^2}', 'v^2 = \\frac{GM}{r}'), 'equivalent');
});

test('near misses are different and carry a counterexample', () => {
  const r = checkEquivalence('x = A_0 + A_1 t^2 \\delta', 'x = A_0 + 2A_1 t^2 \\delta', {
    constants: { '\\delta': '10^{-8}' },
  });
  assert.equal(r.verdict, 'different');
  assert.ok(r.evidence.counterexample !== undefined);
  assert.equal(r.evidence.counterexample?.outcome, 'rejecting');
  assert.equal(verdict('E = \\frac{1}{2}mv^2', 'E = mv^2'), 'different');
  assert.equal(verdict('T = 2\\pi\\sqrt{\\frac{L}{g}}', 'T = 2\\pi\\sqrt{\\frac{g}{L}}'), 'different');
});

test('physical mode compares positive roots; strict mode whole sets (the paper)', () => {
  assert.equal(verdict('v^2 = 2gh', 'v = \\sqrt{2gh}'), 'equivalent');
  assert.equal(verdict('v^2 = 2gh', 'v = \\sqrt{2gh}', { mode: 'strict' }), 'different');
  assert.equal(verdict('v = -\\sqrt{2gh}', 'v = \\sqrt{2gh}'), 'different');
  assert.equal(verdict('U = -\\frac{GMm}{r}', 'r = -\\frac{GMm}{U}'), 'equivalent');
  assert.equal(verdict('P = \\sigma A T^4', 'T = \\left(\\frac{P}{\\sigma A}\\right)^{1/4}'), 'equivalent');
});

test('verdicts are deterministic and independent of argument order', () => {
  const pairs: [string, string][] = [
    ['v^2 = u^2 + 2as', 's = \\frac{v^2 - u^2}{2a}'],
    ['x = vt', 'x = vt + \\frac12 a t^2'],
  ];
  for (const [a, b] of pairs) {
    const ab = checkEquivalence(a, b);
    const ba = checkEquivalence(b, a);
    assert.equal(ab.verdict, ba.verdict);
    assert.deepEqual(
      ab.evidence.trials.map((t) => t.target),
      ba.evidence.trials.map((t) => t.target),
    );
    assert.deepEqual(checkEquivalence(a, b), ab);
  }
});

test('the constants map substitutes before comparing (Coulomb k)', () => {
  const constants = { k: '\\frac{1}{4\\pi\\varepsilon_0}' };
  assert.equal(
    verdict('F = \\frac{kq_1q_2}{r^2}', 'F = \\frac{q_1 q_2}{4\\pi\\epsilon_0 r^2}', { constants }),
    'equivalent',
  );
  assert.equal(verdict('F = \\frac{kq_1q_2}{r^2}', 'F = \\frac{q_1 q_2}{4\\pi\\epsilon_0 r^2}'), 'different');
});

test('a bare expression compares with the right side of a labelled equation', () => {
  assert.equal(verdict('\\sqrt{2gh}', 'v = \\sqrt{2gh}'), 'equivalent');
  assert.equal(verdict('\\frac{1}{2}mv^2', '\\frac{mv^2}{2}'), 'equivalent');
  assert.equal(verdict('\\frac{1}{2}mv^2', 'mv^2'), 'different');
});

test('inequalities compare as interval unions', () => {
  assert.equal(verdict('v < c', 'c > v'), 'equivalent');
  assert.equal(verdict('2x < 4', 'x < 2'), 'equivalent');
  assert.equal(verdict('x^2 < 4', 'x < 2'), 'equivalent'); // physical: positive parts (0, 2)
  assert.equal(verdict('x^2 < 4', 'x < 2', { mode: 'strict' }), 'different');
  assert.equal(verdict('x < 2', 'x = 2'), 'different');
});

test('identities and contradictions give verdicts in bounded work', () => {
  assert.equal(verdict('0 = 0', '1 = 1', { mode: 'strict' }), 'equivalent');
  assert.notEqual(verdict('x = x + 1', 'x = 2'), 'equivalent');
  assert.notEqual(verdict('x = x + 1', 'y = y + 1'), 'equivalent');
  // The paper's Algorithm 1 (strict) finds any two identities equivalent.
  assert.equal(verdict('\\sin^2\\theta + \\cos^2\\theta = 1', 'x = x', { mode: 'strict' }), 'equivalent');
});

test('physical mode: an identity matches only the same identity as written, never a tautology', () => {
  const prepared = (latex: string) => prepareFormula(latex);
  const node = '\\int_0^\\infty \\frac{R\\,dR}{(R^2+z^2)^{3/2}} = \\frac{1}{|z|}';
  // The same identity: sides swapped, a term moved across =, the integrand written another way.
  for (const same of [
    '\\frac{1}{|z|} = \\int_0^\\infty \\frac{R\\,dR}{(R^2+z^2)^{3/2}}',
    '\\int_{0}^{\\infty} \\frac{R}{(R^2+z^2)^{3/2}}\\,dR = \\frac{1}{|z|}',
  ])
    assert.equal(verdict(same, node), 'equivalent', same);
  // Identities sharing its variable and operations are other facts; a multiple of it is not
  // recognised when the factor moves inside the integral (no evaluation tells identities apart, so
  // only the written form can).
  for (const other of [
    'x = x',
    'z = z',
    'a + b = b + a',
    '\\sin^2 z + \\cos^2 z = 1',
    '0 = 0',
    '\\int_0^\\infty \\frac{R\\,dR}{(R^2+1)^{3/2}} = 1',
    '\\int_0^{z} u\\,du = \\frac{z^2}{2}',
    '\\int_0^\\infty \\frac{zR}{(R^2+z^2)^{3/2}}\\,dR = \\frac{z}{|z|}',
  ]) {
    const r = checkEquivalence(other, node);
    assert.equal(r.verdict, 'different', other);
    assert.ok(
      r.diagnostics.some((d) => d.code === 'identities-differ'),
      other,
    );
  }
  assert.equal(verdict('\\sin^2\\theta + \\cos^2\\theta = 1', 'x = x'), 'different');
  assert.equal(
    verdict('\\sin^2\\theta + \\cos^2\\theta = 1', '\\cos^2\\theta + \\sin^2\\theta = 1'),
    'equivalent',
  );
  assert.equal(verdict('2\\sin x\\cos x = \\sin(2x)', '\\sin(2x) = 2\\sin x\\cos x'), 'equivalent');
  // A negative power written as a reciprocal is the same identity.
  assert.equal(
    verdict(
      '\\tanh \\phi = \\frac{e^{\\phi} - e^{-\\phi}}{e^{\\phi} + e^{-\\phi}}',
      '\\tanh\\left(\\phi\\right) = \\frac{e^{\\phi} - \\frac{1}{e^{\\phi}}}{e^{\\phi} + e^{-\\phi}}',
    ),
    'equivalent',
  );
  // Both sides times one factor, or a factor moved across =, is the same identity.
  assert.equal(verdict('\\sin x\\cos x = \\frac{1}{2}\\sin 2x', '\\sin(2x) = 2\\sin x\\cos x'), 'equivalent');
  assert.ok(
    identitiesAgree(
      prepared('\\frac{\\sin(2x)}{\\sin x\\cos x} = 2'),
      prepared('\\sin(2x) = 2\\sin x\\cos x'),
    ),
  );
  // A term moved across = is the same identity (decided on the written form; Algorithm 1's trials on
  // a side that is identically 0 can stay undetermined from rounding).
  assert.ok(
    identitiesAgree(
      prepared('\\int_0^\\infty \\frac{R\\,dR}{(z^2+R^2)^{3/2}} - \\frac{1}{|z|} = 0'),
      prepared(node),
    ),
  );
  assert.ok(
    identitiesAgree(prepared('\\sin(2x) - 2\\sin x\\cos x = 0'), prepared('\\sin(2x) = 2\\sin x\\cos x')),
  );
  assert.ok(
    !identitiesAgree(prepared('\\sin(2x) - 2\\sin x\\cos x = 0'), prepared('\\sin(2x) = 2\\sin x\\sin x')),
  );
  // Identities that share variables and operations with an identity node.
  for (const [trick, identityNode] of [
    ['\\sin^2 x + \\cos^2 x = 1', '\\sin(2x) = 2\\sin x\\cos x'],
    ['a(b+c) = ab+ac', '(a+b)c = ac+bc'],
    ['e^{\\ln x} = x', '\\ln(x^2) = 2\\ln x'],
    ['\\int_0^1 u\\,du = \\frac{1}{2}', '\\int_0^1 u^2\\,du = \\frac{1}{3}'],
    ['x\\frac{y}{x} = y', 'a\\frac{b}{a} = b'],
    [
      '\\int_0^\\infty \\frac{zR}{(R^2+z^2)^{3/2}}\\,dR = \\frac{z}{|z|}',
      '\\int_0^\\infty \\frac{R\\,dR}{(R^2+z^2)^{3/2}} = \\frac{1}{|z|}',
    ],
  ])
    assert.equal(verdict(trick!, identityNode!), 'different', `${trick} vs ${identityNode}`);
});

test('bad input: unparseable sides and huge formulas give undetermined with diagnostics', () => {
  const bad = checkEquivalence('F = \\frac{m', 'F = ma');
  assert.equal(bad.verdict, 'undetermined');
  assert.ok(bad.diagnostics.some((d) => d.severity === 'error'));
  const many = Array.from({ length: 300 }, (_, i) => `x_{${i}}`).join(' + ');
  const r = checkEquivalence(`y = ${many}`, `y = ${many}`);
  assert.ok(['equivalent', 'undetermined'].includes(r.verdict));
  const overflow = checkEquivalence('y = e^{e^{e^{x}}}', 'y = e^{e^{e^{x}}} + 1');
  assert.ok(['different', 'undetermined'].includes(overflow.verdict));
});

test('prepared formulas can be reused across comparisons', () => {
  const node = prepareFormula('$$v = v_0 + a t$$');
  assert.equal(node.ok, true);
  assert.equal(compareFormulas(node, prepareFormula('a = \\frac{v - v_0}{t}')).verdict, 'equivalent');
  assert.equal(compareFormulas(node, prepareFormula('v = v_0 - a t')).verdict, 'different');
});

test('blocks of several values compare item by item, in order or not', () => {
  assert.equal(verdict('(2,1),(3,1)', '(3,1),(2,1)'), 'equivalent');
  assert.equal(verdict('a_3 = 2, a_{37} = 19', 'a_{37} = 19, \\quad a_3 = 2'), 'equivalent');
  assert.equal(verdict('x = 1, y = 2', 'x = 1, y = 3'), 'different');
  assert.equal(verdict('1, 2', '1, 2, 3'), 'different');
  const r = checkEquivalence('(3, \\frac{\\pi}{2})', '\\left(3, \\frac{\\pi}{2}\\right)');
  assert.equal(r.verdict, 'equivalent');
});

test('fallback ranges decide relations with no real solution on [2, 20] (physical mode only)', () => {
  const r = checkEquivalence('x^2 + y^2 = 1', '1 - x^{2} - y^{2} = 0');
  assert.equal(r.verdict, 'equivalent');
  assert.ok(r.evidence.trials.some((t) => t.range !== undefined));
  assert.equal(verdict('x^2 + y^2 = 1', 'x^2 + y^2 = 2'), 'different');
  assert.equal(verdict('x^2 + y^2 = 1', '1 - x^{2} - y^{2} = 0', { mode: 'strict' }), 'undetermined');
});

test('a derivative operator treats quantities the other formula keeps constant as constant', () => {
  assert.equal(
    verdict('P = \\frac{d}{dt}\\left(\\frac{1}{2}mv^2\\right)', 'P = mv\\frac{dv}{dt}'),
    'equivalent',
  );
  // An explicit dm/dt term is kept: forgetting it is a real mistake.
  assert.equal(verdict('F = v\\frac{dm}{dt} + m\\frac{dv}{dt}', 'F = m\\frac{dv}{dt}'), 'different');
});

test('identical text is equivalent even where the notation is not evaluable', () => {
  assert.equal(
    verdict('\\text{The midpoints form a regular hexagon}', '\\text{The midpoints form a regular hexagon}'),
    'equivalent',
  );
});

test('formulas that only state a value compare to the precision written, with SI-scaled floors', () => {
  assert.equal(
    verdict('\\Delta W \\approx 5\\times10^{-8}\\unit{J}', '\\Delta W = 5.01\\times10^{-8}\\unit{J}'),
    'equivalent',
  );
  assert.equal(
    verdict('\\varepsilon_0 = 8.85\\times10^{-12}', '\\epsilon_0 = 8.854\\times10^{-12}'),
    'equivalent',
  );
  assert.equal(verdict('x = 2.50', 'x = 2.6'), 'different');
  // 3.2e-16 J against 3.2e-13 J: an absolute floor must not make tiny SI values equal.
  assert.equal(verdict('E = 2\\,\\text{keV}', 'E = 2\\,\\text{MeV}'), 'different');
  assert.equal(verdict('E = 2\\,\\text{keV}', 'E = 2000\\,\\text{eV}'), 'equivalent');
});

test('a verdict reached without any trial says so in the evidence, and why', () => {
  const same = checkEquivalence('F = m a', 'F = a\\cdot m');
  assert.equal(same.verdict, 'equivalent');
  assert.equal(same.evidence.nEq, 0);
  assert.match(same.evidence.noTrials ?? '', /no trial ran: both formulas have the same canonical text/);
  const kinds = checkEquivalence('v < c', 'v = c');
  assert.match(kinds.evidence.noTrials ?? '', /no trial ran: an equation cannot/);
  // Ten trials ran: no such note.
  const ran = checkEquivalence('F = m a', 'a = F/m');
  assert.equal(ran.evidence.nEq, 10);
  assert.equal(ran.evidence.noTrials, undefined);
});
