import type { Span } from './span.js';

/**
 * The expression tree every stage exchanges. Nodes are inert, JSON-safe objects (no classes, no
 * functions, no `undefined` values, no cycles) so they can be cached, snapshotted, sent to the viewer
 * and stored in reports unchanged. Every node carries the span of the LaTeX it came from.
 *
 * Conventions the parser guarantees (and later stages rely on):
 * - Symbols carry a canonical `name`: `v_{\text{empty}}`, `v_\mathrm{empty}` and `v_{empty}` all give
 *   `v_{empty}`; Greek letters are spelled without the backslash (`theta`, `Delta`), with the variant
 *   aliases folded (`varepsilon` → `epsilon`, `vartheta` → `theta`, `varphi` → `phi`, `varrho` → `rho`,
 *   `varsigma` → `sigma`, `varpi` → `pi`); primes append `'` (`x'`, `theta''`); decorations wrap:
 *   `hat(n)`, `bar(v)`, `tilde(x)`; `\Delta x` and `\delta x` (a Greek Δ/δ directly followed by a
 *   symbol) form one symbol `Delta x` / `delta x`. `\vec{F}`, `\mathbf{F}`, `\boldsymbol{F}` give the
 *   symbol `F` with `vector: true`.
 * - `\pi`, `e`, `i` are plain symbols here (`pi`, `e`, `i`); normalization decides whether they are
 *   the math constants (see the design brief). `\mathrm{e}` gives `e` with `upright: true`.
 * - `\infty` is the symbol `infinity` (numbers are never ±Infinity, which JSON cannot carry).
 * - Numbers are finite JavaScript numbers; scientific notation (`1.08\times10^{45}`, `1.08e45`) is
 *   folded into one number node when written as mantissa × 10^k.
 */
export type Node =
  | NumberNode
  | SymbolNode
  | UnitNode
  | UnaryNode
  | BinaryNode
  | CallNode
  | ApplyNode
  | RelationNode
  | ListNode
  | DifferentialNode
  | DerivativeNode
  | IntegralNode
  | SumNode
  | OpaqueNode;

/** The `type` tags of {@link Node}. */
export type NodeType = Node['type'];

/** A numeric literal. `raw` keeps the source spelling (for significant figures). */
export interface NumberNode {
  readonly type: 'number';
  readonly value: number;
  readonly raw: string;
  /**
   * Set by normalization when the number came from a unit: exponents of the SI base units
   * `[m, kg, s, A, K, mol, cd]`, kept beside the value so a dimension check can be added.
   */
  readonly dim?: readonly number[];
  readonly span: Span;
}

/** A named quantity. See the naming conventions on {@link Node}. */
export interface SymbolNode {
  readonly type: 'symbol';
  readonly name: string;
  /** Written as `\vec`, `\mathbf` or `\boldsymbol`. */
  readonly vector?: true;
  /** Written upright (`\mathrm{e}`, `\text{e}`), which marks the math constant for `e`/`i`. */
  readonly upright?: true;
  readonly span: Span;
}

/**
 * A unit written after a number or inside `\unit{}`, `\si{}`, `\SI{}{}`: the canonical unit text as
 * written (`km/h`, `m.s^{-2}`, `deg`, `%`); `src/physics/` resolves it to an SI scale and dimension.
 * A quantity `36\,\text{km/h}` parses to `binary('*', number 36, unit 'km/h')`.
 */
export interface UnitNode {
  readonly type: 'unit';
  readonly unit: string;
  readonly span: Span;
}

/** Prefix `-`, `+`, `±`, `∓`, or postfix factorial `!`. */
export interface UnaryNode {
  readonly type: 'unary';
  readonly op: '-' | '+' | '±' | '∓' | '!';
  readonly arg: Node;
  readonly span: Span;
}

/** Arithmetic operators. `*` covers `\cdot`, `\times`, juxtaposition (`implicit: true`). */
export type BinaryOp = '+' | '-' | '*' | '/' | '^' | '±' | '∓';

/** A binary operation. `\frac{a}{b}` is `/`; `\sqrt` is a {@link CallNode}. */
export interface BinaryNode {
  readonly type: 'binary';
  readonly op: BinaryOp;
  readonly left: Node;
  readonly right: Node;
  /** True for a product written by juxtaposition (`2\pi r`). */
  readonly implicit?: true;
  readonly span: Span;
}

/** The built-in functions a {@link CallNode} may name. */
export type FunctionName =
  | 'sin'
  | 'cos'
  | 'tan'
  | 'cot'
  | 'sec'
  | 'csc'
  | 'arcsin'
  | 'arccos'
  | 'arctan'
  | 'arccot'
  | 'sinh'
  | 'cosh'
  | 'tanh'
  | 'coth'
  | 'sech'
  | 'csch'
  | 'arsinh'
  | 'arcosh'
  | 'artanh'
  | 'exp'
  | 'ln'
  /** `\log x` (natural log, the physics convention is ambiguous; see the design brief) or `\log_b x` with args `[x, b]`. */
  | 'log'
  /** `\lg x`, base 10. */
  | 'lg'
  /** `\sqrt{x}` has args `[x]`; `\sqrt[n]{x}` has `[x, n]`. */
  | 'sqrt'
  | 'abs'
  | 'floor'
  | 'ceil'
  | 'sign'
  | 'max'
  | 'min';

