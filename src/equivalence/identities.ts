import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { canonicalText } from '../normalize/index.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import type { PreparedFormula } from './types.js';

/**
 * Whether two identities (formulas that hold whatever the values, e.g. `\int_0^\infty
 * \frac{R\,dR}{(R^2+z^2)^{3/2}} = \frac{1}{|z|}`) state the same step, in physical mode. Algorithm 1
 * finds any two identities equivalent — every trial gives "all" on both sides — so `x = x` would be
 * credited for every identity node of a DAG: a free reward. Here they agree only when neither is a
 * tautology (both sides of every branch the same canonical text: `x = x`, `a + b = b + a`), they have
 * the same free variables, and they use the same operations beyond arithmetic (integrals, sums,
 * derivatives, and which functions): `\int_0^\infty \frac{zR\,dR}{(R^2+z^2)^{3/2}} = \frac{z}{|z|}`
 * agrees with the identity above, `\sin^2 z + \cos^2 z = 1` does not. Strict mode keeps the paper's
 * reading (any two identities are equivalent).
 */
export function identitiesAgree(a: PreparedFormula, b: PreparedFormula): boolean {
  if (tautology(a) || tautology(b)) return false;
  const va = a.variables.filter((v) => v !== VALUE_SYMBOL);
  const vb = new Set(b.variables.filter((v) => v !== VALUE_SYMBOL));
  if (va.length !== vb.size || !va.every((v) => vb.has(v))) return false;
  return operations(a) === operations(b);
}

function tautology(f: PreparedFormula): boolean {
  return f.branches.every(({ lhs, rhs }) => canonicalText(lhs) === canonicalText(rhs));
}

/** The operations beyond arithmetic a formula uses, sorted and joined (`abs,integral`). */
function operations(f: PreparedFormula): string {
  const found = new Set<string>();
  const stack: Node[] = f.branches.flatMap(({ lhs, rhs }) => [lhs, rhs]);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'call') found.add(node.fn);
    else if (node.type === 'integral' || node.type === 'derivative') found.add(node.type);
    else if (node.type === 'sum') found.add(node.kind);
    stack.push(...childNodes(node));
  }
  return [...found].sort().join(',');
}
