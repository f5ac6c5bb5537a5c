import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { DERIVATIVE_WORK_SPENT, differentiate } from './differentiate.js';
import { charge, metered, workExhausted } from './work-meter.js';

/** An expansion and the work it cost (charged again on every use, so work never depends on the cache). */
interface Expansion {
  readonly tree: Node;
  readonly work: number;
}

const cache = new WeakMap<Node, Expansion>();

/**
 * Most work units one tree's expansion may spend (symbolic differentiation, size checks): past it
 * the derivatives not yet expanded stay `derivative` nodes (`not-differentiable`). The expansion
 * runs on a budget of its own (the result is the same whoever asks, so it is cached); its work is
 * charged to the caller on every call, cached or not.
 */
export const EXPANSION_WORK_CAP = 200_000;

/**
 * Most nodes (counted as a tree, shared subtrees once per use) a derivative may expand to: repeated
 * product rules grow a tree exponentially in the order, so a larger one stays a `derivative` node
 * (compiled as `not-differentiable`) — bounded work.
 */
export const MAX_EXPANDED_NODES = 20_000;

/**
 * The tree with every `derivative` node replaced by its symbolic expansion (see `differentiate`).
 * A part without a symbolic derivative stays a `derivative` node. Trees without derivative nodes
 * are returned unchanged (same object); expansions are cached per tree object. A derivative whose
 * expansion would exceed {@link MAX_EXPANDED_NODES} nodes or the expansion's work cap
 * ({@link EXPANSION_WORK_CAP}) is left unexpanded. Under a spent work budget nothing is expanded.
 */
export function expandDerivatives(tree: Node): Node {
  // The walk allocates nothing; caching its answer for every tree cost more (a WeakMap insertion).
  if (!hasDerivative(tree)) return tree;
  const hit = cache.get(tree);
  if (hit !== undefined) {
    charge(hit.work);
    return hit.tree;
  }
  // The caller's budget is spent: its result is undetermined anyway; do no work (and cache nothing).
  if (workExhausted()) return tree;
  // Detached: the expansion does not depend on what the caller has left (metered charges its work).
  const run = metered(EXPANSION_WORK_CAP, () => expand(tree), true);
  cache.set(tree, { tree: run.value, work: run.work });
  return run.value;
}

function expand(node: Node): Node {
  switch (node.type) {
    case 'derivative': {
      let inner = expand(node.expr);
      try {
        for (let i = 0; i < node.order; i++) {
          if (treeSize(inner, new Map()) > MAX_EXPANDED_NODES) return node;
          inner = differentiate(inner, node.variable, node.partial);
        }
      } catch (error) {
        if (error === DERIVATIVE_WORK_SPENT) return node;
        throw error;
      }
      return treeSize(inner, new Map()) > MAX_EXPANDED_NODES ? node : inner;
    }
    case 'unary':
      return { ...node, arg: expand(node.arg) };
    case 'binary':
      return { ...node, left: expand(node.left), right: expand(node.right) };
    case 'call':
    case 'apply':
    case 'relation':
      return { ...node, args: node.args.map(expand) };
    case 'list':
      return { ...node, items: node.items.map(expand) };
    case 'integral': {
      const out = { ...node, integrand: expand(node.integrand) };
      return {
        ...out,
        ...(node.lower !== undefined ? { lower: expand(node.lower) } : {}),
        ...(node.upper !== undefined ? { upper: expand(node.upper) } : {}),
      };
    }
    case 'sum':
      return { ...node, body: expand(node.body), lower: expand(node.lower), upper: expand(node.upper) };
    default:
      return node;
  }
}

/** True when the tree holds a `derivative` node anywhere. */
export function hasDerivative(node: Node): boolean {
  switch (node.type) {
    case 'derivative':
      return true;
    case 'unary':
      return hasDerivative(node.arg);
    case 'binary':
      return hasDerivative(node.left) || hasDerivative(node.right);
    case 'call':
    case 'apply':
    case 'relation':
      return node.args.some(hasDerivative);
    case 'list':
      return node.items.some(hasDerivative);
    case 'integral':
      return (
        hasDerivative(node.integrand) ||
        (node.lower !== undefined && hasDerivative(node.lower)) ||
        (node.upper !== undefined && hasDerivative(node.upper))
      );
    case 'sum':
      return hasDerivative(node.body) || hasDerivative(node.lower) || hasDerivative(node.upper);
    default:
      return false;
  }
}

/** Nodes of the tree (a shared subtree counted at each use), saturating just above the cap. */
function treeSize(node: Node, memo: Map<Node, number>): number {
  const known = memo.get(node);
  if (known !== undefined) return known;
  charge(2);
  let n = 1;
  for (const child of childNodes(node)) {
    n += treeSize(child, memo);
    if (n > MAX_EXPANDED_NODES) break;
  }
  memo.set(node, n);
  return n;
}