/** A call of a built-in function. `\sin^2\theta` is `binary('^', call(sin, θ), 2)`. */
export interface CallNode {
  readonly type: 'call';
  readonly fn: FunctionName;
  readonly args: readonly Node[];
  readonly span: Span;
}

/**
 * A symbol applied to arguments, `x(t)`, `V(r)`, `x(0)`, `f(x, y)`: written as a single symbol
 * immediately followed by a parenthesised list of symbols or numbers. Normalization treats it as
 * the quantity `name` (a label: `x(t) = …`), or `name(args)` when an argument is a number.
 */
export interface ApplyNode {
  readonly type: 'apply';
  readonly name: string;
  readonly args: readonly Node[];
  readonly span: Span;
}

/**
 * Relation operators. `\approx`, `\simeq`, `\equiv`, `:=`, `\triangleq` give `=`; `\propto` gives
 * `propto`; `\sim` gives `~` (order of magnitude, not checked as an equation).
 */
export type RelOp = '=' | '<' | '>' | '<=' | '>=' | '!=' | 'propto' | 'sim' | '~';

/**
 * A relation or a chain of relations: `a = b` has `ops ['=']`, `args [a, b]`; `a = b = c` has
 * `ops ['=', '=']`, `args [a, b, c]` (extraction splits chains into pairs).
 */
export interface RelationNode {
  readonly type: 'relation';
  readonly ops: readonly RelOp[];
  readonly args: readonly Node[];
  readonly span: Span;
}

/**
 * Several formulas in one block: separated by `\Rightarrow`, `\Longrightarrow`, `\implies`,
 * `\quad`, `\qquad`, top-level commas or semicolons, `\text{and}`, or rows of `aligned`/`align`.
 */
export interface ListNode {
  readonly type: 'list';
  readonly items: readonly Node[];
  readonly span: Span;
}

/**
 * A differential: `dv`, `\mathrm{d}t`, `d^2x` (order 2), `\partial f` (partial). Numerically a
 * differential is a quantity of its own, so `dv = a\,dt` and `\frac{dv}{dt} = a` agree. `\dot x` is
 * `binary('/', differential(x), differential(t))`, `\ddot x` is `d^2x / (dt)^2`.
 */
export interface DifferentialNode {
  readonly type: 'differential';
  /** The differentiated quantity (usually a symbol). */
  readonly of: Node;
  readonly order: number;
  readonly partial: boolean;
  readonly span: Span;
}

/** A derivative operator applied to an expression: `\frac{d}{dr}(…)`, `\frac{\partial^2}{\partial x^2} f`. */
export interface DerivativeNode {
  readonly type: 'derivative';
  readonly expr: Node;
  /** The canonical symbol name of the variable. */
  readonly variable: string;
  readonly order: number;
  readonly partial: boolean;
  readonly span: Span;
}

/** `\int_a^b f\,dx` (definite when both bounds are present) or `\int f\,dx`. */
export interface IntegralNode {
  readonly type: 'integral';
  readonly integrand: Node;
  /** The canonical symbol name of the integration variable. */
  readonly variable: string;
  readonly lower?: Node;
  readonly upper?: Node;
  readonly span: Span;
}

/** `\sum_{n=1}^{N} body` or `\prod…`; `upper` may be the symbol `infinity`. */
export interface SumNode {
  readonly type: 'sum';
  readonly kind: 'sum' | 'product';
  readonly body: Node;
  readonly index: string;
  readonly lower: Node;
  readonly upper: Node;
  readonly span: Span;
}

/**
 * A quantity we do not evaluate but can compare by its canonical text: `\nabla\cdot\mathbf{E}`,
 * `\nabla\times\mathbf{B}`, `\nabla^2\phi`, `\oint`, `\lim`, a matrix. Two opaque nodes with the same
 * `key` are the same quantity (numerically, a free variable named by the key).
 */
export interface OpaqueNode {
  readonly type: 'opaque';
  readonly key: string;
  readonly span: Span;
}

/** The outcome of parsing one LaTeX string: a tree (possibly with warnings) or only diagnostics. */
export type ParseResult =
  | {
      readonly ok: true;
      readonly tree: Node;
      readonly diagnostics: readonly import('./diagnostic.js').Diagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly import('./diagnostic.js').Diagnostic[] };

/** Three-valued verdict of a comparison; `undetermined` is reported as its own outcome. */
export type Verdict = 'equivalent' | 'different' | 'undetermined';
