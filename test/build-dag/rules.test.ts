// The pieces of build-dag's checks, each on fresh cases: the reviewer's verdict, the verbatim key,
// the DAG rules, transitive edges, the witness reply, text edits, the drafts and answer hints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  answerHints,
  applyTextEdits,
  checkBuiltWitness,
  checkDagRules,
  type DraftProblem,
  draftOf,
  mathTextKey,
  parseDraft,
  parseReviewVerdict,
  parseWitnessReply,
  transitiveEdges,
} from '../../src/build-dag/index.js';
import type { DagNode, Problem } from '../../src/dag/types.js';

test('reviewer verdicts: one <judge> tag, case and spaces ignored; none or both is unreadable', () => {
  assert.deepEqual(parseReviewVerdict('<judge>valid</judge><reason>fine</reason>'), {
    ok: true,
    value: { valid: true, reason: 'fine' },
  });
  assert.deepEqual(
    parseReviewVerdict(
      'Looks off.\n<JUDGE> Invalid </JUDGE>\n<reason>node 3 is not in the solution</reason>',
    ),
    {
      ok: true,
      value: { valid: false, reason: 'node 3 is not in the solution' },
    },
  );
  assert.deepEqual(parseReviewVerdict('<judge>invalid</judge>'), {
    ok: true,
    value: { valid: false, reason: '(the reviewer gave no reason)' },
  });
  assert.equal(parseReviewVerdict('valid').ok, false);
  assert.equal(parseReviewVerdict('<judge>valid</judge> … on reflection <judge>invalid</judge>').ok, false);
  assert.equal(parseReviewVerdict('<judge>valid</judge> <judge>valid</judge><reason>x</reason>').ok, true);
});

test('verbatim keys: whitespace, spacing and sizing commands, delimiters and a final period do not count', () => {
  assert.equal(mathTextKey('$$ v = \\sqrt{2 g h} $$'), mathTextKey('v=\\sqrt{2gh}.'));
  assert.equal(mathTextKey('F = \\left( m_1 + m_2 \\right) a'), mathTextKey('F = (m_1+m_2)\\,a'));
  assert.equal(mathTextKey('E &= mc^2'), mathTextKey('E = mc^2'));
  // A control word keeps its separating space: \alpha b is not \alphab.
  assert.notEqual(mathTextKey('\\alpha b'), mathTextKey('\\alphab'));
  // Content differences stay differences.
  assert.notEqual(mathTextKey('\\frac{1}{2}mv^2'), mathTextKey('\\tfrac12 mv^2'));
  assert.notEqual(mathTextKey('v = \\sqrt{2gh}'), mathTextKey('v = \\sqrt{gh}'));
});

const base: Problem = {
  id: 'lens',
  context: 'A thin converging lens of focal length $f$ forms an image of an object at distance $s$.',
  solution:
    "The thin-lens equation gives $$\\frac{1}{s} + \\frac{1}{s'} = \\frac{1}{f}$$ so $$s' = \\frac{sf}{s - f}$$ and the magnification is $$M = -\\frac{s'}{s} = -\\frac{f}{s - f}$$",
  final_answer: ['M = -\\frac{f}{s - f}'],
  final_answer_form: 'algebraic',
  grading_standard: [],
};
const node = (index: number, formula: string, dependency: number[], final = false): DagNode => ({
  index,
  formula: `$$${formula}$$`,
  dependency,
  ...(final ? { is_final_answer: true } : {}),
});
const rules = (nodes: unknown[]) => checkDagRules(base, draftOf(base), nodes);
const codes = (r: ReturnType<typeof rules>) =>
  [...r.errors, ...r.warnings].map((d) => `${d.code}@${d.where}`);

test('DAG rules: a faithful DAG passes, pieces of a chain count as written, the problem gets the DAG', () => {
  const r = rules([
    node(1, "\\frac{1}{s} + \\frac{1}{s'} = \\frac{1}{f}", []),
    node(2, "s' = \\frac{sf}{s - f}", [1]),
    node(3, "M = -\\frac{s'}{s}", [2]),
    node(4, 'M = -\\frac{f}{s - f}', [2, 3], true),
  ]);
  // Node 4's dependency 2 is also reached through 3: transitive, reported as a warning.
  assert.deepEqual(codes(r), ['build-transitive-edge@problem lens node 4']);
  assert.equal(r.problem?.grading_standard.length, 4);
  assert.equal(r.problem?.solution, base.solution);
});

