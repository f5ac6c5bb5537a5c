import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { referenceFindings } from '../../src/score/reference-checks.js';

// A reference that cannot be what the problem asks is reported on every record of the problem
// (`reference-suspect`), and grading stays as written. Each finding has near misses that must stay
// silent: the same reference written right, a magnitude the text gives rather than asks for.
const problem = (context: string, final: string[]): Problem => ({
  id: 'ref-check',
  domain: 'mechanics',
  difficulty: 'medium',
  context,
  final_answer: final,
  final_answer_form: 'algebraic',
  grading_standard: [],
});

const relativity =
  'Two craft move at speeds $v_1$ and $v_2$ at an angle $\\alpha$ in a medium flowing at $u$. Determine the minimum possible value of $u$.';
const typo =
  'u = c^2 \\frac{\\left| \\sqrt{c^2 - v_1^2} - \\sqrt{c^2 - v_1^2} \\right|}{\\sqrt{c^2 (v_1^2 + v_2^2) - 2 v_1 v_2 \\cos\\alpha}}';

test('a term subtracted from itself in the reference is reported', () => {
  const found = referenceFindings(problem(relativity, [typo]));
  assert.equal(found.length, 1);
  assert.equal(found[0]!.code, 'reference-suspect');
  assert.match(found[0]!.message, /subtracts \\sqrt\{c\^2 - v_1\^2\} from itself/);
});

test('near miss: the same reference with its two terms is not reported', () => {
  assert.deepEqual(
    referenceFindings(problem(relativity, [typo.replace(/v_1\^2\} \\right\|/, 'v_2^2} \\right|')])),
    [],
  );
});

test('a negative reference where the problem asks for a magnitude is reported', () => {
  const found = referenceFindings(
    problem(
      'A charge $q$ sits at height $b$ above a grounded plane. Find the magnitude of the field $E$ on the plane below it.',
      ['E = -\\frac{q}{2\\pi\\varepsilon_0 b^2}'],
    ),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /asks for a magnitude/);
});

test('near misses: a positive reference, a magnitude the text gives, an order of magnitude, several answers', () => {
  const ask =
    'A charge $q$ sits at height $b$ above a grounded plane. Find the magnitude of the field $E$ on the plane below it.';
  assert.deepEqual(referenceFindings(problem(ask, ['E = \\frac{q}{2\\pi\\varepsilon_0 b^2}'])), []);
  assert.deepEqual(
    referenceFindings(
      problem(
        'An electric dipole of magnitude $p$ sits at a distance $a$ from a grounded sphere. Find the work $W$ needed to remove it.',
        ['W = -\\frac{p^2}{a^3}'],
      ),
    ),
    [],
  );
  assert.deepEqual(
    referenceFindings(
      problem('Assume $d/v$ and $R_0 C$ are of the same order of magnitude. Find the focal length $f$.', [
        'f = -\\frac{d}{R_0 C}',
      ]),
    ),
    [],
  );
  assert.deepEqual(
    referenceFindings(problem(ask, ['E = -\\frac{q}{2\\pi\\varepsilon_0 b^2}', 'Q = -q'])),
    [],
  );
});

test('every record of the problem carries the finding', () => {
  const p = problem(relativity, [typo]);
  const record = createScorer([p]).scoreResponse(p, '$$u = 0$$');
  assert.ok(record.diagnostics.some((d) => d.code === 'reference-suspect'));
});
