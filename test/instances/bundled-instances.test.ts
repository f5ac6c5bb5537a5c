import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { instancesCommand } from '../../src/cli/commands/instances.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { formatFigures } from '../../src/dag/render-template.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { checkEquivalence } from '../../src/equivalence/index.js';
import { datasetInstances, type InstanceProblem } from '../../src/instances/index.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { runCommand } from '../helpers/cli.js';

const bundled = loadDataset(bundledDatasetPath()).problems;
const all = datasetInstances(bundled, { n: 5, seed: 'bundled-test' });

test('every parameterized bundled problem yields 5 instances that solve; only 3 problems are left out', () => {
  assert.deepEqual(all.diagnostics, []);
  assert.deepEqual(all.unparameterized, ['anp-05', 'opt-03', 'ssm-07']);
  assert.equal(all.instances.length, 5 * 67);
  assert.ok(
    all.rows.every((r) => r.rejected_solve === 0),
    JSON.stringify(all.rows.filter((r) => r.rejected_solve > 0)),
  );
  for (const inst of all.instances) {
    assert.ok(inst.ground_truth.length > 0, inst.id);
    assert.ok(
      inst.ground_truth.every((g) => Number.isFinite(g.value_si)),
      inst.id,
    );
    assert.ok(!/\{\{/.test(inst.context), inst.id);
  }
});

test('prism instances writes byte-identical output for a seed, and another seed differs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-instances-'));
  const file = join(bundledDatasetPath(), 'electromagnetism.json');
  const run = async (seed: string, out: string) =>
    runCommand(instancesCommand, ['--dataset', file, '--n', '5', '--seed', seed, '--out', join(dir, out)]);
  assert.equal((await run('7', 'a.json')).code, 0);
  assert.equal((await run('7', 'b.json')).code, 0);
  assert.equal((await run('8', 'c.json')).code, 0);
  const read = (f: string) => readFileSync(join(dir, f));
  assert.ok(read('a.json').equals(read('b.json')));
  assert.ok(!read('a.json').equals(read('c.json')));
  assert.equal((await runCommand(instancesCommand, ['--n', 'x'])).code, 2);
});

const byId = (id: string): InstanceProblem[] => all.instances.filter((i) => i.instance_of === id).slice(0, 3);
const f = (x: number) => formatFigures(x, 4);

/** Answers written with each instance's own numbers (one per problem), and the node they must match. */
const SAMPLES: { id: string; node: number; answer: (v: Readonly<Record<string, string>>) => string }[] = [
  {
    id: 'mech-04',
    node: 3,
    answer: (v) =>
      `$$A = \\frac{${v.m}\\cdot 9.8\\sin(${v.theta}^\\circ)\\cos(${v.theta}^\\circ)}{${v.M} + ${v.m}\\sin^2(${v.theta}^\\circ)}$$`,
  },
  {
    id: 'em-07',
    node: 7,
    answer: (v) => `$$f_0 = \\frac{1}{2\\pi\\sqrt{${v.L}\\cdot ${v.C}\\times10^{-6}}}$$`,
  },
  {
    id: 'thermo-09',
    node: 4,
    answer: (v) => `$$T_2 = ${v.T_1}\\cdot\\frac{${v.p_2}}{${v.p_1}}$$`,
  },
  {
    id: 'qm-01',
    node: 4,
    answer: (v) =>
      `$$\\lambda = \\frac{8\\cdot 9.109\\times10^{-31}\\cdot 2.998\\times10^{8}\\cdot (${v.L}\\times10^{-9})^2}{3\\cdot 6.626\\times10^{-34}}$$`,
  },
];

test('answers written with 12 instances’ numbers match the symbolic nodes; the original problem’s numbers do not', () => {
  const problems = SAMPLES.flatMap((s) => byId(s.id));
  assert.equal(problems.length, 12);
  const scorer = createScorer(problems);
  for (const s of SAMPLES) {
    const original = bundled.find((p) => p.id === s.id)!;
    const own = Object.fromEntries((original.parameters ?? []).map((p) => [p.name, p.value]));
    // Numbers written to the parameter's figures, as the problem text shows them.
    const written = (values: Readonly<Record<string, number>>): Record<string, string> =>
      Object.fromEntries(
        (original.parameters ?? []).map((p) => [
          p.name,
          p.integer === true ? String(values[p.name]) : formatFigures(values[p.name]!, p.figures ?? 3),
        ]),
      );
    for (const inst of byId(s.id)) {
      const mine = s.answer(written(inst.parameter_values));
      const right = scorer.scoreResponse(inst, mine);
      assert.ok(right.matched.includes(s.node), `${inst.id}: ${mine} → ${right.matched}`);
      // Only when the numbers this answer uses differ from the original's.
      const theirs = s.answer(written(own));
      if (theirs === mine) continue;
      // …and by more than a grader's tolerance (an instance drawn near the original's values states
      // the same result to the figures written).
      const strip = (t: string): string => t.replace(/^\$\$|\$\$$/g, '');
      if (checkEquivalence(strip(mine), strip(theirs)).verdict === 'equivalent') continue;
      const stale = scorer.scoreResponse(inst, theirs);
      assert.ok(!stale.matched.includes(s.node), `${inst.id}: the original's numbers matched`);
    }
  }
});

test('the computed ground truth is the final answer the scorer accepts', () => {
  const problems = byId('em-07');
  const scorer = createScorer(problems);
  for (const inst of problems) {
    const boxed = inst.ground_truth.map((g) => `$$\\boxed{${g.latex}}$$`).join('\n');
    assert.equal(scorer.scoreResponse(inst, boxed).final_answer_correct, true, boxed);
    const off = inst.ground_truth.map((g) => `$$\\boxed{${g.quantity} = ${f(g.value! * 1.05)}}$$`).join('\n');
    assert.equal(scorer.scoreResponse(inst, off).final_answer_correct, false, off);
  }
});