test('DAG rules: paraphrase, last node not final, a formula that does not parse, forward and dangling edges', () => {
  assert.deepEqual(codes(rules([node(1, "\\frac{1}{f} = \\frac{1}{s} + \\frac{1}{s'}", [], true)])), [
    'build-formula-not-verbatim@problem lens node 1',
  ]);
  assert.deepEqual(
    codes(rules([node(1, "s' = \\frac{sf}{s - f}", [], true), node(2, "M = -\\frac{s'}{s}", [1])])),
    ['dag-unreachable-final@problem lens node 2', 'build-last-not-final@problem lens'],
  );
  const unparseable = rules([node(1, "s' = \\frac{sf}{s - f", [], true)]);
  assert.ok(
    codes(unparseable).includes('build-formula-unparseable@problem lens node 1'),
    codes(unparseable).join(),
  );
  assert.equal(unparseable.problem, undefined);
  assert.deepEqual(
    codes(rules([node(1, "s' = \\frac{sf}{s - f}", [2]), node(2, "M = -\\frac{s'}{s}", [], true)])),
    // Node 1 names a later node, so it also leads to no final node.
    ['dag-forward-dependency@problem lens node 1', 'dag-unreachable-final@problem lens node 1'],
  );
  assert.deepEqual(codes(rules([node(1, "s' = \\frac{sf}{s - f}", [7], true)])), [
    'dag-dangling-dependency@problem lens node 1',
  ]);
  assert.ok(
    codes(rules([{ index: 1, formula: 3, dependency: [] }])).includes(
      'dag-missing-formula@problem lens node 1',
    ),
  );
});

test('transitive edges: a diamond has none, a shortcut across a chain is one', () => {
  const diamond = [node(1, 'a', []), node(2, 'b', [1]), node(3, 'c', [1]), node(4, 'd', [2, 3], true)];
  assert.deepEqual(transitiveEdges(diamond), []);
  const chain = [node(1, 'a', []), node(2, 'b', [1]), node(3, 'c', [2]), node(4, 'd', [1, 3], true)];
  assert.deepEqual(transitiveEdges(chain), [{ from: 1, to: 4, via: 3 }]);
});

test('witness replies: numbers only, edits as {old, new}; an empty witness is allowed', () => {
  assert.deepEqual(parseWitnessReply('```json\n{"witness": {"m": 2, "\\\\theta": 0.5}}\n```'), {
    ok: true,
    value: { witness: { m: 2, '\\theta': 0.5 } },
  });
  assert.deepEqual(parseWitnessReply('{"witness": {}}'), { ok: true, value: { witness: {} } });
  assert.match(
    String((parseWitnessReply('{"witness": {"m": "2 kg"}}') as { error: string }).error),
    /m is not a finite number/,
  );
  assert.equal(parseWitnessReply('{"m": 2}').ok, false);
  assert.equal(parseWitnessReply('{"witness": {"m": 2}, "solution_edits": [{"old": ""}]}').ok, false);
  const repair = parseWitnessReply(
    '{"witness": {"m": 2}, "solution_edits": [{"old": "a", "new": "b"}], "grading_standard": []}',
  );
  assert.ok(
    repair.ok && repair.value.solution_edits?.length === 1 && repair.value.grading_standard?.length === 0,
  );
});

test('text edits: applied where the text occurs exactly once; missing or ambiguous text is reported', () => {
  const draft: DraftProblem = {
    id: 'p',
    context: 'c',
    subquestions: [
      { letter: 'a', subproblem: 'x', solution: '$$F = ma$$ then $$a = g$$', final_answer: ['a = g'] },
      { letter: 'b', subproblem: 'y', solution: '$$v = at$$', final_answer: ['v = 2gt'] },
    ],
  };
  const ok = applyTextEdits(
    draft,
    [{ old: 'v = at', new: 'v = a t_1' }],
    [{ old: 'v = 2gt', new: 'v = gt' }],
  );
  assert.deepEqual(ok.diagnostics, []);
  assert.equal(ok.draft.subquestions?.[1]?.solution, '$$v = a t_1$$');
  assert.deepEqual(ok.draft.subquestions?.[1]?.final_answer, ['v = gt']);
  assert.deepEqual(ok.draft.subquestions?.[0]?.final_answer, ['a = g']);
  const bad = applyTextEdits(
    draft,
    [
      { old: 'a = g', new: 'x' },
      { old: '$$', new: '' },
      { old: 'E = mc^2', new: '' },
    ],
    [],
  );
  // "a = g" occurs once; "$$" many times; "E = mc^2" nowhere.
  assert.deepEqual(
    bad.diagnostics.map((d) => d.code),
    ['build-edit-not-found', 'build-edit-not-found'],
  );
});

