import { childNodes } from '../core/child-nodes.js';
import { diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import { canonicalText, substituteSymbols } from '../normalize/index.js';
import { constantNumber } from '../normalize/prepare-constants.js';
import { lookupConstant } from '../physics/constants.js';
import { compareFormulas } from './compare-formulas.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import type { EquivalenceOptions, EquivalenceResult, PreparedFormula } from './types.js';

/**
 * Constants the fallback may assume, by table id: those whose usual symbols name nothing else in a
 * physics answer. Not `k` (Boltzmann, Coulomb, spring or wave number), not `g` (a field or the
 * standard gravity), nor `R`, `F`, `\sigma`, `\alpha` (radius, force, conductivity, angle).
 */
const STANDARD_IDS: ReadonlySet<string> = new Set([
  'c',
  'h',
  'hbar',
  'e',
  'm_e',
  'm_p',
  'm_n',
  'u',
  'k_B',
  'k_e',
  'G',
  'epsilon_0',
  'mu_0',
  'N_A',
  'a_0',
  'mu_B',
  'mu_N',
]);

/** Whether a canonical symbol names a standard constant (c, h, ħ, e, m_e, k_B, G, ε₀, …; never `k` or `g`). */
export function isStandardConstant(name: string): boolean {
  const c = lookupConstant(name);
  return c !== undefined && STANDARD_IDS.has(c.id);
}

/** A formula with its standard constants replaced by their CODATA values, and which ones. */
export interface WithConstants {
  readonly formula: PreparedFormula;
  /** Canonical names substituted (`c`, `hbar`). */
  readonly used: readonly string[];
}

const memo = new WeakMap<PreparedFormula, WithConstants | null>();

/**
 * The formula with every free symbol that names a standard constant (c, h, ħ, e, m_e, m_p, k_B, G,
 * ε₀, μ₀, N_A, …; never a bare `k` or `g`) replaced by its CODATA 2018 value; undefined when it
 * names none. Memoized per prepared formula.
 */
export function withStandardConstants(p: PreparedFormula): WithConstants | undefined {
  const known = memo.get(p);
  if (known !== undefined) return known ?? undefined;
  const result = substitute(p);
  memo.set(p, result ?? null);
  return result;
}

function substitute(p: PreparedFormula): WithConstants | undefined {
  if (!p.ok || p.tree === undefined) return undefined;
  const used = p.variables.filter((v) => {
    const c = lookupConstant(v);
    return c !== undefined && STANDARD_IDS.has(c.id);
  });
  if (used.length === 0) return undefined;
  const names = new Set(used);
  const swap = (node: Node): Node =>
    substituteSymbols(node, (s) => {
      const c = names.has(s.name) ? lookupConstant(s.name) : undefined;
      return c === undefined ? undefined : constantNumber(c, s.span);
    });
  const tree = swap(p.tree);
  const variables = p.variables.filter((v) => !names.has(v));
  const formula: PreparedFormula = {
    ...p,
    tree,
    branches: p.branches.map(({ lhs, rhs }) => ({ lhs: swap(lhs), rhs: swap(rhs) })),
    variables,
    canonical: canonicalText(tree),
  };
  return { formula, used };
}

/** True when a prepared formula only states a value with a unit (`v \approx 1.8\times10^8\,\mathrm{m/s}`). */
export function isValueWithUnit(p: PreparedFormula): boolean {
  if (!p.ok || p.tree === undefined) return false;
  // (Counted, not filtered: this runs for every pair a scorer does not find equivalent.)
  let free = 0;
  for (const v of p.variables) if (v !== VALUE_SYMBOL) free++;
  if (free > 1) return false;
  let known = valueMemo.get(p);
  if (known === undefined) valueMemo.set(p, (known = hasUnit(p.tree)));
  return known;
}

const valueMemo = new WeakMap<PreparedFormula, boolean>();

function hasUnit(node: Node): boolean {
  if (node.type === 'number') return node.dim?.some((x) => x !== 0) === true;
  return childNodes(node).some(hasUnit);
}

/**
 * Symbolic constants against a numerical reference. When one formula states a value with a unit and
 * the other names standard constants (`v = \frac{3}{5}c` against `v \approx 1.8\times10^{8}\,\mathrm{m/s}`),
 * the constants take their CODATA values and the pair is compared again. Returns that comparison
 * (with a `constants-fallback` diagnostic naming the constants assumed) when it is `equivalent`;
 * undefined when the fallback does not apply or does not help.
 */
export function compareWithConstants(
  a: PreparedFormula,
  b: PreparedFormula,
  options: EquivalenceOptions = {},
): EquivalenceResult | undefined {
  // Most pairs have no value with a unit on either side: nothing to try (no closure made).
  if (!isValueWithUnit(a) && !isValueWithUnit(b)) return undefined;
  const tryPair = (value: PreparedFormula, named: PreparedFormula, swap: boolean) => {
    if (!isValueWithUnit(value) || isValueWithUnit(named)) return undefined;
    const w = withStandardConstants(named);
    if (w === undefined) return undefined;
    const result = swap
      ? compareFormulas(w.formula, value, options)
      : compareFormulas(value, w.formula, options);
    if (result.verdict !== 'equivalent') return undefined;
    const note = diagnostic(
      'constants-fallback',
      'info',
      `compared with CODATA 2018 values for ${w.used.join(', ')} (the other side is a value with a unit)`,
    );
    return { ...result, diagnostics: [...result.diagnostics, note] };
  };
  return tryPair(b, a, true) ?? tryPair(a, b, false);
}
