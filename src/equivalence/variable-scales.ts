import { childNodes } from '../core/child-nodes.js';
import { namedValues } from '../core/named-values.js';
import type { Node } from '../core/tree.js';
import type { PreparedFormula } from './types.js';

/**
 * Scale-aware sampling. A constants map puts numbers like h = 6.6e-34 or c = 3e8 into formulas
 * whose variables Algorithm 1 draws from [2, 20]: terms then differ by 30 orders of magnitude, a
 * small extra term vanishes (false accept: `E_f = E_i + \frac{h^2}{8m_eL^2}` against `E_f = E_i`)
 * and `e^{\varepsilon/k_BT}` overflows (false reject). Here every variable v gets a decade scale
 * 10^{s_v} so that the terms of each sum, the two sides of the relation, and the arguments of exp,
 * ln and the trigonometric functions are of comparable size (argument ≈ 1).
 *
 * Each node's log10-magnitude is an affine form in the s_v (a product adds, a quotient subtracts, a
 * numeric power multiplies, a number contributes log10|value|); each sum, relation and function
 * argument gives one linear condition. The s_v solve those conditions in the least-squares sense
 * with a small ridge term (the minimum-norm solution where they leave freedom), rounded to whole
 * decades. When no condition has an offset of 3 decades or more — formulas without tiny or huge
 * numbers, in particular plain symbols — there are no scales and the sampling is exactly the
 * paper's. Deterministic and memoized per pair of prepared formulas.
 */
export function variableScales(
  a: PreparedFormula,
  b: PreparedFormula,
  variables: readonly string[],
): Readonly<Record<string, number>> {
  if (!scaled(a) && !scaled(b)) return NO_SCALES;
  const rows = [...conditionsOf(a), ...conditionsOf(b)].map((row) => typical(withinDomain(row)));
  const index = new Map(variables.map((v, i) => [v, i]));
  const n = variables.length;
  if (n === 0) return {};
  // Normal equations (AᵀA + λI) s = −Aᵀc.
  const m: number[][] = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (let i = 0; i < n; i++) m[i]![i] = RIDGE;
  for (const row of rows) {
    const { names, weights } = row;
    for (let p = 0; p < names.length; p++) {
      const i = index.get(names[p]!);
      const k = weights[p]!;
      if (i === undefined || k === 0) continue;
      for (let q = 0; q < names.length; q++) {
        const j = index.get(names[q]!);
        const l = weights[q]!;
        if (j !== undefined && l !== 0) m[i]![j]! += k * l;
      }
      m[i]![n]! -= k * row.c;
    }
  }
  const s = gauss(m, n);
  const out = namedValues();
  variables.forEach((v, i) => {
    const decades = Math.round(s[i] ?? 0);
    if (decades !== 0 && Math.abs(decades) <= MAX_DECADES) out[v] = 10 ** decades;
  });
  return out;
}

/** A condition is scaled in only when some offset reaches this many decades. */
const TRIGGER_DECADES = 3;
/**
 * The argument of an exponential (`e^{-kt}`, `\cosh x`, a symbolic power) is scaled in when its
 * typical size at the paper's draws reaches 10^1.5 ≈ 30: e^{-30} ≈ 1e-13 vanishes beside 1, and with
 * k and t from [2, 20] kt reaches 400, where e^{-kt} underflows (issue 24 class 2). `e^{-t/\tau}` has
 * a typical argument of 1 and is left alone.
 */
const GROWTH_TRIGGER = 1.5;
/** log10 of the typical value drawn from [2, 20] (its geometric mean, √40). */
const TYPICAL_DRAW = Math.log10(Math.sqrt(40));

/** An exponential's argument at typical draws: each variable contributes log10 √40 per power. */
function typical(row: Affine): Affine {
  if (row.growth !== true) return row;
  let powers = 0;
  for (const k of row.weights) powers += k;
  return { c: row.c + powers * TYPICAL_DRAW, names: row.names, weights: row.weights, growth: true };
}
const RIDGE = 1e-3;
const MAX_DECADES = 150;

/**
 * c + Σ weights[i]·s_{names[i]}: a log10-magnitude. The terms are kept in the order their variables
 * first appeared (as a Map would keep them) in two arrays: a Map per tree node was a large share of
 * the garbage of preparing a fresh formula.
 */
