import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFigures, renderValue } from '../../src/dag/render-template.js';
import type { Problem } from '../../src/dag/types.js';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import {
  checkParameters,
  generateInstances,
  type InstanceProblem,
  planInstances,
  solveInstance,
} from '../../src/instances/index.js';
import { createScorer } from '../../src/score/create-scorer.js';

/** A fresh problem: a ball dropped from height h; v = √(2gh). The height is a parameter in metres. */
const drop = {
  id: 'drop',
  context:
    'A ball is dropped from rest from a height $h = {{h}}$ above the floor; take $g = 9.8\\ \\text{m/s}^2$. Find its speed $v$ on reaching the floor.',
  final_answer_form: 'numerical',
  final_answer_instructions: 'Give $v$ in m/s to 3 significant figures.',
  final_answer: ['v = 9.90'],
  significant_figures: 3,
  grading_standard: [
    { index: 1, formula: '$$m g h = \\frac{1}{2} m v^2$$', dependency: [] },
    { index: 2, formula: '$$v = \\sqrt{2 g h}$$', dependency: [1], is_final_answer: true },
  ],
  constants: { g: '9.8', h: '5.0' },
  witness: [{ m: 1 }],
  parameters: [{ name: 'h', symbol: 'h', value: 5.0, min: 1.0, max: 20, unit: '\\text{m}', figures: 2 }],
};

/** A second one with the parameter in the witness, a degree unit and a constraint on a solved quantity. */
const ramp = {
  id: 'ramp',
  context:
    'A block slides down a frictionless ramp inclined at $\\theta = {{theta}}$ from a height of $H = {{H}}$. Find its speed $u$ at the bottom and the ramp length $s$.',
  final_answer_form: 'numerical',
  final_answer: ['s = 4.00\\,\\text{m}'],
  significant_figures: 3,
  grading_standard: [
    { index: 1, formula: '$$u = \\sqrt{2 g H}$$', dependency: [] },
    { index: 2, formula: '$$s = \\frac{H}{\\sin\\theta}$$', dependency: [1], is_final_answer: true },
  ],
  constants: { g: '9.8' },
  witness: [{ '\\theta': Math.PI / 6, H: 2 }],
  parameters: [
    { name: 'theta', symbol: '\\theta', value: 30, min: 10, max: 80, unit: '^\\circ', figures: 2 },
    { name: 'H', symbol: 'H', value: 2.0, values: [1.0, 2.0, 3.0], unit: '\\text{m}', figures: 2 },
  ],
  constraints: ['s < 6'],
};

const load = (items: unknown[]): { problems: Problem[]; codes: string[] } => {
  const v = validateDataset(items);
  return { problems: v.problems, codes: v.diagnostics.map((d) => d.code) };
};

test('figures and units render as a physicist writes them', () => {
  assert.equal(formatFigures(5, 2), '5.0');
  assert.equal(formatFigures(0.025, 3), '0.0250');
  assert.equal(formatFigures(5772, 4), '5772');
  assert.equal(formatFigures(1.5e11, 3), '1.50\\times10^{11}');
  assert.equal(formatFigures(-3.0e-7, 2), '-3.0\\times10^{-7}');
  assert.equal(renderValue({ name: 't', symbol: 't', value: 30, unit: '^\\circ' }, 30), '30.0^\\circ');
  assert.equal(renderValue({ name: 'n', symbol: 'n', value: 2, integer: true }, 3), '3');
});

test('the loader renders placeholders with the problem’s own values and keeps the template', () => {
  const { problems, codes } = load([drop]);
  assert.deepEqual(codes, []);
  assert.match(problems[0]!.context, /\$h = 5\.0\\ \\text\{m\}\$/);
  assert.match(problems[0]!.template!.context, /\{\{h\}\}/);
});

test('a placeholder naming no parameter, and a parameter without a range, are errors', () => {
  const { codes } = load([
    { ...drop, context: `${drop.context} Mass $M = {{M}}$.` },
    { ...drop, id: 'd2', parameters: [{ name: 'h', symbol: 'h', value: 5 }] },
  ]);
  assert.ok(codes.includes('parameter-unknown-placeholder'));
  assert.ok(codes.includes('parameter-bad'));
});

