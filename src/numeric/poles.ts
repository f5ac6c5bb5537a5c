import type { Node } from '../core/tree.js';
import { isolate } from './isolate.js';
import { occurrences } from './occurrences.js';
import { prepareEquation, shareable } from './prepare-equation.js';
import { reusedEquation } from './solve-equation.js';

/**
 * Where lhs − rhs has poles in the target: the zeros of its denominators that contain the target
 * once (so that path A inverts them: a few evaluations each), inside [−window, window], sorted. A
 * denominator is the divisor of `/`, the base of a power with a negative numeric exponent, and
 * cos u under tan u and sec u, sin u under cot u and csc u. Denominators in which the target occurs
 * more than once, and trees with integrals, sums or derivatives, give none. Evaluations spent are
 * returned with the poles (and charged to the work meter as every evaluation is).
 */
export function polesOf(
  lhs: Node,
  rhs: Node,
  target: string,
  values: Readonly<Record<string, number>>,
  window: number,
  maxPoles: number,
): { poles: number[]; evals: number } {
  const dens = denominators(lhs, rhs, target);
  if (dens.length === 0) return NO_POLES;
  const poles: number[] = [];
  let evals = 0;
  for (const den of dens) {
    const prepared = prepareEquation(den, ZERO, target);
    if (prepared.plan === undefined) continue;
    // (The denominator's own equation, reset: never the scan's, whose prepared equation differs.)
    const eq = reusedEquation(prepared, values, maxPoles);
    const roots = isolate(eq, prepared.plan, window, maxPoles);
    evals += eq.evals;
    if (Array.isArray(roots)) for (const r of roots) if (Number.isFinite(r)) poles.push(r);
    if (poles.length >= maxPoles) break;
  }
  poles.sort((a, b) => a - b);
  return { poles, evals };
}

const NO_POLES: { poles: number[]; evals: number } = Object.freeze({ poles: [], evals: 0 }) as {
  poles: number[];
  evals: number;
};

const ZERO: Node = Object.freeze({ type: 'number', value: 0, raw: '0', span: { start: 0, end: 0 } }) as Node;

/** The denominators of both sides that contain the target once, memoized per pair of trees and target. */
function denominators(lhs: Node, rhs: Node, target: string): readonly Node[] {
  let byRhs = memo.get(lhs);
  if (byRhs === undefined) memo.set(lhs, (byRhs = new WeakMap()));
  let byTarget = byRhs.get(rhs);
  if (byTarget === undefined) byRhs.set(rhs, (byTarget = new Map()));
  let dens = byTarget.get(target);
  if (dens === undefined) {
    const out: Node[] = [];
    if (shareable(lhs) && shareable(rhs)) {
      collect(lhs, target, out);
      collect(rhs, target, out);
    }
    byTarget.set(target, (dens = out.length === 0 ? NONE : out));
  }
  return dens;
}

const memo = new WeakMap<Node, WeakMap<Node, Map<string, readonly Node[]>>>();
const NONE: readonly Node[] = Object.freeze([]);

function collect(node: Node, target: string, out: Node[]): void {
  switch (node.type) {
    case 'unary':
      collect(node.arg, target, out);
      return;
    case 'binary':
      collect(node.left, target, out);
      collect(node.right, target, out);
      if (node.op === '/') zerosOf(node.right, target, out);
      else if (node.op === '^' && negativeNumber(node.right)) zerosOf(node.left, target, out);
      return;
    case 'call': {
      for (const a of node.args) collect(a, target, out);
      const under = UNDER[node.fn];
      if (under !== undefined && node.args.length === 1 && once(node.args[0]!, target))
        out.push({ type: 'call', fn: under, args: node.args, span: node.span });
      return;
    }
    default:
      return;
  }
}

/**
 * Factors of `node` whose zeros are its zeros, each with the target once: the factors of a product,
 * the numerator of a quotient, the base of a positive power, the operand of a minus.
 */
function zerosOf(node: Node, target: string, out: Node[]): void {
  const n = occurrences(node, target).count;
  if (n === 0) return;
  if (n === 1) {
    out.push(node);
    return;
  }
  if (node.type === 'unary' && node.op === '-') zerosOf(node.arg, target, out);
  else if (node.type === 'binary' && node.op === '*') {
    zerosOf(node.left, target, out);
    zerosOf(node.right, target, out);
  } else if (node.type === 'binary' && node.op === '/') zerosOf(node.left, target, out);
  else if (node.type === 'binary' && node.op === '^' && node.right.type === 'number' && node.right.value > 0)
    zerosOf(node.left, target, out);
}

/** The function whose zeros are the poles of tan, sec (cos) and cot, csc (sin). */
const UNDER: Partial<Record<string, 'sin' | 'cos'>> = { tan: 'cos', sec: 'cos', cot: 'sin', csc: 'sin' };

function once(node: Node, target: string): boolean {
  return occurrences(node, target).count === 1;
}

function negativeNumber(node: Node): boolean {
  if (node.type === 'number') return node.value < 0;
  return node.type === 'unary' && node.op === '-' && node.arg.type === 'number' && node.arg.value > 0;
}
