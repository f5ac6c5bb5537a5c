import type { Diagnostic } from '../core/diagnostic.js';
import type { Node, Verdict } from '../core/tree.js';
import type { SolvePath } from '../numeric/index.js';
import type { ReferenceSolutions } from './reference-solutions.js';

/** How solution sets are compared; see the design brief ("Semantics worth knowing"). */
export type EquivalenceMode = 'physical' | 'strict';

/** Parameters of Algorithm 1 (PRISM-Physics, Appendix B); all optional with the paper's defaults. */
export interface EquivalenceOptions {
  /** Maximum number of trials (N_max). Default 40. */
  readonly maxTrials?: number;
  /** Trials that must succeed (n_eq + n_neq) before stopping (N_succ). Default 10. */
  readonly minSuccesses?: number;
  /** Non-rejecting trials needed for `equivalent` (N_eq). Default 10. */
  readonly minEqual?: number;
  /** Range the non-target variables are drawn from. Default [2, 20]. */
  readonly range?: readonly [number, number];
  /** Relative tolerance of the set comparison. Default 1e-6. */
  readonly relTol?: number;
  /** Absolute floor of the comparison near zero. Default 1e-9. */
  readonly absTol?: number;
  /** Default `physical`. */
  readonly mode?: EquivalenceMode;
  /**
   * Ranges tried, in order, after `range` when too few trials succeed (no real solution for the
   * target, e.g. x^2 + y^2 = 1 with y in [2, 20]). Default in `physical` mode: [0.05, 0.95] then
   * [-20, 20]; in `strict` mode none (the paper's single range).
   */
  readonly fallbackRanges?: readonly (readonly [number, number])[];
  /** Work budget per pair in function evaluations (deterministic stand-in for a time budget). */
  readonly evalBudget?: number;
  /**
   * Work-meter budget per pair, in work units (integrand evaluations, series terms, solver probes
   * weighted by formula size, compiled nodes). Past it the verdict is undetermined
   * (`work-budget-exhausted`). Default 1 000 000.
   */
  readonly workBudget?: number;
  /** The problem's constants map: symbol LaTeX → value LaTeX. */
  readonly constants?: Readonly<Record<string, string>>;
  /** Solver paths allowed (default all: isolate, polynomial, scan); benchmarks use `['scan']` as a baseline. */
  readonly solverPaths?: readonly SolvePath[];
  /**
   * The second formula is a reference (a DAG node compared with many answer formulas): trial values
   * are drawn from a seed of it and of each variable's name, not of both formulas, so trial t gives
   * its variables the same values against every answer formula, and its solutions are kept here.
   * Without it (`prism equiv a b`) the draws are seeded by both formulas, symmetrically.
   */
  readonly referenceSolutions?: ReferenceSolutions;
  /**
   * Mixed into the seed of every draw of Algorithm 1 (default none). A verdict must not depend on
   * the draw, so changing it must change no result: `scripts/seed-stability.ts` scores every bundled
   * answer under several values and compares the records.
   */
  readonly drawSeed?: string;
}

/** One trial of Algorithm 1. */
export interface Trial {
  readonly target: string;
  readonly assignment: Readonly<Record<string, number>>;
  /**
   * Solutions of each formula for the target: the real roots, `'all'` when the formula holds for every
   * value, or for inequalities the union of intervals as text (`(-inf, 2) U [3, 4]`).
   */
  readonly solutionsA: readonly number[] | string;
  readonly solutionsB: readonly number[] | string;
  readonly outcome: 'not-rejecting' | 'rejecting' | 'failed';
  /** The range the values were drawn from, when it was a fallback range rather than `options.range`. */
  readonly range?: readonly [number, number];
}

/** Why a verdict was reached. */
export interface Evidence {
  readonly trials: readonly Trial[];
  readonly nEq: number;
  readonly nNeq: number;
  readonly nFail: number;
  /** Canonical text of each side after normalization. */
  readonly canonicalA?: string;
  readonly canonicalB?: string;
  /** The first rejecting trial, if any. */
  readonly counterexample?: Trial;
  /** A cheap path decided the verdict before any trial (e.g. `fingerprint`, `identical`). */
  readonly shortcut?: string;
  /**
   * Set whenever a verdict was reached with no trial run: why none ran (from the shortcut), so an
   * `equivalent` with n_eq = 0 is never mistaken for ten agreeing trials.
   */
  readonly noTrials?: string;
  readonly mode: EquivalenceMode;
  /** For blocks of several formulas or values: which item of A matched which item of B, and how. */
  readonly items?: readonly { readonly a: number; readonly b: number | null; readonly verdict: Verdict }[];
}

/** The verdict with its evidence and diagnostics. */
export interface EquivalenceResult {
  readonly verdict: Verdict;
  readonly evidence: Evidence;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A formula parsed, normalized and compiled once, reusable against many others (reference DAG nodes
 * are prepared once per dataset). Opaque to callers; created by `prepareFormula`.
 */
export interface PreparedFormula {
  readonly ok: boolean;
  readonly source: string;
  /** The normalized tree (constants and units substituted). */
  readonly tree?: Node;
  readonly diagnostics: readonly Diagnostic[];
  /** `equation` (=), `inequality` (<, <=, !=: `>` forms are stored swapped), `expression` (no relation). */
  readonly kind: 'equation' | 'inequality' | 'expression' | 'invalid';
  /** The relation after swapping `>`/`>=` sides: `=`, `<`, `<=` or `!=`. */
  readonly op: '=' | '<' | '<=' | '!=';
  /** The \pm-expanded alternatives, each one relation `lhs op rhs` (an expression is `__value = expr`). */
  readonly branches: readonly { readonly lhs: Node; readonly rhs: Node }[];
  /** Free variables (canonical names, sorted) over all branches. */
  readonly variables: readonly string[];
  /** Order-insensitive canonical text, used for identity shortcuts, caches and seeds. */
  readonly canonical: string;
  /**
   * Variables of the derivative operators the formula applies (`t` for `\frac{d}{dt}(…)`), which are
   * expanded by the total-derivative rule; empty when there are none.
   */
  readonly derivativeVariables: readonly string[];
  /**
   * Free variables that occur inside an integral, sum or product: solving for them evaluates the
   * quadrature or series at every probe point, so they are chosen as targets only when nothing else is.
   */
  readonly costlyVariables: readonly string[];
  /** Relative precision of the coarsest decimal literal written (0 when every number is exact). */
  readonly precision: number;
}