test('drafts: sub-questions keep their letters, answers are kept, stage 2 requires a form and instructions', () => {
  const prev: DraftProblem = {
    id: 'p',
    context: 'c',
    subquestions: [{ letter: 'a', subproblem: 's', solution: 'sol', final_answer: ['x = 1'] }],
  };
  const reply = (v: unknown) => `\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;
  const sub = (extra: object) => ({
    context: 'c2',
    subquestions: [{ letter: 'a', subproblem: 's', solution: 'sol2', final_answer: ['x = 1'], ...extra }],
  });
  const normalized = parseDraft(reply(sub({})), prev, 'normalize');
  assert.ok(
    normalized.ok && normalized.value.id === 'p' && normalized.value.subquestions?.[0]?.solution === 'sol2',
  );
  assert.match(
    String(
      (
        parseDraft(
          reply({ context: 'c', subquestions: [{ letter: 'b', subproblem: 's', solution: 'x' }] }),
          prev,
          'normalize',
        ) as { error: string }
      ).error,
    ),
    /keep letter "a"/,
  );
  assert.match(
    String(
      (parseDraft(reply({ context: 'c', subquestions: [] }), prev, 'normalize') as { error: string }).error,
    ),
    /keep its 1 entries/,
  );
  assert.match(
    String(
      (parseDraft(reply(sub({ final_answer: undefined })), prev, 'normalize') as { error: string }).error,
    ),
    /final_answer" was dropped/,
  );
  assert.match(
    String((parseDraft(reply(sub({})), prev, 'clarify') as { error: string }).error),
    /no final_answer_form/,
  );
  assert.match(
    String(
      (parseDraft(reply(sub({ final_answer_form: 'symbolic' })), prev, 'clarify') as { error: string }).error,
    ),
    /must be one of/,
  );
  const clarified = parseDraft(
    reply(
      sub({
        final_answer_form: 'numerical',
        final_answer_instructions: 'Express x.',
        significant_figures: 2,
      }),
    ),
    prev,
    'clarify',
  );
  assert.ok(clarified.ok && clarified.value.subquestions?.[0]?.significant_figures === 2);
});

test('answer hints: a stated value or expression in the instructions; lone symbols and one-digit numbers are not hints', () => {
  const draft = (form: string, answer: string, instructions: string): DraftProblem => ({
    id: 'p',
    context: 'c',
    final_answer: [answer],
    final_answer_form: form,
    final_answer_instructions: instructions,
  });
  const hint = (d: DraftProblem) => answerHints(d).map((x) => x.code);
  assert.deepEqual(
    hint(draft('numerical', 'T = 1.79\\unit{s}', 'Express $T$ in seconds; expect about 1.79 s.')),
    ['build-answer-hint'],
  );
  assert.deepEqual(
    hint(
      draft('numerical', 'T = 1.79\\unit{s}', 'Express $T$ in seconds to 3 significant figures (not 1.795).'),
    ),
    [],
  );
  assert.deepEqual(
    hint(draft('numerical', 'n = 3', 'Give n, an integer; quote 3 significant figures for x.')),
    [],
  );
  assert.deepEqual(hint(draft('algebraic', 'v = \\sqrt{2gh}', 'Show that $v = \\sqrt{2 g h}$.')), [
    'build-answer-hint',
  ]);
  assert.deepEqual(
    hint(draft('algebraic', "\\theta_B' = \\theta_t", "Give $\\theta_B'$ in terms of $\\theta_t$.")),
    [],
  );
});

test('witness of a built DAG: a numerical answer that cannot be checked blocks acceptance', () => {
  const p: Problem = {
    id: 'w',
    context: 'c',
    solution: '$$v = \\sqrt{2gh}$$',
    final_answer: ['about twenty metres per second'],
    final_answer_form: 'numerical',
    grading_standard: [node(1, 'v = \\sqrt{2gh}', [], true)],
  };
  const report = checkBuiltWitness(p, { g: 9.81, h: 20 });
  assert.deepEqual(
    report.failures.map((d) => d.code),
    ['final-answer-unchecked'],
  );
  const fixed = checkBuiltWitness({ ...p, final_answer: ['v = 19.8\\unit{m/s}'] }, { g: 9.81, h: 20 });
  assert.deepEqual(fixed.failures, []);
  const wrong = checkBuiltWitness({ ...p, final_answer: ['v = 14.0\\unit{m/s}'] }, { g: 9.81, h: 20 });
  assert.deepEqual(
    wrong.failures.map((d) => d.code),
    ['witness-final-mismatch'],
  );
  assert.match(wrong.failures[0]!.message, /gives v = 19\.8\d*.*stated answer is 14/);
});
