import { type Diagnostic, diagnostic, hasError } from '../core/diagnostic.js';
import type { Node, ParseResult } from '../core/tree.js';
import { isSeparatorText } from './classify.js';
import { isProse } from './is-prose.js';
import { mayHoldArrow, tryReaction } from './parse-reaction.js';
import { parseStatements } from './parse-statements.js';
import { ParseAbort, Parser, show } from './parser.js';
import { RecentParses } from './recent-parses.js';
import { tokenize } from './tokenize.js';

/** Limits of one parse. */
export interface ParseOptions {
  /** Longest accepted input in UTF-16 code units; longer gives `input-too-large`. Default 100 000. */
  readonly maxLength?: number;
  /** Deepest accepted nesting of groups, fractions and scripts; deeper gives `nesting-too-deep`. Default 200. */
  readonly maxDepth?: number;
  /**
   * Reuse and keep results in {@link recentParses} (only with the default limits). Default true;
   * false parses afresh (benchmarks, or callers that must not keep trees alive).
   */
  readonly cache?: boolean;
}

const DEFAULT_MAX_LENGTH = 100_000;
const DEFAULT_MAX_DEPTH = 200;

/**
 * Results of recent parses with the default limits (see {@link RecentParses}): 512 entries, 256 K
 * source characters (measured: 2.7 MB for 512 OlympiadBench formulas, 8 MB when full of long
 * fractions), sources up to 8 K characters.
 */
export const recentParses = new RecentParses({ maxEntries: 512, maxChars: 262_144, maxSourceLength: 8192 });

/**
 * Parses one LaTeX formula (or a display block of several) into an expression tree. Math delimiters
 * (`$$`, `\[ \]`, `\( \)`, `$`) are ignored; every node carries its span in `source`. A block of
 * several formulas gives a `list`. Failures are diagnostics with stable codes (see `LATEX_CODES`),
 * never exceptions; time is linear in the input and nesting is bounded. Results are immutable: a
 * source parsed recently with the default limits returns the same result object again.
 */
export function parseLatex(source: string, options: ParseOptions = {}): ParseResult {
  if (options.cache === false || options.maxLength !== undefined || options.maxDepth !== undefined)
    return parseUncached(source, options);
  const hit = recentParses.get(source);
  if (hit !== undefined) return hit;
  const result = parseUncached(source, options);
  recentParses.set(source, result);
  return result;
}

/**
 * Keeps, as the parse of the text a node of `whole` spans (`source.slice(node.span.start,
 * node.span.end)`), that node with its spans counted from its own start: a scorer parses a math row
 * to split it into formulas (a chain `a = b = c` into `a = b` and `b = c`, a list into its items) and
 * then prepares each formula, which parses its text again; with the part kept, that parse is a
 * lookup. `node` is a node of `whole` or a relation built from two of them (a chain's link, `args`
 * adjacent members). Kept only when `whole` parsed with the default limits and without a diagnostic;
 * read off when first asked for (most sides are never read alone), and only where the part parses
 * alone as it reads in its row ({@link keepable}; parsed then otherwise): the parser reads each
 * member of a chain and each item of a list without looking past it, so the part's own parse is
 * this same tree (checked on every chain link, side and list item of the bundled, harsh and blind
 * answers: `test/latex/remember-part.test.ts`). Returns the part's text.
 */
export function rememberPart(source: string, whole: ParseResult, node: Node): string | undefined {
  if (!whole.ok || whole.diagnostics.length > 0) return undefined;
  const { start, end } = node.span;
  const text = source.slice(start, end);
  if (text === source || !fits(text) || recentParses.has(text)) return text;
  // Read off when first asked for (most sides are never read alone); a part that would not parse
  // alone as it reads in its row is parsed then.
  recentParses.setLazy(text, () =>
    keepable(text)
      ? { ok: true, tree: start === 0 ? node : rebased(node, start), diagnostics: [] }
      : parseUncached(text, {}),
  );
  return text;
}

/**
 * Like {@link rememberPart}, for the equation `left = right` between two members of a chain of
 * `whole` that are not adjacent (`W = E_{max} - E_{min} = 4t` also states `W = 4t`), written with
 * one space on each side of `=`. Returns its text.
 */
export function rememberJoined(
  source: string,
  whole: ParseResult,
  left: Node,
  right: Node,
): string | undefined {
  if (!whole.ok || whole.diagnostics.length > 0) return undefined;
  const a = source.slice(left.span.start, left.span.end);
  const b = source.slice(right.span.start, right.span.end);
  const text = `${a} = ${b}`;
  if (!fits(text) || recentParses.has(text)) return text;
  recentParses.setLazy(text, () => {
    if (!keepable(a) || !keepable(b) || !keepable(text)) return parseUncached(text, {});
    const tree: Node = {
      type: 'relation',
      ops: ['='],
      args: [rebased(left, left.span.start), rebased(right, right.span.start - a.length - 3)],
      span: { start: 0, end: text.length },
    };
    return { ok: true, tree, diagnostics: [] };
  });
  return text;
}

