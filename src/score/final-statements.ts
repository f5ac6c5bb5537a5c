import type { PreparedFormula } from '../equivalence/types.js';
import { splitFormula } from '../extract/split-formula.js';
import type { ExtractionResult } from '../extract/types.js';
import { cancelledText } from '../normalize/canonical-text.js';
import { freeVariables } from '../numeric/free-variables.js';
import { boxedSpans, relationSides } from './answer-text.js';
import { expressionValue, valueAsWritten } from './numeric-answer.js';

/** One formula or bare value of an answer, read as a possible statement of a final answer. */
export interface Statement {
  readonly latex: string;
  /** Offset in the answer; the links of a chain `a = b = c` share the offset of its first side. */
  readonly offset: number;
  readonly boxed: boolean;
  /** The math block it was read from (a chain's links share it); boxes read alone have none. */
  readonly block?: number;
  /** A lone expression (`4.75\,\mathrm{h}`), not a relation. */
  readonly bare: boolean;
  /** Written in bold (`**5**` resistors): a value the answer emphasizes. */
  readonly emphasis?: true;
  /** The two sides of an equation (`=`, `\approx`); undefined for bare values and inequalities. */
  readonly sides?: { readonly lhs: string; readonly rhs: string };
  /** Some side (or the bare expression) evaluates to a number. */
  readonly hasValue: boolean;
  /** Some side (or the bare expression) evaluates to a number written with a unit (`3.23\ \text{km/s}`). */
  readonly unitValue: boolean;
  /** The sides (or the bare expression) that evaluate to a number written with a unit. */
  readonly unitSides: readonly string[];
  /**
   * Whether a side is the quantity `key` (a canonical text) whose variables are `quantity`; only the
   * sides with exactly those variables are prepared to tell.
   */
  names(key: string, quantity: readonly string[]): boolean;
}

/** Most boxes read on their own (the rest keep the extractor's reading). */
const MAX_BOXES = 200;

/**
 * The answer's formulas and bare values in reading order, each with the quantities it states, for
 * the final-answer check. Each `\boxed{…}` is read on its own (split into its formulas), so boxes
 * written side by side (`\boxed{v = 2\,\mathrm{m/s}}\ \boxed{t = 1\,\mathrm{s}}`) stay separate
 * statements. `prepare` is the scorer's cached preparer (problem constants applied).
 */