test('the problem as written must be one instance: value, range and symbol are checked', () => {
  const wrongValue = load([{ ...drop, parameters: [{ ...drop.parameters[0], value: 6.0 }] }]).problems[0]!;
  assert.ok(checkParameters(wrongValue).some((d) => d.code === 'parameter-witness-mismatch'));
  const outside = load([{ ...drop, parameters: [{ ...drop.parameters[0], min: 10, max: 20 }] }]).problems[0]!;
  assert.ok(checkParameters(outside).some((d) => d.code === 'parameter-out-of-range'));
  const notInput = load([{ ...drop, parameters: [{ ...drop.parameters[0], symbol: 'q' }] }]).problems[0]!;
  assert.ok(checkParameters(notInput).some((d) => d.code === 'parameter-not-input'));
  const broken = load([{ ...ramp, constraints: ['s > 10'] }]).problems[0]!;
  assert.ok(checkParameters(broken).some((d) => d.code === 'parameter-constraint-violated'));
  const good = load([drop, ramp]).problems;
  assert.deepEqual(
    good.flatMap((p) => checkParameters(p)),
    [],
  );
});

test('instances are deterministic per seed, solve forward, and carry their values in the constants map', () => {
  const [p] = load([drop]).problems;
  const plan = planInstances(p!);
  const a = generateInstances(plan, { n: 6, seed: 's' });
  const b = generateInstances(plan, { n: 6, seed: 's' });
  const c = generateInstances(plan, { n: 6, seed: 't' });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.notEqual(JSON.stringify(a), JSON.stringify(c));
  for (const inst of a.instances) {
    const h = inst.parameter_values.h!;
    assert.ok(h >= 1 && h <= 20 && Number(h.toPrecision(2)) === h);
    assert.equal(Number(inst.constants!.h!.replace('\\times10^{', 'e').replace('}', '')), h);
    const v = Math.sqrt(2 * 9.8 * h);
    const truth = inst.ground_truth[0]!;
    assert.ok(Math.abs(truth.value_si - v) < 1e-9 * v, `${truth.value_si} vs ${v}`);
    assert.equal(truth.latex, `v = ${formatFigures(v, 3)}`);
    assert.deepEqual(inst.final_answer, [truth.latex]);
    assert.ok(inst.context.includes(`h = ${formatFigures(h, 2)}\\ \\text{m}`));
  }
});

test('a constraint on a solved quantity rejects draws and they are counted', () => {
  const [p] = load([ramp]).problems;
  const got = generateInstances(planInstances(p!), { n: 20, seed: 'r' });
  assert.equal(got.instances.length, 20);
  assert.ok(got.rejected.constraint > 0, 'sin θ small with H = 3 makes s ≥ 6 often');
  for (const inst of got.instances) {
    const s = inst.ground_truth[0]!.value_si;
    const theta = (inst.parameter_values.theta! * Math.PI) / 180;
    assert.ok(s < 6);
    assert.ok(Math.abs(s - inst.parameter_values.H! / Math.sin(theta)) < 1e-9 * s);
    assert.ok([1, 2, 3].includes(inst.parameter_values.H!));
  }
  const solved = solveInstance(planInstances(p!), { theta: 20, H: 3 });
  assert.equal(solved.ok, false);
});

test('an answer that substitutes the instance’s numbers matches the symbolic node', () => {
  const [p] = load([drop]).problems;
  const { instances } = generateInstances(planInstances(p!), { n: 4, seed: 'x' });
  const scorer = createScorer(instances);
  for (const inst of instances) {
    const h = formatFigures(inst.parameter_values.h!, 2);
    const v = inst.ground_truth[0]!.latex;
    const right = scorer.scoreResponse(
      inst,
      `Energy: $$v = \\sqrt{2\\cdot 9.8\\cdot ${h}}$$ so $$\\boxed{${v}}$$`,
    );
    assert.equal(right.step_score, 1, JSON.stringify(right.matched));
    assert.equal(right.final_answer_correct, true);
    const wrong = scorer.scoreResponse(
      inst,
      `$$v = \\sqrt{9.8\\cdot ${h}}$$ so $$\\boxed{v = ${formatFigures(Math.sqrt(9.8 * inst.parameter_values.h!), 3)}}$$`,
    );
    assert.equal(wrong.final_answer_correct, false);
    assert.ok(!wrong.matched.includes(2));
  }
});

export type { InstanceProblem };

test('prism validate reports a parameter whose value disagrees with the witness (exit 1)', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { validateCommand } = await import('../../src/cli/commands/validate.js');
  const { runCommand } = await import('../helpers/cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'prism-validate-params-'));
  const good = join(dir, 'good.json');
  const bad = join(dir, 'bad.json');
  writeFileSync(good, JSON.stringify([drop, ramp]));
  writeFileSync(
    bad,
    JSON.stringify([{ ...ramp, parameters: [{ ...ramp.parameters[0], value: 45 }, ramp.parameters[1]] }]),
  );
  const ok = await runCommand(validateCommand, ['--dataset', good]);
  assert.equal(ok.code, 0, ok.stdout);
  const r = await runCommand(validateCommand, ['--dataset', bad]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /parameter-witness-mismatch .*problem ramp parameter theta/);
});
