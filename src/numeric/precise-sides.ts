import { copyNamedValues } from '../core/named-values.js';
import type { Node } from '../core/tree.js';
import { difference, evaluateDoubleDouble, isDoubleDoubleTree } from './double-double.js';
import type { Equation } from './equation.js';
import { charge } from './work-meter.js';

/** The written sides of an equation, the other variables' values and its target, with the work units of one evaluation. */
export interface Sides {
  readonly lhs: Node;
  readonly rhs: Node;
  readonly target: string;
  readonly values: Readonly<Record<string, number>>;
  readonly cost: number;
}

/**
 * f = lhs − rhs evaluated in double-double (see {@link evaluateDoubleDouble}), for the few points
 * where binary64 leaves it as rounding noise: the expanded quartic of two double roots 1e-4 apart
 * is below its own rounding error for a relative 3e-4 around them. Each evaluation counts against
 * the equation's budget and charges the work meter like one of its evaluations.
 */
export class PreciseSides {
  /** The sides at the last evaluated point (their leading parts). */
  l = 0;
  r = 0;
  private readonly at: Record<string, number>;

  private constructor(
    private readonly eq: Equation,
    private readonly lhs: Node,
    private readonly rhs: Node,
    private readonly target: string,
    values: Readonly<Record<string, number>>,
    private readonly cost: number,
  ) {
    this.at = copyNamedValues(values);
  }

  /** The sides in double-double, or undefined when a side holds more than arithmetic and square roots. */
  static of(eq: Equation, sides: Sides): PreciseSides | undefined {
    const { lhs, rhs } = sides;
    if (!isDoubleDoubleTree(lhs) || !isDoubleDoubleTree(rhs)) return undefined;
    return new PreciseSides(eq, lhs, rhs, sides.target, sides.values, sides.cost);
  }

  f(x: number): number {
    this.eq.evals++;
    if (!charge(this.cost)) {
      this.eq.truncated = true;
      return Number.NaN;
    }
    this.at[this.target] = x;
    const l = evaluateDoubleDouble(this.lhs, this.at);
    const r = evaluateDoubleDouble(this.rhs, this.at);
    if (l === undefined || r === undefined) return Number.NaN;
    this.l = l.hi;
    this.r = r.hi;
    return difference(l, r);
  }

  exhausted(): boolean {
    return this.eq.exhausted();
  }
}
