import type { BinaryOp, Node, SymbolNode } from '../../src/core/tree.js';

/** Trees built by the generator carry an empty span: they have no source text of their own. */
export const SPAN = { start: 0, end: 0 } as const;

export const num = (value: number, raw = String(value)): Node => ({ type: 'number', value, raw, span: SPAN });
export const bin = (op: BinaryOp, left: Node, right: Node): Node => ({
  type: 'binary',
  op,
  left,
  right,
  span: SPAN,
});
export const neg = (arg: Node): Node => ({ type: 'unary', op: '-', arg, span: SPAN });
export const frac = (p: number, q: number): Node => bin('/', num(p), num(q));

/** Nodes the generator never rewrites inside: their symbols are bound or not plain quantities. */
export function isAtom(node: Node): boolean {
  return [
    'integral',
    'sum',
    'derivative',
    'differential',
    'apply',
    'opaque',
    'unit',
    'list',
    'relation',
  ].includes(node.type);
}

/** Names that are constants or notation, never chosen as quantities to swap or substitute. */
const RESERVED = new Set(['pi', 'e', 'i', 'infinity', 'hbar']);

/**
 * The symbols the generator may touch (outside atoms, not reserved, not vectors) and the names it
 * must not (inside an integral, a sum, a derivative or an applied function: touching only the
 * outside copy would change the formula).
 */
export function symbolInfo(node: Node): { free: Map<string, SymbolNode>; blocked: Set<string> } {
  const free = new Map<string, SymbolNode>();
  const blocked = new Set<string>();
  const walk = (n: Node, inside: boolean): void => {
    if (n.type === 'symbol') {
      if (inside || RESERVED.has(n.name) || n.vector === true || n.upright === true) blocked.add(n.name);
      else free.set(n.name, n);
      return;
    }
    if (n.type === 'apply') blocked.add(n.name);
    if (n.type === 'integral') blocked.add(n.variable);
    if (n.type === 'sum') blocked.add(n.index);
    if (n.type === 'derivative') blocked.add(n.variable);
    for (const c of children(n)) walk(c, inside || (isAtom(n) && n.type !== 'relation' && n.type !== 'list'));
  };
  walk(node, false);
  for (const name of blocked) free.delete(name);
  return { free, blocked };
}

/** The direct children of a node. */
export function children(n: Node): Node[] {
  switch (n.type) {
    case 'unary':
      return [n.arg];
    case 'binary':
      return [n.left, n.right];
    case 'call':
    case 'apply':
      return [...n.args];
    case 'relation':
      return [...n.args];
    case 'list':
      return [...n.items];
    case 'differential':
      return [n.of];
    case 'derivative':
      return [n.expr];
    case 'integral':
      return [
        n.integrand,
        ...(n.lower === undefined ? [] : [n.lower]),
        ...(n.upper === undefined ? [] : [n.upper]),
      ];
    case 'sum':
      return [n.body, n.lower, n.upper];
    default:
      return [];
  }
}

/** Rebuilds a tree bottom-up through `f` (applied after the children), never entering atoms. */
export function mapTree(node: Node, f: (n: Node) => Node): Node {
  if (isAtom(node)) return f(node);
  switch (node.type) {
    case 'unary':
      return f({ ...node, arg: mapTree(node.arg, f) });
    case 'binary':
      return f({ ...node, left: mapTree(node.left, f), right: mapTree(node.right, f) });
    case 'call':
      return f({ ...node, args: node.args.map((a) => mapTree(a, f)) });
    default:
      return f(node);
  }
}

/** Every node outside atoms, pre-order, with a replacer that rebuilds the tree with it swapped. */
export function sites(root: Node): { node: Node; replace: (by: Node) => Node }[] {
  const out: { node: Node; replace: (by: Node) => Node }[] = [];
  const walk = (n: Node, rebuild: (by: Node) => Node): void => {
    out.push({ node: n, replace: rebuild });
    if (isAtom(n)) return;
    if (n.type === 'unary') walk(n.arg, (by) => rebuild({ ...n, arg: by }));
    if (n.type === 'binary') {
      walk(n.left, (by) => rebuild({ ...n, left: by }));
      walk(n.right, (by) => rebuild({ ...n, right: by }));
    }
    if (n.type === 'call') {
      n.args.forEach((a, i) => {
        walk(a, (by) => rebuild({ ...n, args: n.args.map((x, j) => (j === i ? by : x)) }));
      });
    }
  };
  walk(root, (by) => by);
  return out;
}

/** A signed term of a sum. */
export interface Term {
  readonly negative: boolean;
  readonly node: Node;
}

/** The additive terms of an expression (`a - b + c` → +a, −b, +c). */
export function terms(node: Node, negative = false): Term[] {
  if (node.type === 'binary' && (node.op === '+' || node.op === '-')) {
    return [...terms(node.left, negative), ...terms(node.right, node.op === '-' ? !negative : negative)];
  }
  if (node.type === 'unary' && node.op === '-') return terms(node.arg, !negative);
  return [{ negative, node }];
}

/** Rebuilds a sum from signed terms (a leading negative term becomes a unary minus). */
export function sumOf(list: readonly Term[]): Node {
  if (list.length === 0) return num(0);
  let out = list[0]!.negative ? neg(list[0]!.node) : list[0]!.node;
  for (const t of list.slice(1)) out = bin(t.negative ? '-' : '+', out, t.node);
  return out;
}

/** The factors of a product chain (`*` only, explicit or implicit). */
export function factors(node: Node): Node[] {
  if (node.type === 'binary' && node.op === '*') return [...factors(node.left), ...factors(node.right)];
  return [node];
}

/** Rebuilds a product from factors, explicit `\cdot` between them. */
export function productOf(list: readonly Node[]): Node {
  return list.slice(1).reduce((acc, f) => bin('*', acc, f), list[0] ?? num(1));
}

/** How many times a symbol occurs anywhere in the tree (atoms included). */
export function occurrences(node: Node, name: string): number {
  if (node.type === 'symbol') return node.name === name ? 1 : 0;
  return children(node).reduce((s, c) => s + occurrences(c, name), 0);
}

/** True when the tree holds a node of one of these types anywhere. */
export function contains(node: Node, pred: (n: Node) => boolean): boolean {
  return pred(node) || children(node).some((c) => contains(c, pred));
}
