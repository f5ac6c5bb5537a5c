import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateCommand } from '../../src/cli/commands/validate.js';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { bundledDatasetPath } from '../../src/dataset/bundled-dataset.js';
import { checkSchema } from '../../src/dataset/check-schema.js';
import { runCommand } from '../helpers/cli.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

type Json = Record<string, unknown>;

const bundled = (): Json[] =>
  readdirSync(bundledDatasetPath())
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(bundledDatasetPath(), f), 'utf8')) as Json[]);

/** A problem with sub-questions, parameters and a witness: every mutation has a field to break. */
const mech01 = (): Json => bundled().find((p) => p.id === 'mech-01')!;

test('schema: every bundled problem matches the shipped schema', () => {
  const problems = bundled();
  assert.ok(problems.length >= 70);
  assert.deepEqual(checkSchema(problems, 'bundled'), []);
});

test('schema: the real released PRISM-Physics problems match it (extra fields allowed)', (t) => {
  const path = sharedFile('peers/prism-physics/dag_02_subset.json');
  if (path === undefined) return t.skip(missingShared('peers/prism-physics/dag_02_subset.json'));
  const items = JSON.parse(readFileSync(path, 'utf8')) as unknown[];
  assert.deepEqual(checkSchema(items, 'released'), []);
});

/** One structural mutation of a valid problem: what it breaks, and where the schema must say so. */
interface Mutation {
  readonly name: string;
  readonly apply: (p: Json) => void;
  readonly path: string;
  readonly fatal: boolean;
}

const node = (p: Json, i: number): Json => (p.grading_standard as Json[])[i] as Json;

const MUTATIONS: Mutation[] = [
  { name: 'no id', apply: (p) => delete p.id, path: '(the problem)', fatal: true },
  { name: 'blank id', apply: (p) => (p.id = '  '), path: '/id', fatal: true },
  { name: 'no DAG', apply: (p) => delete p.grading_standard, path: '(the problem)', fatal: true },
  { name: 'DAG not a list', apply: (p) => (p.grading_standard = {}), path: '/grading_standard', fatal: true },
  {
    name: 'node index a string',
    apply: (p) => (node(p, 1).index = '2'),
    path: '/grading_standard/1/index',
    fatal: true,
  },
  {
    name: 'node without formula',
    apply: (p) => delete node(p, 0).formula,
    path: '/grading_standard/0',
    fatal: true,
  },
  {
    name: 'blank formula',
    apply: (p) => (node(p, 0).formula = ' '),
    path: '/grading_standard/0/formula',
    fatal: true,
  },
  {
    name: 'dependency of strings',
    apply: (p) => (node(p, 2).dependency = ['1']),
    path: '/grading_standard/2/dependency/0',
    fatal: true,
  },
  {
    name: 'difficulty unknown',
    apply: (p) => (p.difficulty = 'olympiad'),
    path: '/difficulty',
    fatal: false,
  },
  { name: 'units unknown', apply: (p) => (p.units = 'cgs'), path: '/units', fatal: false },
  {
    name: 'constant a list',
    apply: (p) => (p.constants = { g: [9.8] }),
    path: '/constants/g',
    fatal: false,
  },
  { name: 'witness of strings', apply: (p) => (p.witness = [{ g: '9.8' }]), path: '/witness', fatal: false },
  {
    name: 'final answer a number',
    apply: (p) => ((p.subquestions as Json[])[0]!.final_answer = 3),
    path: '/subquestions/0/final_answer',
    fatal: false,
  },
  {
    name: 'parameter without range',
    apply: (p) => {
      const q = (p.parameters as Json[])[0]!;
      delete q.min;
      delete q.max;
    },
    path: '/parameters/0',
    fatal: true,
  },
];

for (const m of MUTATIONS) {
  test(`schema: ${m.name} is reported at ${m.path}, as the loader judges it`, () => {
    const problem = structuredClone(mech01());
    m.apply(problem);
    const found = checkSchema([problem], 'f.json');
    assert.ok(found.length > 0, 'no finding');
    assert.ok(
      found.some((d) => d.message.startsWith(`${m.path}:`)),
      found.map((d) => d.message).join('\n'),
    );
    assert.equal(
      found.some((d) => d.severity === 'error'),
      m.fatal,
    );
    // The schema and the hand-written loader agree on whether the problem is still usable.
    assert.equal(validateDataset([problem]).problems.length === 0, m.fatal, 'loader disagrees');
  });
}

test('schema: a near-miss field name is a warning with the suggestion; other extra fields pass', () => {
  const problem = structuredClone(mech01());
  problem.final_answers = ['x'];
  problem._source_file = 'a.json';
  const found = checkSchema([problem], 'f.json');
  assert.deepEqual(
    found.map((d) => [d.code, d.severity]),
    [['unknown-field', 'warning']],
  );
  assert.match(found[0]!.message, /did you mean `final_answer`/);
});

test('prism validate reports schema violations with the key path, once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-schema-'));
  const problems = bundled().slice(0, 2);
  node(problems[0]!, 2).dependency = ['1'];
  const file = join(dir, 'broken.json');
  writeFileSync(file, JSON.stringify(problems));
  const r = await runCommand(validateCommand, ['--dataset', file, '--json', '--no-witness']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as { valid: number; findings: { code: string; message: string }[] };
  assert.equal(out.valid, 1);
  assert.deepEqual(
    out.findings.map((f) => f.code),
    ['schema-violation'],
  );
  assert.match(out.findings[0]!.message, /^\/grading_standard\/2\/dependency\/0: must be integer/);
});
