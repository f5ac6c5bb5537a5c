import { sortStrings } from '../core/sort-small.js';
import type { Node, RelOp } from '../core/tree.js';

/**
 * A deterministic text of a tree for seeding and caching, insensitive to the order of the operands
 * of `+` and `*` and to the order of the two sides of a symmetric relation:
 * - sums (`+`, `-`, unary `-`) are flattened into signed terms and the term texts sorted;
 * - products (`*`, `/`, unary `-`) are flattened into a sign, numerator and denominator factors,
 *   each sorted (`a/(b c)` and `(a/c)/b` print alike);
 * - `=`, `!=`, `propto`, `~` between two sides sort the sides; `a > b` prints as `b < a`, `a >= b`
 *   as `b <= a`; chains keep their order; list items keep their order.
 * It is sensitive to everything else: `a-b` and `b-a` differ, as do `a/b` and `b/a`. Spans are ignored.
 * Strings are compared by UTF-16 code units, never by locale.
 */
export function canonicalText(tree: Node): string {
  return canon(tree);
}

/**
 * {@link canonicalText} with factors that occur in both the numerator and the denominator of a
 * product cancelled (`t \cdot \frac{K}{K}` prints as `t`): for telling which quantity a side of a
 * statement names. Not for caches or seeds, which must see every formula as written.
 */
export function cancelledText(tree: Node): string {
  cancelling = true;
  try {
    return canon(tree);
  } finally {
    cancelling = false;
  }
}

/** Set only while {@link cancelledText} runs. */
let cancelling = false;

const SYMMETRIC: ReadonlySet<RelOp> = new Set<RelOp>(['=', '!=', 'propto', 'sim', '~']);
const FLIPPED: Partial<Record<RelOp, RelOp>> = { '>': '<', '>=': '<=' };

function canon(node: Node): string {
  switch (node.type) {
    case 'number':
      return Object.is(node.value, -0) ? '0' : String(node.value);
    case 'symbol':
      return node.vector ? `vec(${node.name})` : node.name;
    case 'unit':
      return `[${node.unit}]`;
    case 'opaque':
      return `{${node.key}}`;
    case 'unary':
      if (node.op === '-' || node.op === '+') return sumText(node);
      if (node.op === '!') return `${atom(node.arg)}!`;
      return `${node.op}${atom(node.arg)}`;
    case 'binary':
      if (node.op === '+' || node.op === '-') return sumText(node);
      if (node.op === '*' || node.op === '/') return productText(node, false);
      if (node.op === '^') return `${atom(node.left)}^${atom(node.right)}`;
      return `${atom(node.left)}${node.op}${atom(node.right)}`;
    case 'call':
      return `${node.fn}(${node.args.map(canon).join(',')})`;
    case 'apply':
      return `${node.name}(${node.args.map(canon).join(',')})`;
    case 'relation':
      return relationText(node.ops, node.args.map(canon));
    case 'list':
      return node.items.map(canon).join('; ');
    case 'differential':
      return `${node.partial ? '∂' : 'd'}${node.order > 1 ? node.order : ''}{${canon(node.of)}}`;
    case 'derivative':
      return `${node.partial ? '∂' : 'd'}${node.order > 1 ? node.order : ''}/d${node.variable}(${canon(node.expr)})`;
    case 'integral': {
      const bounds =
        node.lower !== undefined && node.upper !== undefined
          ? `[${canon(node.lower)},${canon(node.upper)}]`
          : '';
      return `int${bounds}(${canon(node.integrand)},${node.variable})`;
    }
    case 'sum':
      return `${node.kind}[${node.index}=${canon(node.lower)},${canon(node.upper)}](${canon(node.body)})`;
  }
}

function relationText(ops: readonly RelOp[], args: readonly string[]): string {
  const [op] = ops;
  if (ops.length === 1 && op !== undefined && args.length === 2) {
    const [a, b] = args as [string, string];
    if (SYMMETRIC.has(op)) return a <= b ? `${a} ${op} ${b}` : `${b} ${op} ${a}`;
    const flipped = FLIPPED[op];
    if (flipped !== undefined) return `${b} ${flipped} ${a}`;
  }
  let out = args[0] ?? '';
  ops.forEach((o, i) => {
    out += ` ${o} ${args[i + 1] ?? ''}`;
  });
  return out;
}

function sumText(node: Node): string {
  const terms: string[] = [];
  collectTerms(node, false, terms);
  sortStrings(terms);
  return terms.reduce((out, t, i) => (i === 0 || t.startsWith('-') ? out + t : `${out}+${t}`), '');
}

function collectTerms(node: Node, negative: boolean, out: string[]): void {
  if (node.type === 'binary' && (node.op === '+' || node.op === '-')) {
    collectTerms(node.left, negative, out);
    collectTerms(node.right, node.op === '-' ? !negative : negative, out);
  } else if (node.type === 'unary' && (node.op === '-' || node.op === '+')) {
    collectTerms(node.arg, node.op === '-' ? !negative : negative, out);
  } else {
    out.push(productText(node, negative));
  }
}

interface Factors {
  negative: boolean;
  readonly num: string[];
  readonly den: string[];
}

function productText(node: Node, negative: boolean): string {
  const f: Factors = { negative, num: [], den: [] };
  collectFactors(node, false, f);
  if (cancelling)
    for (let i = f.num.length - 1; i >= 0; i--) {
      const j = f.den.indexOf(f.num[i]!);
      if (j >= 0) {
        f.num.splice(i, 1);
        f.den.splice(j, 1);
      }
    }
  sortStrings(f.num);
  sortStrings(f.den);
  const num = f.num.length === 0 ? '1' : f.num.join('*');
  const den = f.den.length === 0 ? '' : f.den.length === 1 ? `/${f.den[0]}` : `/(${f.den.join('*')})`;
  return `${f.negative ? '-' : ''}${num}${den}`;
}

function collectFactors(node: Node, inDenominator: boolean, f: Factors): void {
  if (node.type === 'binary' && (node.op === '*' || node.op === '/')) {
    collectFactors(node.left, inDenominator, f);
    collectFactors(node.right, node.op === '/' ? !inDenominator : inDenominator, f);
  } else if (node.type === 'unary' && (node.op === '-' || node.op === '+')) {
    if (node.op === '-') f.negative = !f.negative;
    collectFactors(node.arg, inDenominator, f);
  } else {
    const text = node.type === 'binary' && node.op === '^' ? canon(node) : atom(node);
    (inDenominator ? f.den : f.num).push(text);
  }
}

/** The text of a node in a position that binds tighter than any operator: wrapped unless atomic. */
function atom(node: Node): string {
  const text = canon(node);
  return isAtomic(node) ? text : `(${text})`;
}

function isAtomic(node: Node): boolean {
  switch (node.type) {
    case 'number':
      return node.value >= 0;
    case 'unary':
    case 'binary':
    case 'relation':
    case 'list':
      return false;
    default:
      return true;
  }
}