interface Affine {
  c: number;
  readonly names: readonly string[];
  readonly weights: readonly number[];
  /** The argument of an exponential (see {@link GROWTH_TRIGGER}). */
  growth?: true;
  /** A sum under a root (see {@link withinDomain}): what to add to `c` when solving for the scales. */
  domain?: number;
}

/**
 * A sum under a root whose terms are a constant and a term in the variables (`1 - v^2/c^2`) is made
 * comparable at the draw where the variable term is largest (each variable at 20 times its scale
 * for a positive power, at 2 times for a negative one), not at the scale itself: the terms equal at
 * v = c put every draw from [2, 20]·10^8 but the first fifth beyond v = c, where the root is not
 * real, and the trials said nothing (`x' = \gamma(x - vt)` undetermined under most draw seeds in
 * strict mode). The condition still reads as before when deciding whether to scale at all.
 */
function withinDomain(row: Affine): Affine {
  if (row.domain === undefined) return row;
  return { c: row.c + row.domain, names: row.names, weights: row.weights };
}

/** log10 of the draw at which a variable term is largest, by the sign of its power. */
const LARGEST_DRAW = Math.log10(20);
const SMALLEST_DRAW = Math.log10(2);

/** The condition that `constant` (no variables) and `term` are comparable at `term`'s largest draw. */
function domainCondition(constant: Affine, term: Affine, sign: number): Affine {
  const row = sign > 0 ? combine(constant, term, -1) : combine(term, constant, -1);
  let shift = 0;
  for (const k of term.weights) shift += k * (k > 0 ? LARGEST_DRAW : SMALLEST_DRAW);
  // (row = log constant − log term, or its negative: the term's largest draw raises log term.)
  return { c: row.c, names: row.names, weights: row.weights, domain: -sign * shift };
}

const memo = new WeakMap<PreparedFormula, readonly Affine[]>();

/** No variable scaled (shared: callers only read it). */
const NO_SCALES: Readonly<Record<string, number>> = Object.freeze({});

const triggers = new WeakMap<PreparedFormula, boolean>();

/** Some condition of the formula has an offset that calls for scales (memoized per formula). */
function scaled(f: PreparedFormula): boolean {
  let t = triggers.get(f);
  if (t === undefined) {
    t = conditionsOf(f)
      .map(typical)
      .some((r) => Math.abs(r.c) >= (r.growth === true ? GROWTH_TRIGGER : TRIGGER_DECADES));
    triggers.set(f, t);
  }
  return t;
}

function conditionsOf(f: PreparedFormula): readonly Affine[] {
  let rows = memo.get(f);
  if (rows === undefined) {
    const out: Affine[] = [];
    for (const { lhs, rhs } of f.branches.slice(0, 1)) {
      const l = magnitude(lhs, out);
      const r = magnitude(rhs, out);
      if (l !== undefined && r !== undefined) out.push(combine(l, r, -1));
    }
    rows = out;
    memo.set(f, rows);
  }
  return rows;
}

const NO_NAMES: readonly string[] = [];
const NO_WEIGHTS: readonly number[] = [];

function constant(c: number): Affine {
  return { c, names: NO_NAMES, weights: NO_WEIGHTS };
}

function single(name: string): Affine {
  return { c: 0, names: [name], weights: [1] };
}

/** x + k·y, term by term (a variable new to x is appended with weight 0 + k·w). */
function combine(x: Affine, y: Affine, k: number): Affine {
  const names = x.names.slice();
  const weights = x.weights.slice();
  for (let q = 0; q < y.names.length; q++) {
    const v = y.names[q]!;
    const w = y.weights[q]!;
    const i = names.indexOf(v);
    if (i < 0) {
      names.push(v);
      weights.push(0 + k * w);
    } else weights[i] = weights[i]! + k * w;
  }
  return { c: x.c + k * y.c, names, weights };
}

function times(x: Affine, k: number): Affine {
  const weights = new Array<number>(x.weights.length);
  for (let i = 0; i < weights.length; i++) weights[i] = x.weights[i]! * k;
  return { c: x.c * k, names: x.names, weights };
}