/** Whether a text is one the cache of recent parses keeps. */
function fits(text: string): boolean {
  return text.length > 0 && text.length <= recentParses.options.maxSourceLength;
}

/**
 * Whether a part's text parses alone as it reads in its row (see {@link rememberPart}): no
 * surrounding whitespace, brackets balanced (a node whose span stops short of a closing bracket — a
 * tuple `(E/c, \vec p)` ends at its last member — spans a text that does not parse alone), and
 * nothing the parser decides on its whole source before reading it (prose, a reaction) or at its
 * start (a bracketed equation label such as `(12)` or `(T2 − T1)`, skipped there).
 */
function keepable(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  if (isSpace(first) || isSpace(text.charCodeAt(text.length - 1))) return false;
  if (first === 40 || first === 91 || !balanced(text)) return false;
  // A list beside a relation (`3, 3 = 36` read off `E = 3, 3 = 36` as a list item holding a relation)
  // groups differently alone (the list becomes the relation's side): parsed alone.
  if (text.includes(',') && LIST_AND_RELATION.test(text)) return false;
  // A span that ends inside a `\left … \right` pair (a set's closing `\right\}` left out) reads otherwise alone.
  if (count(text, '\\left') !== count(text, '\\right')) return false;
  return !mayHoldArrow(text) && !isProse(text);
}

function count(text: string, word: string): number {
  let n = 0;
  for (let k = text.indexOf(word); k >= 0; k = text.indexOf(word, k + word.length)) n++;
  return n;
}

const LIST_AND_RELATION = /[=<>]|\\(?:le|ge|leq|geq|ll|gg|approx|sim|simeq|ne|neq|equiv|propto)(?![a-zA-Z])/;

/** Whether every `(`, `[` and `{` of a text (escaped braces aside) is closed in it, in order. */
function balanced(text: string): boolean {
  const open: number[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 92)
      k++; // a backslash escapes the next character (`\{`, `\}`)
    else if (c === 40 || c === 91 || c === 123) open.push(c);
    else if (c === 41 || c === 93 || c === 125) {
      const expected = c === 41 ? 40 : c - 2;
      if (open.pop() !== expected) return false;
    }
  }
  return open.length === 0;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * A copy of a tree with every span moved `by` characters left. Each node is copied by a spread that
 * replaces fields it already has, so a copy keeps its original's shape (a generic key-by-key copy
 * built objects of other shapes than the parser's, and a tenth of a fresh answer's parsing time);
 * the nodes' other fields are immutable and shared.
 */
function rebased(node: Node, by: number): Node {
  const span = { start: node.span.start - by, end: node.span.end - by };
  const move = (child: Node) => rebased(child, by);
  switch (node.type) {
    case 'number':
    case 'symbol':
    case 'unit':
    case 'opaque':
      return { ...node, span };
    case 'unary':
      return { ...node, arg: move(node.arg), span };
    case 'binary':
      return { ...node, left: move(node.left), right: move(node.right), span };
    case 'call':
    case 'apply':
    case 'relation':
      return { ...node, args: node.args.map(move), span };
    case 'list':
      return { ...node, items: node.items.map(move), span };
    case 'differential':
      return { ...node, of: move(node.of), span };
    case 'derivative':
      return { ...node, expr: move(node.expr), span };
    case 'integral': {
      const copy = { ...node, integrand: move(node.integrand), span };
      if (node.lower !== undefined) copy.lower = move(node.lower);
      if (node.upper !== undefined) copy.upper = move(node.upper);
      return copy;
    }
    case 'sum':
      return { ...node, body: move(node.body), lower: move(node.lower), upper: move(node.upper), span };
  }
}

