import type { Diagnostic } from '../core/diagnostic.js';
import { checkWitness, prepareWitnessFormulas } from '../dag/check-witness.js';
import { roundFigures } from '../dag/render-template.js';
import type { Parameter, Problem } from '../dag/types.js';
import { formulaVariables, prepareFormula, symbolName } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { expressionValue } from '../score/numeric-answer.js';
import { type PreparedConstraint, prepareConstraint } from './prepare-constraint.js';
import { unitScale } from './unit-scale.js';

/** A parameter with its SI scale and canonical DAG name. */
export interface PlannedParameter {
  readonly parameter: Parameter;
  /** SI value = value × scale. */
  readonly scale: number;
  /** Canonical name of its symbol (as the witness walk names it). */
  readonly name: string;
}

/**
 * Everything needed to solve instances of one parameterized problem, prepared once: the DAG with
 * the constants map minus the parameters (they enter the walk as witness values), the other witness
 * keys that stay fixed (inputs no parameter sets), the constraints, and the findings about the problem
 * as written. `ok` is false when no instance can be solved.
 */
export interface InstancePlan {
  readonly ok: boolean;
  readonly problem: Problem;
  readonly parameters: readonly PlannedParameter[];
  /** Constants map without the parameters' symbols. */
  readonly constants: Readonly<Record<string, string>>;
  readonly prepared: PreparedFormula[][];
  /** Witness entries kept in every instance (keys as written). */
  readonly fixed: Readonly<Record<string, number>>;
  readonly constraints: readonly PreparedConstraint[];
  readonly diagnostics: readonly Diagnostic[];
}

const error = (code: string, message: string, where: string): Diagnostic => ({
  code,
  severity: 'error',
  message,
  where,
});

function inRange(p: Parameter, v: number): boolean {
  const eps = 1e-12 * Math.max(1, Math.abs(v));
  if (p.values?.some((x) => Math.abs(x - v) <= eps)) return true;
  return p.min !== undefined && p.max !== undefined && v >= p.min - eps && v <= p.max + eps;
}

/**
 * Plans the instances of a problem with `parameters` and checks it: every parameter's symbol is a
 * constants-map or witness key used by a DAG formula (`parameter-not-input`), its `value` in its unit
 * equals that key's SI value (`parameter-witness-mismatch`), lies in its range or list, is an integer
 * when declared so and is written to its figures (`parameter-out-of-range`); every constraint reads
 * (`parameter-constraint-bad`). Witness keys that are no parameter stay fixed, except the ones the
 * walk derives anyway (pinned intermediates), which are dropped so they follow the new inputs.
 */
export function planInstances(problem: Problem): InstancePlan {
  const where = `problem ${problem.id}`;
  const diagnostics: Diagnostic[] = [];
  const constants: Record<string, string> = { ...(problem.constants ?? {}) };
  const witness: Record<string, number> = { ...(problem.witness?.[0] ?? {}) };
  const parameters: PlannedParameter[] = [];
  const base: Record<string, number> = {};
  for (const parameter of problem.parameters ?? []) {
    const at = `${where} parameter ${parameter.name}`;
    const scale = unitScale(parameter.unit);
    const name = symbolName(parameter.symbol);
    if (scale === undefined || name === undefined) {
      diagnostics.push(
        error('parameter-bad', `cannot read unit ${parameter.unit} or symbol ${parameter.symbol}`, at),
      );
      continue;
    }
    let own: number | undefined;
    if (parameter.symbol in constants) {
      own = expressionValue(
        prepareFormula(constants[parameter.symbol]!, { constants: problem.constants ?? {} }),
      );
      delete constants[parameter.symbol];
    } else if (parameter.symbol in witness) {
      own = witness[parameter.symbol];
      delete witness[parameter.symbol];
    } else {
      diagnostics.push(
        error(
          'parameter-not-input',
          `${parameter.symbol} is neither a constants-map key nor a witness key`,
          at,
        ),
      );
      continue;
    }
    const si = parameter.value * scale;
    if (own === undefined || Math.abs(own - si) > 1e-9 * Math.max(Math.abs(own), Math.abs(si))) {
      diagnostics.push(
        error(
          'parameter-witness-mismatch',
          `value ${parameter.value} ${parameter.unit ?? ''} is ${si} in SI, but the problem has ${parameter.symbol} = ${own}`,
          at,
        ),
      );
    }
    const v = parameter.value;
    if (
      !inRange(parameter, v) ||
      (parameter.integer === true && !Number.isInteger(v)) ||
      (parameter.integer !== true && roundFigures(v, parameter.figures ?? 3) !== v)
    ) {
      diagnostics.push(
        error(
          'parameter-out-of-range',
          `value ${v} is outside its range/list, or not written to its figures`,
          at,
        ),
      );
    }
    parameters.push({ parameter, scale, name });
    base[parameter.symbol] = si;
  }
  const templated: Problem = { ...problem, constants };
  const prepared = prepareWitnessFormulas(templated);
  const variables = new Set(
    prepared
      .flat()
      .filter((f) => f.ok)
      .flatMap(formulaVariables),
  );
  for (const p of parameters) {
    if (!variables.has(p.name))
      diagnostics.push(
        error(
          'parameter-not-input',
          `no DAG formula uses ${p.parameter.symbol}`,
          `${where} parameter ${p.parameter.name}`,
        ),
      );
  }
  const constraints: PreparedConstraint[] = [];
  for (const source of problem.constraints ?? []) {
    const c = prepareConstraint(source, constants);
    if (typeof c === 'string') diagnostics.push(error('parameter-constraint-bad', c, where));
    else constraints.push(c);
  }
  // Witness keys the walk derives from the others are pinned intermediates: drop them.
  const fixed: Record<string, number> = { ...witness };
  for (const key of Object.keys(witness)) {
    const without = { ...fixed };
    delete without[key];
    const name = symbolName(key);
    const report = checkWitness({ ...templated, witness: [{ ...without, ...base }] }, prepared);
    const got = name === undefined ? undefined : report.solutions[0]?.[name];
    const clean = !report.diagnostics.some((d) => d.severity === 'error');
    if (clean && got !== undefined && Math.abs(got - witness[key]!) <= 1e-6 * Math.abs(witness[key]!)) {
      delete fixed[key];
    }
  }
  const ok = !diagnostics.some((d) => d.code === 'parameter-not-input' || d.code === 'parameter-bad');
  return { ok, problem, parameters, constants, prepared, fixed, constraints, diagnostics };
}