/** The argument of an exponential, as a condition (see {@link GROWTH_TRIGGER}). */
function growing(x: Affine): Affine {
  return { c: x.c, names: x.names, weights: x.weights, growth: true };
}

/** A numeric value when the node is a constant expression of numbers. */
function numeric(node: Node): number | undefined {
  if (node.type === 'number') return node.value;
  if (node.type === 'unary') {
    const x = numeric(node.arg);
    return x === undefined ? undefined : node.op === '-' ? -x : x;
  }
  if (node.type === 'binary') {
    // (The right side is not walked when the left is not a number: `magnitude` asks at every node.)
    const l = numeric(node.left);
    if (l === undefined) return undefined;
    const r = numeric(node.right);
    if (r === undefined) return undefined;
    if (node.op === '+') return l + r;
    if (node.op === '-') return l - r;
    if (node.op === '*') return l * r;
    if (node.op === '/') return l / r;
    if (node.op === '^') return l ** r;
  }
  return undefined;
}

const ARGUMENT_OF_ORDER_ONE = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'arccot',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'sech',
  'csch',
  'arsinh',
  'arcosh',
  'artanh',
  'exp',
  'ln',
  'log',
  'lg',
]);

/** Functions that grow or saturate exponentially in their argument. */
const EXPONENTIAL = new Set(['exp', 'sinh', 'cosh', 'tanh', 'coth', 'sech', 'csch']);

/** The log10-magnitude of a node (undefined: unknown), pushing the conditions it implies. */
function magnitude(node: Node, out: Affine[], underRoot = false): Affine | undefined {
  const value = numeric(node);
  if (value !== undefined)
    return value !== 0 && Number.isFinite(value) ? constant(Math.log10(Math.abs(value))) : undefined;
  switch (node.type) {
    case 'symbol':
      return single(node.name);
    case 'unary':
      return magnitude(node.arg, out, underRoot);
    case 'binary': {
      if (node.op === '+' || node.op === '-') {
        const l = magnitude(node.left, out, underRoot);
        const r = magnitude(node.right, out, underRoot);
        if (l === undefined || r === undefined) return l ?? r;
        if (underRoot && l.names.length === 0 && r.names.length > 0) out.push(domainCondition(l, r, 1));
        else if (underRoot && r.names.length === 0 && l.names.length > 0) out.push(domainCondition(r, l, -1));
        else out.push(combine(l, r, -1));
        return times(combine(l, r, 1), 0.5);
      }
      if (node.op === '^') {
        const k = numeric(node.right);
        const base = magnitude(node.left, out, underRoot || (k !== undefined && !Number.isInteger(k)));
        if (k !== undefined) return base === undefined ? undefined : times(base, k);
        const exponent = magnitude(node.right, out);
        if (exponent !== undefined) out.push(growing(exponent));
        return undefined;
      }
      const l = magnitude(node.left, out, underRoot);
      const r = magnitude(node.right, out, underRoot);
      if (l === undefined || r === undefined) return l ?? r;
      return combine(l, r, node.op === '/' ? -1 : 1);
    }
    case 'call': {
      const arg = node.args[0];
      if (arg === undefined) return undefined;
      if (node.fn === 'sqrt') {
        const index = node.args[1] === undefined ? 2 : numeric(node.args[1]);
        const inner = magnitude(arg, out, index !== undefined && index % 2 === 0);
        return inner === undefined || index === undefined || index === 0
          ? undefined
          : times(inner, 1 / index);
      }
      if (node.fn === 'abs') return magnitude(arg, out, underRoot);
      if (ARGUMENT_OF_ORDER_ONE.has(node.fn)) {
        const inner = magnitude(arg, out);
        if (inner !== undefined) out.push(EXPONENTIAL.has(node.fn) ? growing(inner) : inner);
        return constant(0);
      }
      return undefined;
    }
    case 'opaque':
      return single(node.key);
    default:
      for (const child of childNodes(node)) magnitude(child, []);
      return undefined;
  }
}

/** Solves the n×(n+1) augmented system by Gaussian elimination with partial pivoting. */
function gauss(m: number[][], n: number): number[] {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (p === 0) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[n]! / row[i]!));
}
