// PhysicsEval (spec A1) → our format. ../shared/peers holds no PhysicsEval data, so this reads a
// realistic file written in the A1 schema (fixtures/physicseval/records-a1.json: 13 records, 3 bad).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { convertPhysicsEval } from '../../src/dataset/load-physicseval.js';
import { importDataset } from '../../src/import/import-dataset.js';
import { physicsEvalAnswer } from '../../src/import/physicseval-answer.js';
import { referenceResponses } from '../../src/import/reference-responses.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const file = join(root, 'fixtures/physicseval/records-a1.json');
const items = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
const id = (n: number) => `7c2e9b10-5a4d-4f3e-8b61-${String(n).padStart(12, '0')}`;

test('import physicseval: counts, skip reasons, field mapping, unknown fields kept in meta', () => {
  const result = importDataset('physicseval', items);
  assert.equal(items.length, 13);
  assert.equal(result.problems.length, 10);
  assert.deepEqual(
    result.skipped.map((s) => [s.id, s.reason]),
    [
      [id(8), 'no final_answers_in_brief: nothing to check'],
      [id(9), 'problem_difficulty: expected an integer 1–10, got 11'],
      [id(1), 'repeated Problem_ID (the first record is kept)'],
    ],
  );
  const p = (n: number) => result.problems.find((x) => x.id === id(n))!;
  // Ids unchanged (a run on the source file and on the import share them); tiers from 1–10.
  assert.equal(p(1).context, items[0]!.problem);
  assert.equal(p(1).domain, 'Classical Mechanics and Dynamics');
  assert.equal(p(1).difficulty, 'easy');
  assert.equal(p(4).difficulty, 'medium');
  assert.equal(p(12).difficulty, 'hard');
  assert.equal(p(1).source, 'PhysicsEval hand-written in the spec A1 schema (prism-physics test)');
  assert.match(p(1).solution!, /^Step 1: Uniform acceleration/);
  // Numbers: unit inside the math kept, unit written after the math joined, figures as written.
  assert.deepEqual(p(1).final_answer, ['d = 112\\,\\mathrm{m}']);
  assert.equal(p(1).significant_figures, 3);
  assert.deepEqual(p(2).final_answer, ['p_2 = 1.5\\,\\mathrm{atm}']);
  assert.equal(p(2).significant_figures, 2);
  assert.deepEqual(p(11).final_answer, ['30.3\\,\\mathrm{m}']);
  assert.deepEqual(p(5).final_answer, ['I_1 = 0.50\\,\\mathrm{A}', 'I_2 = 0.25\\,\\mathrm{A}']);
  // Algebraic even though it starts with a digit; mixed forms become one sub-question per answer.
  assert.equal(p(4).final_answer_form, 'algebraic');
  assert.deepEqual(
    p(6).subquestions!.map((s) => [s.final_answer, s.final_answer_form]),
    [
      [['F \\approx 8.1\\,\\mathrm{N}'], 'numerical'],
      [['attractive'], 'text-based'],
    ],
  );
  // A unit our reader does not know is not guessed: value alone, unit as an instruction, a note.
  assert.deepEqual(p(7).final_answer, ['\\Delta\\tau = 3.0']);
  assert.equal(p(7).final_answer_instructions, 'Give the value in light-year/c.');
  assert.ok(result.notes.some((n) => n.id === id(7) && /unit 'light-year\/c' not read/.test(n.reason)));
  // Everything else is kept in meta, unknown fields and a given DAG included.
  assert.equal(p(10).meta.language, 'en');
  assert.equal(p(10).meta.reviewed_by, null);
  assert.deepEqual(p(1).meta.soft_labels, ['Kinematics']);
  assert.equal(p(4).meta.problem_difficulty, 5);
  assert.equal(
    p(1).meta.simplified_problem_statement,
    'A car accelerates uniformly from rest to 28 m/s in 8.0 s.',
  );
  assert.equal((p(12).meta.grading_standard as unknown[]).length, 2);
  assert.deepEqual(p(12).grading_standard, []);
  assert.equal(p(1).meta.Problem_ID, undefined);
});