function parseUncached(source: string, options: ParseOptions): ParseResult {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const whole = { start: 0, end: source.length };
  if (source.length > maxLength) {
    return fail(
      diagnostic(
        'input-too-large',
        'error',
        `input of ${source.length} characters exceeds ${maxLength}`,
        whole,
      ),
    );
  }
  if (/^[\s$]*(\\[[\]()][\s$]*)*$/.test(source))
    return fail(diagnostic('empty-input', 'error', 'no formula', whole));
  if (isProse(source))
    return fail(diagnostic('not-a-formula', 'error', 'this is prose, not a formula', whole));
  const tokenized = tokenize(source);
  if (hasError(tokenized.diagnostics)) return { ok: false, diagnostics: tokenized.diagnostics };
  const reaction = tryReaction(tokenized.tokens, tokenized.match, source);
  if (reaction !== undefined) {
    const note = 'a reaction equation: compared by its particles, not as arithmetic';
    return {
      ok: true,
      tree: reaction,
      diagnostics: [diagnostic('reaction-equation', 'warning', note, whole)],
    };
  }
  const p = new Parser(source, tokenized.tokens, tokenized.match, { maxDepth });
  let items: Node[];
  try {
    items = parseStatements(p, true);
    const rest = p.peek();
    if (rest.kind !== 'end') {
      const code =
        rest.value === ')' || rest.value === ']' || rest.value === 'right' || rest.value === 'end'
          ? 'unbalanced-delimiter'
          : 'unexpected-token';
      p.fail(code, `unexpected '${show(rest)}'`, p.spanOf(rest));
    }
  } catch (error) {
    if (error instanceof ParseAbort) return { ok: false, diagnostics: [...p.diagnostics, error.diagnostic] };
    const message = error instanceof Error ? error.message : String(error);
    return fail(diagnostic('internal-error', 'error', `parser bug: ${message}`, whole));
  }
  if (items.length === 0) {
    const prose = tokenized.tokens.some(isSeparatorText);
    return fail(
      prose
        ? diagnostic('not-a-formula', 'error', 'only text, no formula', whole)
        : diagnostic('empty-input', 'error', 'no formula (only labels, spacing or separators)', whole),
    );
  }
  const tree: Node =
    items.length === 1
      ? items[0]!
      : {
          type: 'list',
          items: flatten(items),
          span: { start: items[0]!.span.start, end: items[items.length - 1]!.span.end },
        };
  const heightLimit = maxDepth * 5;
  // The recursive check is cheaper; with a huge configured limit, the iterative one cannot overflow the stack.
  if (heightLimit <= 5000 ? deeperThan(tree, heightLimit) : treeHeight(tree) > heightLimit) {
    return fail(
      diagnostic('nesting-too-deep', 'error', `the tree is deeper than ${maxDepth * 5} levels`, whole),
    );
  }
  return { ok: true, tree, diagnostics: p.diagnostics };
}

function fail(d: Diagnostic): ParseResult {
  return { ok: false, diagnostics: [d] };
}

function flatten(items: readonly Node[]): Node[] {
  return items.flatMap((item) => (item.type === 'list' ? flatten(item.items) : [item]));
}

/**
 * True when some node lies deeper than `limit` levels below `node` (the root is level 1). Recursive,
 * but it stops as soon as a path passes the limit, so it never recurses deeper than `limit + 1`
 * frames; it allocates nothing (this runs on every parse).
 */
function deeperThan(node: Node, limit: number, level = 1): boolean {
  if (level > limit) return true;
  const next = level + 1;
  switch (node.type) {
    case 'unary':
      return deeperThan(node.arg, limit, next);
    case 'binary':
      return deeperThan(node.left, limit, next) || deeperThan(node.right, limit, next);
    case 'call':
    case 'apply':
    case 'relation':
      return anyDeeper(node.args, limit, next);
    case 'list':
      return anyDeeper(node.items, limit, next);
    case 'differential':
      return deeperThan(node.of, limit, next);
    case 'derivative':
      return deeperThan(node.expr, limit, next);
    case 'integral':
      return (
        deeperThan(node.integrand, limit, next) ||
        (node.lower !== undefined && deeperThan(node.lower, limit, next)) ||
        (node.upper !== undefined && deeperThan(node.upper, limit, next))
      );
    case 'sum':
      return (
        deeperThan(node.body, limit, next) ||
        deeperThan(node.lower, limit, next) ||
        deeperThan(node.upper, limit, next)
      );
    default:
      return false;
  }
}

function anyDeeper(nodes: readonly Node[], limit: number, level: number): boolean {
  for (const n of nodes) if (deeperThan(n, limit, level)) return true;
  return false;
}

/** Height of a tree, computed without recursion (chains of thousands of terms are fine). */
function treeHeight(root: Node): number {
  let max = 0;
  const stack: [Node, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    for (const child of children(node)) stack.push([child, depth + 1]);
  }
  return max;
}

function children(node: Node): readonly Node[] {
  switch (node.type) {
    case 'unary':
      return [node.arg];
    case 'binary':
      return [node.left, node.right];
    case 'call':
    case 'apply':
    case 'relation':
      return node.args;
    case 'list':
      return node.items;
    case 'differential':
      return [node.of];
    case 'derivative':
      return [node.expr];
    case 'integral':
      return [node.integrand, ...(node.lower ? [node.lower] : []), ...(node.upper ? [node.upper] : [])];
    case 'sum':
      return [node.body, node.lower, node.upper];
    default:
      return [];
  }
}
