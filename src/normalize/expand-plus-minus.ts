import type { Node } from '../core/tree.js';
import { mapChildren } from './map-children.js';

/**
 * Expands `±`/`∓` into the branches they stand for. Within one formula every `±` takes the same
 * sign and every `∓` the opposite one — the textbook convention that gives `∓` its meaning
 * (`\cos(a \pm b) = \cos a\cos b \mp \sin a\sin b` is two identities, not four). So a formula with
 * any `±`/`∓` (binary `a \pm b` or unary `\pm a`) gives exactly two trees, the `+` branch first;
 * one without gives itself. The items of a list are separate formulas and expand independently:
 * the result is every combination (in order, the first item varying slowest), truncated to
 * `maxBranches` trees (at least one). A unary `+` branch drops the sign: `\pm a` → `a`, `-a`.
 */
export function expandPlusMinus(tree: Node, maxBranches = 16): Node[] {
  const limit = Math.max(1, Math.floor(maxBranches));
  if (tree.type !== 'list') return formulaBranches(tree).slice(0, limit);
  let combos: Node[][] = [[]];
  for (const item of tree.items) {
    const branches = expandPlusMinus(item, limit);
    const next: Node[][] = [];
    for (const combo of combos) {
      for (const branch of branches) {
        if (next.length < limit) next.push([...combo, branch]);
      }
    }
    combos = next;
  }
  return combos.map((items) => ({ ...tree, items }));
}

/** True when the tree contains a `±` or `∓` (unary or binary). */
export function hasPlusMinus(tree: Node): boolean {
  const outer = found;
  found = false;
  look(tree);
  const result = found;
  found = outer;
  return result;
}

/** Set by {@link look} while {@link hasPlusMinus} runs (one visitor for the whole walk: no closure per node). */
let found = false;

function look(node: Node): void {
  if (found) return;
  if ((node.type === 'unary' || node.type === 'binary') && (node.op === '±' || node.op === '∓')) found = true;
  else mapChildren(node, lookAt);
}

/** Returns every child unchanged, so {@link mapChildren} allocates nothing. */
function lookAt(child: Node): Node {
  look(child);
  return child;
}

function formulaBranches(tree: Node): Node[] {
  return hasPlusMinus(tree) ? [withSign(tree, 1), withSign(tree, -1)] : [tree];
}

function withSign(node: Node, sign: 1 | -1): Node {
  const rebuilt = mapChildren(node, (child) => withSign(child, sign));
  if (rebuilt.type !== 'unary' && rebuilt.type !== 'binary') return rebuilt;
  if (rebuilt.op !== '±' && rebuilt.op !== '∓') return rebuilt;
  const plus = (rebuilt.op === '±') === (sign === 1);
  if (rebuilt.type === 'unary') return plus ? rebuilt.arg : { ...rebuilt, op: '-' };
  return { ...rebuilt, op: plus ? '+' : '-' };
}
