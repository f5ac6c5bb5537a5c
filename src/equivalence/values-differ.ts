import { createPrng } from '../core/prng.js';
import { sortStrings } from '../core/sort-small.js';
import type { Node } from '../core/tree.js';
import { compile, freeVariables } from '../numeric/index.js';
import { shareable } from '../numeric/prepare-equation.js';
import { ANGLE_RANGE, angleVariables } from './angle-variables.js';
import { DEFAULT_EQUIVALENCE_OPTIONS } from './defaults.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import type { PreparedFormula } from './types.js';
import { variableScales } from './variable-scales.js';

/** Relative gap at the draw beyond which two values are told apart (the paper's tolerance is 1e-6). */
const GAP = 1e-3;

/**
 * Whether two bare expressions (one branch each, no integral, sum or derivative) clearly differ:
 * both evaluated at one draw of the kind Algorithm 1 makes (the paper's range, angles inside
 * (0, π/2), scale-aware), both finite and more than 0.1% apart. Then `compareFormulas` would
 * reject the pair too (its trial solving for the value meets the same continuous gap), so a caller
 * that only wants the equivalent ones can skip it. `false` means nothing: compare them.
 */
export function valuesClearlyDiffer(a: PreparedFormula, b: PreparedFormula): boolean {
  const plain = (f: PreparedFormula) =>
    f.ok &&
    f.kind === 'expression' &&
    f.branches.length === 1 &&
    f.costlyVariables.length === 0 &&
    f.derivativeVariables.length === 0;
  if (!plain(a) || !plain(b)) return false;
  const variables = sortStrings(
    [...new Set([...a.variables, ...b.variables])].filter((v) => v !== VALUE_SYMBOL),
  );
  const [lo, hi] = DEFAULT_EQUIVALENCE_OPTIONS.range;
  const angles = angleVariables(a, b);
  const scales = variableScales(a, b, variables);
  const prng = createPrng(`differ\u241e${sortStrings([a.canonical, b.canonical]).join('\u241e')}`);
  const values = new Float64Array(variables.length);
  variables.forEach((v, i) => {
    const u = prng.uniform(lo, hi);
    values[i] = angles.has(v)
      ? ANGLE_RANGE[0] + ((u - lo) / (hi - lo)) * (ANGLE_RANGE[1] - ANGLE_RANGE[0])
      : u * (scales[v] ?? 1);
  });
  const x = evaluateAt(a.branches[0]!.rhs, variables, values);
  const y = evaluateAt(b.branches[0]!.rhs, variables, values);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return Math.abs(x - y) > GAP * Math.max(Math.abs(x), Math.abs(y)) + DEFAULT_EQUIVALENCE_OPTIONS.absTol;
}

/** A side compiled once over its own free variables (see {@link evaluateAt}). */
interface OwnProgram {
  readonly slots: readonly string[];
  readonly fn: (values: Float64Array) => number;
}

const programs = new WeakMap<Node, OwnProgram>();

/**
 * The tree's value with `variables[i]` at `values[i]`. A tree whose compiling charges no work is
 * compiled once over its own free variables and kept (the final-answer check asks about the same
 * sides again and again); the program performs the same operations whatever the slots, so the value
 * is the same double. Other trees are compiled for the call, as before.
 */
function evaluateAt(tree: Node, variables: readonly string[], values: Float64Array): number {
  if (!shareable(tree)) return compile(tree, variables).fn(values);
  let own = programs.get(tree);
  if (own === undefined) {
    const slots = freeVariables(tree);
    own = { slots, fn: compile(tree, slots).fn };
    programs.set(tree, own);
  }
  const at = new Float64Array(own.slots.length);
  for (let i = 0; i < own.slots.length; i++) {
    const k = variables.indexOf(own.slots[i]!);
    at[i] = k === -1 ? Number.NaN : values[k]!;
  }
  return own.fn(at);
}
