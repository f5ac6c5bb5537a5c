import { childNodes } from '../core/child-nodes.js';
import { printTree } from '../core/print-tree.js';
import type { Span } from '../core/span.js';
import type { Node } from '../core/tree.js';
import { binary, opaqueNode } from './build.js';
import { parseScriptArg, subscriptText } from './parse-script.js';
import { ParseAbort, type Parser } from './parser.js';

/**
 * True at an evaluation bar: `|` (or `\vert`, `\rvert`, after an ignorable `\Big`, `\bigg`) directly
 * followed by a script, as in `mgh\Big|_{h_1}^{h_2}` or `f(x)|_{x=a}`. A bar with a script never
 * opens an absolute value.
 */
export function isBarAt(p: Parser): boolean {
  const t = p.peek();
  const bar =
    (t.kind === 'char' && t.value === '|') ||
    (t.kind === 'cmd' && (t.value === 'vert' || t.value === 'rvert' || t.value === 'mid'));
  // Inside `|…|` a bar with a script closes the absolute value (`|\langle\phi|\psi\rangle|^2`).
  if (!bar || p.absDepth > 0) return false;
  const next = p.peekAt(1);
  return next.kind === 'char' && (next.value === '_' || next.value === '^') && !next.space;
}

/** Consumes the bar at the cursor and its scripts, and evaluates `expr` there (see {@link evaluateAt}). */
export function parseBar(p: Parser, expr: Node): Node {
  p.next();
  return parseEvaluationScripts(p, expr, expr.span.start);
}

/**
 * After `\right|`, a bar or `\left[…\right]`: reads `_{lower}` and `^{upper}` (either order) and
 * returns `expr` evaluated there.
 */
export function parseEvaluationScripts(p: Parser, expr: Node, start: number): Node {
  let lower: Node | string | undefined;
  let upper: Node | string | undefined;
  for (let k = 0; k < 2; k++) {
    if (p.isChar('_') && lower === undefined) {
      p.next();
      lower = readBound(p);
    } else if (p.isChar('^') && upper === undefined) {
      p.next();
      upper = readBound(p);
    }
  }
  const span = { start, end: p.lastEnd() };
  if (typeof lower === 'string' || typeof upper === 'string') {
    // A bound that is no formula (`_{W=0^{+}}`): the bar is a quantity named by its text.
    const text = (b: Node | string | undefined): string =>
      b === undefined ? '' : typeof b === 'string' ? b : printTree(b);
    return opaqueNode(`at(${printTree(expr)};${text(lower)};${text(upper)})`, span);
  }
  return evaluateAt(expr, lower, upper, span);
}

/** A bound as a tree, or as its canonical text when it does not parse (a one-sided limit `0^{+}`). */
function readBound(p: Parser): Node | string {
  const saved = { pos: p.pos, limit: p.limit, depth: p.depth, absDepth: p.absDepth, normDepth: p.normDepth };
  const savedContext = { integral: p.integral, diffContext: p.diffContext };
  try {
    return parseScriptArg(p);
  } catch (error) {
    if (!(error instanceof ParseAbort)) throw error;
    Object.assign(p, saved, savedContext);
    return subscriptText(p);
  }
}

/**
 * An evaluation bar as a tree: `F|_{x=a}` is F with x replaced by a; `F|_{a}^{b}` is F(b) − F(a).
 * The variable is the left side of `x = a` when written; otherwise the symbol of F whose name the
 * bounds extend (`h` for `h_1`, `h_2`), else F's only free symbol. A derivative `\frac{d}{dr}(…)`
 * evaluated at a fresh symbol R is the derivative with respect to R of the expression with r → R.
 * When the variable cannot be told, or the bar sits on a ratio of differentials (`\frac{dV}{dr}`), the
 * result is an opaque quantity keyed by its text, so identical bars still compare equal.
 */
export function evaluateAt(expr: Node, lower: Node | undefined, upper: Node | undefined, span: Span): Node {
  const opaque = (): Node =>
    opaqueNode(
      `at(${printTree(expr)};${lower === undefined ? '' : printTree(lower)};${upper === undefined ? '' : printTree(upper)})`,
      span,
    );
  let variable: string | undefined;
  let low = lower;
  let high = upper;
  for (const side of ['lower', 'upper'] as const) {
    const bound = side === 'lower' ? low : high;
    if (bound?.type === 'relation' && bound.ops.length === 1 && bound.ops[0] === '=') {
      const [name, value] = bound.args;
      if (name?.type !== 'symbol' || value === undefined) return opaque();
      if (variable !== undefined && variable !== name.name) return opaque();
      variable = name.name;
      if (side === 'lower') low = value;
      else high = value;
    }
  }
  const free = freeSymbols(expr);
  variable ??= inferVariable(free, [low, high]);
  if (variable === undefined || !free.has(variable)) return opaque();
  const at = (value: Node): Node | undefined => substitute(expr, variable, value);
  if (high === undefined) {
    const out = low === undefined ? undefined : at(low);
    return out === undefined ? opaque() : { ...out, span };
  }
  const top = at(high);
  const bottom = low === undefined ? undefined : at(low);
  if (top === undefined || bottom === undefined) return opaque();
  return { ...binary('-', top, bottom), span };
}