test('import physicseval round trip: the reference answers fed back score 100% final-answer correct', () => {
  const result = importDataset('physicseval', items);
  const loaded = validateDataset(result.problems, 'physicseval.json');
  assert.equal(loaded.problems.length, 10, JSON.stringify(loaded.diagnostics.slice(0, 3)));
  const scorer = createScorer(loaded.problems);
  const wrong = referenceResponses(result.problems)
    .filter((row) => scorer.scoreResponse(row.problem_id, row.response).final_answer_correct !== true)
    .map((r) => r.problem_id);
  assert.deepEqual(wrong, []);
  // And a wrong value is not accepted (the round trip is not vacuous).
  const off = scorer.scoreResponse(id(2), 'Final answer: $$\\boxed{p_2 = 1.7\\,\\mathrm{atm}}$$');
  assert.equal(off.final_answer_correct, false);
});

test('prism import physicseval → prism score: every final answer right', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-import-pe-'));
  const out = join(dir, 'pe.json');
  const answers = join(dir, 'answers.jsonl');
  const r = await runCli(['import', 'physicseval', file, '--out', out, '--answers', answers]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /imported 10 of 13 physicseval items/);
  assert.match(r.stdout, /1 × repeated Problem_ID/);
  const s = await runCli([
    'score',
    '--dataset',
    out,
    '--responses',
    answers,
    '--out',
    join(dir, 'score'),
    '--json',
  ]);
  assert.equal(s.code, 0, s.stderr);
  const records = readFileSync(join(dir, 'score', 'records.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(records.length, 10);
  assert.ok(records.every((x) => x.final_answer_correct === true));
});

test('the loader reads brief answers the same way: a unit written after the math is part of the answer', () => {
  const [record] = items;
  const second = { ...items[1]!, grading_standard: undefined };
  const { problems } = convertPhysicsEval([record, second], 'x.json');
  assert.deepEqual(problems[1]!.final_answer, ['p_2 = 1.5\\,\\mathrm{atm}']);
  const scorer = createScorer(problems);
  // 1.5 atm in pascals: right only because the unit was read.
  const pa = scorer.scoreResponse(id(2), 'So $$p_2 = 1.52\\times10^{5}\\,\\mathrm{Pa}$$');
  assert.equal(pa.final_answer_correct, true);
  assert.equal(physicsEvalAnswer('$v = 14$ m/s').latex, 'v = 14\\,\\mathrm{m/s}');
  assert.equal(physicsEvalAnswer('The ball lands 30 m away.').form, 'text-based');
});

test('the loader checks every answer of a mixed-form problem in its own form (one sub-question each)', () => {
  const mixed = items.find((x) => x.Problem_ID === id(6))!;
  const { problems, diagnostics } = convertPhysicsEval([mixed], 'x.json');
  assert.deepEqual(diagnostics, []);
  const p = problems[0]!;
  assert.equal(p.final_answer, undefined);
  assert.deepEqual(
    p.subquestions!.map((s) => [s.letter, s.final_answer, s.final_answer_form]),
    [
      ['a', ['F \\approx 8.1\\,\\mathrm{N}'], 'numerical'],
      ['b', ['attractive'], 'text-based'],
    ],
  );
  // The loader and the importer agree on every answer.
  const imported = importDataset('physicseval', [mixed]).problems[0]!;
  assert.deepEqual(
    p.subquestions!.map((s) => [s.final_answer, s.final_answer_form]),
    imported.subquestions!.map((s) => [s.final_answer, s.final_answer_form]),
  );
  const scorer = createScorer(problems);
  // Right number but the text answer wrong (or absent): not correct; both right: correct.
  assert.notEqual(
    scorer.scoreResponse(id(6), 'a) $$F = 8.1\\,\\mathrm{N}$$ b) repulsive').final_answer_correct,
    true,
  );
  assert.equal(
    scorer.scoreResponse(id(6), 'a) $$F = 8.1\\,\\mathrm{N}$$\n\nb) The force is attractive.')
      .final_answer_correct,
    true,
  );
});
