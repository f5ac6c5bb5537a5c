import { diagnostic } from '../core/diagnostic.js';
import type { Verdict } from '../core/tree.js';
import { compareFormulas } from './compare-formulas.js';
import { compareWithConstants } from './constants-fallback.js';
import { noTrials, withEvidence } from './no-trials.js';
import { type PrepareOptions, prepareFormulaItems } from './prepare-formula.js';
import { stripMathDelimiters } from './strip-math.js';
import type { EquivalenceOptions, EquivalenceResult, Evidence, PreparedFormula } from './types.js';

/** Most items of a block compared as a list (n² comparisons at worst). */
const MAX_ITEMS = 24;

/**
 * Decides whether two LaTeX formulas are equivalent (PRISM-Physics Algorithm 1): Stage 1 substitutes
 * the constants map, math constants and units; Stage 2 compares solution sets under random
 * assignments. Returns the verdict with its evidence; never throws on user input.
 *
 * Blocks of several formulas or values (`a = 1, b = 2`; `(3, \frac{\pi}{2})`) are equivalent when their
 * items pair up one to one, first in order, else in any order.
 *
 * @example checkEquivalence('v^2 = 2gh', 'v = \\sqrt{2gh}').verdict // 'equivalent' (physical mode)
 */
export function checkEquivalence(a: string, b: string, options: EquivalenceOptions = {}): EquivalenceResult {
  const mode = options.mode ?? 'physical';
  if (compact(a) === compact(b) && compact(a) !== '') {
    const evidence = withEvidence(noTrials(mode), { shortcut: 'identical-text' });
    return { verdict: 'equivalent', evidence, diagnostics: [] };
  }
  const prepare: PrepareOptions = options.constants === undefined ? {} : { constants: options.constants };
  const itemsA = prepareFormulaItems(a, prepare);
  const itemsB = prepareFormulaItems(b, prepare);
  if (itemsA.length === 1 && itemsB.length === 1) {
    const result = compareFormulas(itemsA[0]!, itemsB[0]!, options);
    // Hook (issue 9): a value with a unit against a formula naming c, ħ, e, m_e … — retry with CODATA values.
    if (result.verdict === 'equivalent') return result;
    return compareWithConstants(itemsA[0]!, itemsB[0]!, options) ?? result;
  }
  return compareItems(itemsA, itemsB, options);
}

function compact(latex: string): string {
  return stripMathDelimiters(latex).replace(/\s+/g, '');
}

function compareItems(
  itemsA: readonly PreparedFormula[],
  itemsB: readonly PreparedFormula[],
  options: EquivalenceOptions,
): EquivalenceResult {
  const mode = options.mode ?? 'physical';
  const base = withEvidence(noTrials(mode), { shortcut: 'items' });
  if (itemsA.length !== itemsB.length) {
    const d = diagnostic('item-count-mismatch', 'info', `${itemsA.length} items against ${itemsB.length}`);
    return { verdict: 'different', evidence: base, diagnostics: [d] };
  }
  if (itemsA.length > MAX_ITEMS) {
    const d = diagnostic('too-many-items', 'warning', `${itemsA.length} items (limit ${MAX_ITEMS})`);
    return { verdict: 'undetermined', evidence: base, diagnostics: [d] };
  }
  const memo = new Map<string, EquivalenceResult>();
  const compare = (i: number, j: number): EquivalenceResult => {
    const key = `${i},${j}`;
    let result = memo.get(key);
    if (result === undefined) memo.set(key, (result = compareFormulas(itemsA[i]!, itemsB[j]!, options)));
    return result;
  };
  const n = itemsA.length;
  const inOrder = Array.from({ length: n }, (_, i) => i);
  let pairing: (number | null)[] = inOrder.every((i) => compare(i, i).verdict === 'equivalent')
    ? inOrder
    : [];
  if (pairing.length === 0) {
    // Any order: greedy one-to-one pairing (items of a final answer are few and rarely ambiguous).
    const used = new Set<number>();
    pairing = itemsA.map((_, i) => {
      for (let j = 0; j < n; j++) {
        if (!used.has(j) && compare(i, j).verdict === 'equivalent') {
          used.add(j);
          return j;
        }
      }
      return null;
    });
  }
  const items = pairing.map((j, i) => {
    let verdict: Verdict = 'equivalent';
    if (j === null) {
      const row = Array.from({ length: n }, (_, k) => compare(i, k).verdict);
      verdict = row.includes('undetermined') ? 'undetermined' : 'different';
    }
    return { a: i, b: j, verdict };
  });
  const verdict: Verdict = items.every((x) => x.verdict === 'equivalent')
    ? 'equivalent'
    : items.some((x) => x.verdict === 'different')
      ? 'different'
      : 'undetermined';
  const results = [...memo.values()];
  const diagnostics = results.flatMap((r) => r.diagnostics);
  const sum = (f: (e: Evidence) => number) => results.reduce((acc, r) => acc + f(r.evidence), 0);
  const evidence = withEvidence(base, {
    nEq: sum((e) => e.nEq),
    nNeq: sum((e) => e.nNeq),
    nFail: sum((e) => e.nFail),
    items,
  });
  return { verdict, evidence, diagnostics };
}