function inferVariable(free: ReadonlySet<string>, bounds: readonly (Node | undefined)[]): string | undefined {
  const bases = new Set<string>();
  for (const b of bounds) {
    if (b?.type === 'symbol') {
      const base = /^(.+?)_\{.*\}$/.exec(b.name)?.[1];
      if (base !== undefined && free.has(base)) bases.add(base);
    }
  }
  if (bases.size === 1) return [...bases][0];
  if (free.size === 1) return [...free][0];
  return undefined;
}

/** The names of the scalar symbols of a tree (not inside a differential, integral or sum variable). */
function freeSymbols(node: Node, out = new Set<string>()): Set<string> {
  switch (node.type) {
    case 'symbol':
      if (node.vector !== true && node.name !== 'pi' && node.name !== 'e') out.add(node.name);
      break;
    case 'unary':
      freeSymbols(node.arg, out);
      break;
    case 'binary':
      freeSymbols(node.left, out);
      freeSymbols(node.right, out);
      break;
    case 'call':
    case 'apply':
      for (const a of node.args) freeSymbols(a, out);
      if (node.type === 'apply' && node.args.every((a) => a.type === 'symbol')) out.add(node.name);
      break;
    case 'derivative':
      freeSymbols(node.expr, out);
      break;
    default:
      break;
  }
  return out;
}

/**
 * `node` with the scalar symbol `name` replaced by `value`, or undefined where that is not sound: a
 * differential of it, an integral or sum over it, or a derivative in it at a point that is not a fresh
 * symbol.
 */
function substitute(node: Node, name: string, value: Node): Node | undefined {
  switch (node.type) {
    case 'number':
    case 'unit':
    case 'opaque':
      return node;
    case 'symbol':
      return node.name === name && node.vector !== true ? { ...value, span: node.span } : node;
    case 'unary': {
      const arg = substitute(node.arg, name, value);
      return arg === undefined ? undefined : { ...node, arg };
    }
    case 'binary': {
      const left = substitute(node.left, name, value);
      const right = substitute(node.right, name, value);
      return left === undefined || right === undefined ? undefined : { ...node, left, right };
    }
    case 'call': {
      const args = node.args.map((a) => substitute(a, name, value));
      return args.some((a) => a === undefined) ? undefined : { ...node, args: args as Node[] };
    }
    case 'apply':
      // `V(r)|_{r=R}` is the quantity V at R.
      if (
        node.args.every((a) => a.type === 'symbol') &&
        node.args.some((a) => a.type === 'symbol' && a.name === name)
      )
        return { ...node, args: node.args.map((a) => (a.type === 'symbol' && a.name === name ? value : a)) };
      return node;
    case 'derivative': {
      if (node.variable !== name) {
        const expr = substitute(node.expr, name, value);
        return expr === undefined ? undefined : { ...node, expr };
      }
      if (value.type !== 'symbol' || freeSymbols(node.expr).has(value.name)) return undefined;
      const expr = substitute(node.expr, name, value);
      return expr === undefined ? undefined : { ...node, expr, variable: value.name };
    }
    case 'integral': {
      const bound = (b: Node | undefined): Node | undefined | null =>
        b === undefined ? undefined : (substitute(b, name, value) ?? null);
      const lower = bound(node.lower);
      const upper = bound(node.upper);
      if (lower === null || upper === null) return undefined;
      const integrand = node.variable === name ? node.integrand : substitute(node.integrand, name, value);
      if (integrand === undefined) return undefined;
      const out = { type: 'integral', integrand, variable: node.variable, span: node.span } as const;
      return { ...out, ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }) };
    }
    case 'sum': {
      const lower = substitute(node.lower, name, value);
      const upper = substitute(node.upper, name, value);
      const body = node.index === name ? node.body : substitute(node.body, name, value);
      if (lower === undefined || upper === undefined || body === undefined) return undefined;
      return { ...node, lower, upper, body };
    }
    default:
      return containsSymbol(node, name) ? undefined : node;
  }
}

function containsSymbol(node: Node, name: string): boolean {
  if (node.type === 'symbol') return node.name === name;
  return childNodes(node).some((c) => containsSymbol(c, name));
}
