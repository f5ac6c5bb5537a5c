import type { Diagnostic } from '../../src/core/diagnostic.js';
import type { Node } from '../../src/core/tree.js';
import { parseLatex } from '../../src/latex/index.js';
import { normalize } from '../../src/normalize/index.js';
import { compile, freeVariables, isVariableNode, variableKey } from '../../src/numeric/index.js';

/** The outcome of evaluating a tree at an assignment: a number, or why there is none. */
export type Evaluation =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly why: string };

/**
 * Turns an assignment keyed by symbol LaTeX (`"\\omega_d": 3`) into one keyed by canonical variable
 * names: each key is parsed with `parseLatex` and must be a single variable (symbol, differential,
 * opaque quantity). Returns a message instead when a key is not.
 */
export function canonicalAssignment(at: Readonly<Record<string, number>>): Map<string, number> | string {
  const out = new Map<string, number>();
  for (const [key, value] of Object.entries(at)) {
    const parsed = parseLatex(key);
    if (!parsed.ok) return `key ${JSON.stringify(key)} does not parse: ${codes(parsed.diagnostics)}`;
    if (!isVariableNode(parsed.tree))
      return `key ${JSON.stringify(key)} is a ${parsed.tree.type}, not a variable`;
    out.set(variableKey(parsed.tree), value);
  }
  return out;
}

/** Parses and normalizes one formula; a message when either stage reports an error. */
export function normalizedTree(latex: string): Node | string {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return `parse failed: ${codes(parsed.diagnostics)}`;
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return `parse errors: ${codes(errors)}`;
  const norm = normalize(parsed.tree, {});
  const normErrors = norm.diagnostics.filter((d) => d.severity === 'error');
  if (normErrors.length > 0) return `normalize errors: ${codes(normErrors)}`;
  return norm.tree;
}

/**
 * Evaluates a normalized expression tree with the numeric core: `freeVariables` gives the variable
 * order, `compile` the closure, and every free variable must have a value in `values`.
 */
export function evaluateAt(tree: Node, values: ReadonlyMap<string, number>): Evaluation {
  const names = freeVariables(tree);
  const missing = names.filter((n) => !values.has(n));
  if (missing.length > 0) {
    return { ok: false, why: `no value for ${missing.join(', ')} (given: ${[...values.keys()].join(', ')})` };
  }
  const compiled = compile(tree, names);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { ok: false, why: `compile errors: ${codes(errors)}` };
  const value = compiled.fn(Float64Array.from(names.map((n) => values.get(n) ?? Number.NaN)));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, why: `evaluated to ${value}` };
}

/** True when `got` equals `want` within the corpus tolerance (relative 1e-9, absolute 1e-300). */
export function closeTo(got: number, want: number, rel = 1e-9): boolean {
  return Math.abs(got - want) <= Math.max(rel * Math.max(Math.abs(got), Math.abs(want)), 1e-300);
}

function codes(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${d.code} (${d.message})`).join('; ');
}