export function finalStatements(
  response: string,
  extraction: ExtractionResult,
  prepare: (latex: string) => PreparedFormula,
): Statement[] {
  const read: {
    latex: string;
    offset: number;
    boxed: boolean;
    bare: boolean;
    block?: number;
    emphasis?: true;
  }[] = [];
  const boxes = boxedSpans(response).slice(0, MAX_BOXES);
  const inBox = (offset: number) =>
    boxes.some((b) => offset >= b.start && offset < b.start + b.content.length);
  for (const box of boxes) {
    const split = splitFormula(box.content);
    if (!split.ok) continue;
    for (const part of split.parts) {
      if (part.unchecked) continue;
      read.push({ latex: part.latex, offset: box.start + part.start, boxed: true, bare: !part.relation });
    }
  }
  for (const f of extraction.formulas)
    if (!inBox(f.offset))
      read.push({ latex: f.latex, offset: f.offset, boxed: f.kind === 'boxed', bare: false, block: f.block });
  for (const f of extraction.candidates)
    if (!inBox(f.offset) && (f.emphasis === true || !inProse(response, f.offset, f.kind)))
      read.push({
        latex: f.latex,
        offset: f.offset,
        boxed: f.kind === 'boxed',
        bare: true,
        block: f.block,
        ...(f.emphasis ? { emphasis: true as const } : {}),
      });
  read.sort((a, b) => a.offset - b.offset);
  return read.map(({ latex, offset, boxed, bare, block, emphasis }) => {
    const whole = prepare(latex);
    const base = {
      latex,
      offset,
      boxed,
      bare,
      ...(block === undefined ? {} : { block }),
      ...(emphasis ? { emphasis } : {}),
    };
    if (bare)
      return {
        ...base,
        hasValue: expressionValue(whole) !== undefined,
        get unitValue() {
          return valueAsWritten(whole)?.unit === true;
        },
        get unitSides() {
          return valueAsWritten(whole)?.unit === true ? [latex] : [];
        },
        names: () => false,
      };
    const sides = relationSides(latex);
    if (sides === undefined)
      return { ...base, hasValue: false, unitValue: false, unitSides: [], names: () => false };
    // The sides are prepared on first use, each on its own: the check reads a side only when it
    // can be an expected quantity (it has exactly the quantity's variables), and the other side only
    // for a statement that names the quantity; preparing is most of the check's cost.
    const texts = [sides.lhs, sides.rhs] as const;
    const preparedSides: (PreparedFormula | undefined)[] = [undefined, undefined];
    const side = (i: 0 | 1) => {
      preparedSides[i] ??= prepare(texts[i]);
      return preparedSides[i];
    };
    const keyOf = (i: 0 | 1) => {
      const p = side(i);
      return p.ok && p.kind === 'expression' ? p.canonical : undefined;
    };
    // Free variables of each side of the prepared relation (undefined when it is not one relation).
    let sideVariables: readonly (readonly string[])[] | undefined;
    const tree = whole.ok ? whole.tree : undefined;
    const variablesOf = (i: 0 | 1) => {
      if (tree?.type !== 'relation' || tree.args.length !== 2) return undefined;
      sideVariables ??= tree.args.map((node) => freeVariables(node));
      return sideVariables[i];
    };
    const sameSet = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && a.every((v) => b.includes(v));
    return {
      ...base,
      sides,
      get hasValue() {
        return expressionValue(side(0)) !== undefined || expressionValue(side(1)) !== undefined;
      },
      get unitValue() {
        return valueAsWritten(side(0))?.unit === true || valueAsWritten(side(1))?.unit === true;
      },
      get unitSides() {
        return ([0, 1] as const).filter((i) => valueAsWritten(side(i))?.unit === true).map((i) => texts[i]);
      },
      names(key: string, quantity: readonly string[]) {
        // A side that is the quantity has exactly its variables, and they are among the formula's.
        if (whole.ok && !quantity.every((v) => whole.variables.includes(v))) return false;
        return ([0, 1] as const).some((i) => {
          const vars = variablesOf(i);
          // `\theta_B' = \theta_t` states θ_B' in terms of θ_t, not θ_t: a right side names the
          // quantity only when the left is not a lone quantity itself (`2.5 = v` does).
          if (i === 1 && variablesOf(0)?.length === 1 && isLone(sides.lhs)) return false;
          if ((vars === undefined || sameSet(vars, quantity)) && keyOf(i) === key) return true;
          // The quantity times a factor that cancels exactly (`t \cdot \frac{K}{K}`) names it too.
          return (
            vars !== undefined &&
            vars.length > quantity.length &&
            quantity.every((v) => vars.includes(v)) &&
            tree?.type === 'relation' &&
            cancelledText(tree.args[i]!) === key
          );
        });
      },
    };
  });
}

/** A side written as one symbol (`\theta_B'`, `v_{f}`, `T_{\max}`): letters, a command, scripts, primes. */
function isLone(side: string): boolean {
  return /^\s*(?:\\[a-zA-Z]+|[a-zA-Z])(?:\s*(?:_\{[^{}]*\}|_\\?[a-zA-Z0-9]+|'+|\^\{?\s*\\prime\s*\}?))*\s*$/.test(
    side,
  );
}

/** Words after which an inline value is what the sentence states (`the speed is $3.2$ m/s`). */
const STATES =
  /(?:=|:|≈|≃|\\approx|\\simeq|\b(?:is|are|equals?|be|becomes|gives?|get|obtain|yields?|about|approximately|roughly|answer))$/i;
/**
 * An inline bare value inside a sentence that does not state it (`Give $\theta_B'$ in terms of
 * $\theta_t$.`): a symbol the prose mentions, not an answer. Such a value is not read as a final
 * statement (echoing the question's own wording must not answer it); one after `=`, `is`, `:` or
 * alone on its line (or after a bullet) is.
 */
function inProse(response: string, offset: number, kind: string): boolean {
  if (kind !== 'inline') return false;
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  const before = response
    .slice(lineStart, offset)
    .replace(/(?:\$+|\\\(|\\\[)\s*$/, '')
    .trim();
  return !(before === '' || /^(?:[-*•]|\d+[.)]|\(?[a-z]\))$/i.test(before) || STATES.test(before));
}
