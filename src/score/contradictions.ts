import { childNodes } from '../core/child-nodes.js';
import { createPrng } from '../core/prng.js';
import type { Node, Verdict } from '../core/tree.js';
import { problemStatement } from '../dag/given-nodes.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula, VALUE_SYMBOL } from '../equivalence/index.js';
import { literalUnit } from '../equivalence/literal-precision.js';
import { scalingOf } from '../equivalence/order-of-magnitude.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { findMathBlocks } from '../extract/find-math-blocks.js';
import type { ExtractedFormula } from '../extract/types.js';
import { SUPERSCRIPTS } from '../latex/grammar/unicode.js';
import { canonicalText } from '../normalize/index.js';
import { freeVariables } from '../numeric/free-variables.js';
import { compile } from '../numeric/index.js';
import { charge, chargeRecorded, metered, workExhausted } from '../numeric/work-meter.js';
import { parseUnit } from '../physics/units.js';
import { type AnswerSection, answerSections, writtenUnitKey } from './answer-text.js';
import { temperatureDifference, valueAsWritten, type WrittenValue, writtenValue } from './numeric-answer.js';

/** A quantity the answer gives different values, and the statements that do. */
export interface Contradiction {
  /** The quantity as written (`r`), and its canonical text (the final-answer check's key). */
  readonly quantity: string;
  readonly key: string;
  /** The different values, as written, in reading order. */
  readonly values: readonly string[];
  /** Indices (into the extracted formulas) of every formula that took part: they earn nothing. */
  readonly formulas: readonly number[];
  /** A value offered as an alternative (`(or 54 N/C …)`) took part: the answer hedges. */
  readonly offered: boolean;
  /**
   * Every value is one number as written (`F \approx 3.8 \text{ or } 7.6\ \text{N}`), none a step of
   * arithmetic (`4.478 + 13.598 - 2.651`) whose written number may drop its unit: the answer hedges.
   */
  readonly plain: boolean;
}

/** What {@link findContradictions} needs of the scorer. */
export interface ContradictionTools {
  /** The scorer's cached preparer (problem constants applied). */
  readonly prepare: (latex: string) => PreparedFormula;
  /** Decides two statements of one quantity (the pair matcher: cheap path, cache). */
  readonly compare: (a: PreparedFormula, b: PreparedFormula) => Verdict;
  /**
   * How many values the problem expects for a quantity (by canonical text; default 1): a problem
   * whose final answers give one quantity two values (two roots, both physical) is answered by
   * stating both, not contradicted.
   */
  readonly expectedValues?: ReadonlyMap<string, number>;
  /**
   * The answer's bare values (`extraction.candidates`): one offered as an alternative right after a
   * statement (`$T \approx 255\,\text{K}$ (or $278\,\text{K}$ without albedo)`) is another value
   * of that statement's quantity.
   */
  readonly candidates?: readonly ExtractedFormula[];
  /**
   * The part letters the problem asks (its sub-questions', and those its text marks `(a)`, `(b)`):
   * an answer's marks for other letters (`(a) v = 2X (b) v = X/2 (c) v = X` to a one-part question)
   * open no part, and its values are compared as one. Default: every mark opens a part.
   */
  readonly parts?: ReadonlySet<string>;
  /**
   * The words of the problem's statement ({@link problemWords}): a case label between two values of
   * a quantity (`Case 2 (large angles):`, `; otherwise`, `- if assumption 2 holds,`) that names no
   * situation the problem poses is a hedge, and its values are compared as one. Default: case labels
   * separate situations, as other prose does.
   */
  readonly problemWords?: ReadonlySet<string>;
  /**
   * The symbols the problem gives a number (`h = 2.0\ \mathrm{m}`; {@link problemValues}): a plain
   * number beside an expression whose symbols neither the problem nor the answer gives a number is a
   * second value of its quantity. Default: a number and an expression are never compared.
   */
  readonly problemValues?: ReadonlySet<string> | undefined;
}

const valuesMemo = new WeakMap<
  Problem,
  { readonly names: ReadonlySet<string> | undefined; readonly work: number }
>();

/** Most work reading a problem's data may take (its statement's formulas, prepared). */
const PROBLEM_VALUES_WORK = 1e8;

/** A number with a unit after it (`2.0 m`, `3\,\mathrm{kg}`, `30^\circ`): data given in words or math. */
const QUANTITY_WITH_UNIT =
  /\d\s*(?:\\[,;: ]|~|\s)*(?:\\(?:mathrm|text|rm|mathit)\s*\{\s*~?\s*)?(?:[a-zA-Zµμ°%]|\^\s*\{?\s*\\circ)/;

/**
 * The symbols a problem's statement gives a number (`$h = 2.0\ \mathrm{m}$`, `$N = 3$`); once per
 * problem. Undefined for a problem that gives a number with a unit anywhere else (`a height of 2.0 m`):
 * which symbol it is the value of is not read, so any symbol may have a number.
 */
export function problemValues(
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): ReadonlySet<string> | undefined {
  // Read once per problem; the work it cost is charged again on every call, so that a response's work
  // never depends on which responses were scored before it.
  const known = valuesMemo.get(problem);
  if (known !== undefined) {
    chargeRecorded(known.work);
    return known.names;
  }
  const read = metered(PROBLEM_VALUES_WORK, () => readProblemValues(problem, prepare), true);
  valuesMemo.set(problem, { names: read.value, work: read.work });
  return read.value;
}

function readProblemValues(
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): ReadonlySet<string> | undefined {
  const statement = problemStatement(problem);
  const names = new Set<string>();
  const blocks = findMathBlocks(statement);
  let rest = statement;
  for (const block of [...blocks].reverse())
    rest =
      rest.slice(0, block.offset) +
      ' '.repeat(block.content.length) +
      rest.slice(block.offset + block.content.length);
  if (QUANTITY_WITH_UNIT.test(rest)) return undefined;
  for (const block of blocks)
    for (const m of block.content.matchAll(/([^=<>,;]+)=\s*[-−]?\s*\.?\d/g)) {
      const p = prepare(m[1]!.trim());
      if (p.ok && p.kind === 'expression' && p.variables.length === 1) names.add(p.variables[0]!);
    }
  return names;
}

const wordsMemo = new WeakMap<Problem, ReadonlySet<string>>();

/** The words of a problem's statement, each reduced to its stem ({@link wordStem}); once per problem. */
export function problemWords(problem: Problem): ReadonlySet<string> {
  let out = wordsMemo.get(problem);
  if (out === undefined) {
    const text = problemStatement(problem)
      .replace(/\\[a-zA-Z]+/g, ' ')
      .toLowerCase();
    wordsMemo.set(problem, (out = new Set((text.match(/[a-z]+/g) ?? []).map(wordStem))));
  }
  return out;
}

/** A word without a plural, verb or adverb ending (`angles` and `angle` → `angl`, `elastically` → `elastic`). */
const wordStem = (word: string) => word.replace(/(?:ally|ly|ing|ed|es|e|s)$/, '');

/**
 * What marks a case label: a numbered or qualified case (`Case 2`, `Case II`, `the first case`,
 * `(ideal case)`), a label opening with `if`, `when` or `assuming`, `otherwise`, an assumption or a
 * scenario. A sentence that merely uses the word (`than the fixed-pivot case`) is no label.
 */
const CASE_MARK =
  /\bcases?\s*(?:\d+|[ivx]+\b|[a-d]\b)|\b(?:first|second|third|fourth|other|ideal|real|general|special|limiting)\s+case\b|\(\s*[a-z-]+(?:\s+[a-z-]+)?\s+case\s*\)|^[\W_]*(?:if|when|assuming)\b|\botherwise\b|\belse\b|\bassumptions?\b|\bscenarios?\b/i;

/** A label's words that name no situation: its scaffolding (`Case 2`, `if assumption 3 holds`). */
const CASE_SCAFFOLD: ReadonlySet<string> = new Set(
  (
    'case cases scenario scenarios assumption assumptions assume assumed assuming hold holds if otherwise ' +
    'else when whenever for in on of under with without one two three four five six first second third ' +
    'other another then there here we instead'
  ).split(' '),
);

/**
 * Words that choose or justify a case (`Since μ > tan θ, Case 2 applies`), or close the answer
 * (`**Final Answer**`, a check): the answer concludes there, it does not offer both.
 */
const CASE_CHOSEN =
  /\b(?:appl(?:y|ies|ied)|valid|physical|correct|actual(?:ly)?|relevant|consistent|true|realistic|since|because|therefore|hence|thus|indeed|given|final|answer|summary|check|verify|verification|conclusion)\b/i;

/**
 * What a case label between two values says: undefined when the prose is no short case label (no
 * mark, a case chosen, more than a label's words), else the words naming its situation.
 */
function caseLabel(prose: string): string[] | undefined {
  const text = prose
    .replace(/(?:\bpart\s*)?\(([a-h])\)/gi, ' ')
    .replace(/<\/?[a-z]+[^<>]*>/gi, ' ')
    .replace(/\\[a-zA-Z]+/g, ' ');
  if (!CASE_MARK.test(text) || CASE_CHOSEN.test(text)) return undefined;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  if (words.length > 12) return undefined;
  return words.filter((w) => w.length >= 3 && !HEDGE_WORDS.has(w) && !CASE_SCAFFOLD.has(w));
}

/**
 * Whether `prose`, standing between two values of one quantity, is a case label the problem does not
 * pose: a label naming nothing (`Case 2:`, `- if assumption 2 holds,`) or a situation in words the
 * problem's statement does not use (`(large angles)`, `(ideal case)`, "if the surface is rough" for a
 * problem that never mentions a surface). `before` is the text before the first value on its line:
 * `otherwise` (or a bare `Case 2`) continues its label, and is posed where that label is.
 */
function inventedCase(prose: string, before: string, words: ReadonlySet<string> | undefined): boolean {
  if (words === undefined) return false;
  // A label stands right before its value: the prose after the last line or sentence break (what
  // comes first may be a condition on the value before, `r = b when Q = 0).`).
  const label = caseLabel(prose.slice(lastBreak(prose)));
  if (label === undefined) return false;
  const invented = (named: readonly string[]) =>
    named.length === 0 || !named.every((w) => words.has(wordStem(w)));
  const first = caseLabel(before);
  // The first value's own label, when it is one the problem does not pose, makes the pair a hedge too
  // (`Case 1 (perfectly inelastic): v = X`, then `Case 2 (elastic): v = Y`).
  if (first !== undefined && first.length > 0 && invented(first)) return true;
  return invented(label.length > 0 ? label : (first ?? []));
}

/** Where the text after its last line break or sentence end begins (0 when it has none). */
function lastBreak(text: string): number {
  let at = 0;
  for (const m of text.matchAll(/\n|[.!?](?=\s)/g)) at = (m.index ?? 0) + m[0].length;
  return at;
}

/** The text before a formula on its line, math delimiters dropped: the label a value is given under. */
function labelBefore(response: string, offset: number): string {
  return response.slice(response.lastIndexOf('\n', offset - 1) + 1, offset).replace(/\$/g, ' ');
}

/** The part letters a problem asks: its sub-questions' and those its text marks (`(a)`, `(b)`). */
export function problemParts(problem: Problem): Set<string> {
  const letters = new Set((problem.subquestions ?? []).map((s) => s.letter.toLowerCase()));
  for (const m of problemStatement(problem).matchAll(/\(([a-hA-H])\)/g)) letters.add(m[1]!.toLowerCase());
  return letters;
}

/** How many of a problem's final answers state each quantity (canonical text of their left side). */
export function expectedValueCounts(
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): Map<string, number> {
  const counts = new Map<string, number>();
  const answers = [
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
  ];
  for (const latex of answers) {
    const sides = statementSides(latex);
    if (sides === undefined) continue;
    const q = prepare(sides.lhs);
    if (q.ok && q.kind === 'expression') counts.set(q.canonical, (counts.get(q.canonical) ?? 0) + 1);
    // `E_1`, `E_2`, `E_3` are values of E too: a set `E = -13.6, -3.40, -1.51\,\mathrm{eV}` (or
    // `E_n = …` for n = 1, 2, 3) states them at once.
    const indexed = /^(.+?)_\{?\s*\d+\s*\}?$/.exec(sides.lhs.trim());
    const base = indexed === null ? undefined : prepare(indexed[1]!);
    if (base?.ok === true && base.kind === 'expression')
      counts.set(base.canonical, (counts.get(base.canonical) ?? 0) + 1);
  }
  return counts;
}

/**
 * Words that may stand between two statements of one quantity without making them two situations:
 * connectives and hedges (`r = 20`, or maybe `r = 25`). Any other word (`after the collision`,
 * `correcting the sign`, `for n = 2`) separates them: the later value is a revision or another
 * situation, and the final-answer check reads the last one.
 */
const HEDGE_WORDS: ReadonlySet<string> = new Set(
  (
    'or and either maybe perhaps possibly probably likely alternatively otherwise else ' +
    'about around approximately approx roughly nearly some somewhere between ranging range from to ' +
    'could might may would be is are was it its this that the a an i we so thus hence therefore also ' +
    'value values answer answers final result results guess guesses option options candidate candidates ' +
    'possible answer equals equal gives get got footnote footnotes fn'
  ).split(' '),
);

/**
 * Most statements of one quantity compared (a flood stays bounded: pairs ∝ statements). An answer
 * stating one quantity more often is a flood: all its statements are contradictory.
 */
const MAX_STATEMENTS_PER_QUANTITY = 400;

interface Statement {
  readonly index: number;
  readonly formula: ExtractedFormula;
  readonly quantity: string;
  readonly value: string;
  readonly whole: PreparedFormula;
  /** `=` (also ≈) or a scaling relation: values compare only within one kind. */
  readonly scaling: boolean;
  readonly section: number;
  /**
   * Offered beside the statement before it in its run: after a word that offers an alternative
   * (`or`, `possibly`) or under a case label the problem does not pose ({@link inventedCase}).
   */
  offered?: true;
  /** Offered under a case label the problem does not pose ({@link inventedCase}). */
  invented?: true;
}

/**
 * The quantities an answer gives different values in one breath — a chain `r = 20 = 25 = 28`, a
 * list `r = 20,\ r = 25`, lines with only math, punctuation or hedge words between them
 * ({@link HEDGE_WORDS}), `\propto` statements of one quantity with different dependences — within
 * one part of the answer (`(a)`, `(b)` are never compared). Two values differ when both are numbers
 * that disagree beyond their rounding (`0.5\,\mathrm{m/s} = 50\,\mathrm{cm/s}` and `9.81 \approx 9.8`
 * are one value), or both are one expression times different constant factors (`\frac{g}{2\omega^2}`,
 * `\frac{g}{\omega^2}`); a number against an expression, or expressions in different variables (a
 * substitution), are never compared. Separated by other prose, a later value is a revision or
 * another situation, not a contradiction. A quantity the problem expects k values of (its final
 * answers state it k times) may take k values. Deterministic; bounded by the statements it reads.
 */
export function findContradictions(
  response: string,
  formulas: readonly ExtractedFormula[],
  prepared: readonly (PreparedFormula | undefined)[],
  tools: ContradictionTools,
): Contradiction[] {
  const sections = askedSections(response, tools.parts);
  // A part is its letter: the sections one letter marks twice (`(a) … (a) …`) are one part.
  const sectionOf = (offset: number) =>
    sections.find((s) => offset >= s.start && offset < s.end)?.letter.charCodeAt(0) ?? -1;
  const byQuantity = new Map<string, Statement[]>();
  // Statements past the cap, per quantity: never compared, they mark a flood.
  const overflow = new Map<string, number[]>();
  formulas.forEach((formula, index) => {
    // Past the response's work budget nothing more is read.
    if (workExhausted()) return;
    const whole = prepared[index];
    if (whole === undefined || !whole.ok || whole.kind !== 'equation') return;
    const sides = statementSides(formula.latex);
    const tree = whole.tree;
    if (sides === undefined || tree?.type !== 'relation' || tree.args.length !== 2) return;
    // The prepared relation keeps the written order of `=`, `\propto`, `\sim` (only inequalities
    // are turned): its sides key the quantity without preparing anything again.
    const [left, right] = tree.args as [Node, Node];
    let [quantity, value, node] = [sides.lhs, sides.rhs, left];
    // `20 = r` states r; a link `20 = 25` of a chain states no quantity (its chain's ends do).
    if (freeVariables(left).length === 0) {
      [quantity, value, node] = [sides.rhs, sides.lhs, right];
      if (freeVariables(right).length === 0) return;
    }
    // A temperature difference in °C is a difference (`\Delta T = 22.2\,^{\circ}\mathrm{C}` is 22.2 K).
    value = temperatureDifference(quantity, value) ?? value;
    const key = canonicalText(node);
    const list = byQuantity.get(key) ?? [];
    if (list.length >= MAX_STATEMENTS_PER_QUANTITY) {
      const more = overflow.get(key) ?? [];
      more.push(index);
      overflow.set(key, more);
      return;
    }
    list.push({
      index,
      formula,
      quantity,
      value,
      whole,
      scaling: scalingOf(whole) !== undefined,
      section: sectionOf(formula.offset),
    });
    byQuantity.set(key, list);
  });
  const prose = proseReader(response);
  const plain = plainAlternatives(response, byQuantity, tools.candidates ?? []);
  const candidates =
    plain.length === 0
      ? tools.candidates
      : [...(tools.candidates ?? []), ...plain].sort((a, b) => a.offset - b.offset);
  attachAlternatives(
    { ...tools, ...(candidates === undefined ? {} : { candidates }) },
    byQuantity,
    prose,
    sectionOf,
    response,
  );
  tableColumns(response, tools, byQuantity, sectionOf);
  const written = writtenReader();
  // Whether a symbol has a number anywhere: in the problem's data, or stated so by the answer.
  let answerValues: Set<string> | undefined;
  const valued = (name: string): boolean => {
    if (tools.problemValues === undefined || tools.problemValues.has(name)) return true;
    answerValues ??= new Set(
      [...byQuantity].filter(([, list]) => list.some((x) => plainNumber(x))).map(([key]) => key),
    );
    return answerValues.has(name);
  };
  const out: Contradiction[] = [];
  for (const [key, statements] of byQuantity) {
    // More statements of one quantity than are compared: a flood of candidates (no answer states one
    // quantity hundreds of times), every statement of it contradictory, whichever value it ends on.
    const flood = overflow.get(key);
    if (flood !== undefined) {
      const values = [...new Set(statements.map((s) => s.value))];
      out.push({
        quantity: statements[0]!.quantity,
        key,
        values:
          values.length > 3
            ? [...values.slice(0, 3), `… (${statements.length + flood.length} statements)`]
            : values,
        offered: true,
        plain: false,
        formulas: [
          ...withInnerLinks(
            statements.filter((s) => s.index >= 0),
            formulas,
          ),
          ...flood,
        ].sort((a, b) => a - b),
      });
      continue;
    }
    // A name that stands for several quantities (`r_{p,a} = a(1 \mp e)`) takes several values.
    if (statements.length < 2 || SEVERAL_QUANTITIES.test(statements[0]!.quantity)) continue;
    // Runs: consecutive statements of the quantity in one part with nothing but math and hedges between.
    // A part's statements are read in turn even where another part's come between them (`(c) v = X …
    // (a) … (c) v = Y`, one letter marked twice): the prose between still decides.
    const runs: Statement[][] = [];
    const open = new Map<number, Statement[]>();
    for (const s of statements) {
      const run = open.get(s.section);
      const last = run?.at(-1);
      const between = run === undefined || last === undefined ? '' : prose(last, s);
      const invented =
        last !== undefined &&
        inventedCase(between, labelBefore(response, last.formula.offset), tools.problemWords);
      if (
        run !== undefined &&
        last !== undefined &&
        (onlyHedges(between) || sameTable(response, last, s) || invented)
      ) {
        if (invented || (OFFER_WORDS.test(between) && onlyHedges(between))) s.offered = true;
        if (invented) s.invented = true;
        run.push(s);
      } else {
        const fresh = [s];
        runs.push(fresh);
        open.set(s.section, fresh);
      }
    }
    for (const [r, run] of runs.entries()) {
      // A later run of the quantity (after prose, in any part) revises this one.
      const last = run.at(-1)!.formula.offset;
      const revised = runs.some((other, o) => o !== r && other[0]!.formula.offset > last);
      // Cases weighed and then resolved (`Case 1 (…): v = X. Case 2 (…): v = Y. …, so Case 2 applies:
      // v = Y`): the statement after them is the answer, the cases its working.
      if (revised && run.some((s) => s.invented === true)) continue;
      const distinct = distinctValues(run, tools, written, response, revised, valued);
      if (distinct.length <= Math.max(1, tools.expectedValues?.get(key) ?? 1)) continue;
      out.push({
        quantity: run[0]!.quantity,
        key,
        values: distinct.map((s) => s.value),
        offered: distinct.some((s) => s.index === -1),
        plain: distinct.every((s) => s.index === -1 || plainNumber(s)),
        formulas: withInnerLinks(
          run.filter((s) => s.index >= 0),
          formulas,
        ),
      });
    }
  }
  return out.sort((a, b) => (a.formulas[0] ?? 0) - (b.formulas[0] ?? 0));
}

/** The answer's part sections for the letters the problem asks (each runs to the next one kept). */
function askedSections(response: string, parts: ReadonlySet<string> | undefined): AnswerSection[] {
  const all = answerSections(response);
  if (parts === undefined) return all;
  const kept = all.filter((s) => parts.has(s.letter));
  return kept.map((s, i) => ({ ...s, end: kept[i + 1]?.start ?? response.length }));
}

/**
 * The formulas whose left side (as written, spaces aside) the answer also writes with another right
 * side: what a response that spent its work budget may hedge without the values being compared.
 * Linear in the formulas' text.
 */
export function restatedAsText(formulas: readonly ExtractedFormula[]): number[] {
  const byLeft = new Map<string, { rights: Set<string>; at: number[] }>();
  formulas.forEach((f, i) => {
    const sides = statementSides(f.latex);
    if (sides === undefined) return;
    const left = sides.lhs.replace(/\s+/g, '');
    const entry = byLeft.get(left) ?? { rights: new Set<string>(), at: [] };
    entry.rights.add(sides.rhs.replace(/\s+/g, ''));
    entry.at.push(i);
    byLeft.set(left, entry);
  });
  return [...byLeft.values()].filter((e) => e.rights.size > 1).flatMap((e) => e.at);
}

/** A table's header cell holding one formula alone: `$B$`, `$\sin\theta$`, `$T_{\text{max}}$`. */
const HEADER_FORMULA = /^\s*\$\s*([^$]+?)\s*\$\s*$/;

/**
 * The values a markdown table's column gives the quantity its header names (`| case | $B$ |`, then
 * `| A | $2.29$ |`, `| B | $1.15$ |`): each bare value in the column is a statement of that quantity
 * (index −1, like an offered alternative), so that a column of candidates is compared like a list.
 */
function tableColumns(
  response: string,
  tools: ContradictionTools,
  byQuantity: Map<string, Statement[]>,
  sectionOf: (offset: number) => number,
): void {
  const candidates = tools.candidates ?? [];
  if (candidates.length === 0 || !response.includes('|')) return;
  const lines: { text: string; start: number }[] = [];
  let at = 0;
  for (const text of response.split('\n')) {
    lines.push({ text, start: at });
    at += text.length + 1;
  }
  const cellsOf = (line: { text: string; start: number }) => {
    const out: { start: number; end: number; text: string }[] = [];
    const t = line.text;
    const bars: number[] = [];
    for (let k = 0; k < t.length; k++) if (t[k] === '|' && t[k - 1] !== '\\') bars.push(k);
    for (let k = 0; k + 1 < bars.length; k++)
      out.push({
        start: line.start + bars[k]! + 1,
        end: line.start + bars[k + 1]!,
        text: t.slice(bars[k]! + 1, bars[k + 1]),
      });
    return out;
  };
  let c = 0;
  for (let i = 1; i < lines.length; i++) {
    if (!/^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(lines[i]!.text)) continue;
    const header = cellsOf(lines[i - 1]!);
    const columns = header.flatMap((cell, j) => {
      const m = HEADER_FORMULA.exec(cell.text);
      if (m === null) return [];
      // A quantity: an expression in some variable (not a number, not a relation).
      const name = tools.prepare(m[1]!);
      return name.ok && name.kind === 'expression' && name.variables.some((v) => v !== VALUE_SYMBOL)
        ? [{ j, name: m[1]!, key: name.canonical }]
        : [];
    });
    if (columns.length === 0) continue;
    for (let r = i + 1; r < lines.length && /^\s*\|/.test(lines[r]!.text); r++) {
      const cells = cellsOf(lines[r]!);
      for (const { j, name, key } of columns) {
        const cell = cells[j];
        if (cell === undefined) continue;
        while (c < candidates.length && candidates[c]!.offset < cell.start) c++;
        const value = candidates.slice(c).find((f) => f.offset >= cell.start && f.end <= cell.end);
        if (value === undefined) continue;
        const whole = tools.prepare(value.latex);
        if (!whole.ok) continue;
        const list = byQuantity.get(key) ?? [];
        if (list.length >= MAX_STATEMENTS_PER_QUANTITY) continue;
        list.push({
          index: -1,
          formula: value,
          quantity: name,
          value: value.latex,
          whole,
          scaling: false,
          section: sectionOf(value.offset),
        });
        list.sort((a, b) => a.formula.offset - b.formula.offset);
        byQuantity.set(key, list);
      }
    }
  }
}

/**
 * Whether two statements stand in consecutive rows of one markdown table (`| A | $q = 2X$ |`,
 * `| B | $q = X$ |`): the rows' labels are no prose between them, and a column of values of one
 * quantity offers them together.
 */
function sameTable(response: string, a: Statement, b: Statement): boolean {
  const between = response.slice(a.formula.end, b.formula.offset);
  if (between.length > 400 || !between.includes('\n')) return false;
  const lines = between.split('\n');
  // The rest of a's row, whole rows between (a separator row included), and the start of b's row.
  const rowEnd = lines[0]!;
  const rowStart = lines.at(-1)!;
  if (!/\|\s*$/.test(rowEnd) || !/^\s*\|/.test(rowStart)) return false;
  if (
    !/^[ \t]*\|/.test(response.slice(response.lastIndexOf('\n', a.formula.offset - 1) + 1, a.formula.offset))
  )
    return false;
  return lines.slice(1, -1).every((l) => /^[ \t]*\|.*\|[ \t]*$/.test(l));
}

/** A subscript listing several quantities (`r_{p,a}`, `v_{1,2}`, `T_{i/f}`). */
const SEVERAL_QUANTITIES = /_\{[^{}]*[,;/][^{}]*\}/;

/** Most characters read after a statement for a value offered in plain text. */
const PLAIN_ALTERNATIVE_WINDOW = 60;

/**
 * `or 54 N/C` right after a statement, in plain text: an alternative word, at most two hedge words,
 * a number (`54`, `-3.5`, `2.0×10⁹`, `1.2\times10^{3}`) and a unit word the unit table reads whole.
 */
const PLAIN_ALTERNATIVE =
  /^[\s,;(]*(?:or|alternatively|otherwise)\b[\s,]*(?:(?:maybe|perhaps|possibly|about|approximately|roughly|around)\s+){0,2}([-−]?\d+(?:\.\d+)?)(?:\s*(?:×|\\times|·)\s*10\s*(?:\^\s*\{?\s*([-−]?\d+)\s*\}?|([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)))?(?:[ \t]*([A-Za-zµμΩÅ°][^\s,;:!?)\]]*))?/di;

/**
 * Values an answer offers in plain text as alternatives to a statement (`E ≈ 47 N/C (or 54 N/C if the
 * two contributions are simply added)`): read as candidates (block −1), so that
 * {@link attachAlternatives} treats them like an alternative written in math. A value inside math is
 * already a candidate and is not read again; a unit word is kept only when the unit table reads it
 * whole (`if`, `in` end the value).
 */
function plainAlternatives(
  response: string,
  byQuantity: ReadonlyMap<string, readonly Statement[]>,
  candidates: readonly ExtractedFormula[],
): ExtractedFormula[] {
  const out: ExtractedFormula[] = [];
  const seen = new Set<number>();
  for (const list of byQuantity.values())
    for (const s of list) {
      const from = s.formula.end;
      if (seen.has(from)) continue;
      seen.add(from);
      const window = response.slice(from, from + PLAIN_ALTERNATIVE_WINDOW);
      const numeric = PLAIN_ALTERNATIVE.exec(window);
      // A number that goes on as math (`or 2π√(a³/GM)`) begins an expression, not a value.
      const m = numeric !== null && /^[π√(^*/×·²³]/.test(window.slice(numeric[0].length)) ? null : numeric;
      if (m === null) {
        const e = plainExpression(response, from, s.formula.offset);
        if (e !== undefined && !candidates.some((c) => c.offset <= e.offset && e.offset < c.end)) out.push(e);
        continue;
      }
      const offset = from + m.indices![1]![0];
      if (candidates.some((c) => c.offset <= offset && offset < c.end)) continue;
      const exponent =
        m[2] ?? (m[3] === undefined ? undefined : [...m[3]].map((ch) => SUPERSCRIPTS[ch] ?? '').join(''));
      const unitWord = m[4]?.replace(/[.]+$/, '');
      const unit = unitWord !== undefined && unitWord !== '' && parseUnit(unitWord).ok ? unitWord : undefined;
      const latex =
        m[1]!.replace('−', '-') +
        (exponent === undefined ? '' : `\\times 10^{${exponent.replace('−', '-')}}`) +
        (unit === undefined ? '' : `\\,\\mathrm{${unit}}`);
      out.push({ latex, offset, end: from + m[0].length, kind: 'inline', block: -1 });
    }
  return out;
}

/**
 * `or 2π√(a³/GM)`, `to 2π√(…)` right after a statement, in plain text: an alternative word (or `to`,
 * a range's other bound), at most two hedge words, and an expression written in plain math up to the
 * end of the clause — symbols, numbers, operators, roots and powers, no words but function names.
 */
const PLAIN_ALTERNATIVE_EXPRESSION =
  /^[ \t,;(]*(or|to|alternatively|otherwise)[ \t]+(?:(?:maybe|perhaps|possibly|about|approximately|roughly|around)[ \t]+){0,2}((?:[^\n.,;:!?]|\.(?=\d)){1,80}?)[ \t]*(?=\.(?!\d)|[,;:!?\n]|$)/di;
/** Function names plain math writes as words. */
const FUNCTION_WORDS = /\b(?:sqrt|sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|exp|ln|log)\b/g;

/**
 * A plain-text expression offered as an alternative to the statement ending at `from` (`t ≈ π√(…) to
 * 2π√(…)`), as a candidate; undefined when the clause holds words (`or half of it`), no math, or
 * `to` ends a change the sentence began with "from" (`from v = 3 m/s to 5 m/s` is no hedge).
 */
function plainExpression(
  response: string,
  from: number,
  statementStart: number,
): ExtractedFormula | undefined {
  const m = PLAIN_ALTERNATIVE_EXPRESSION.exec(response.slice(from, from + PLAIN_ALTERNATIVE_WINDOW + 40));
  if (m === null) return undefined;
  // A closing parenthesis the clause does not open ends it (`(or 2π√(…))`).
  let text = m[2]!.trim();
  const depth = (t: string) => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
  while (text.endsWith(')') && depth(text) < 0) text = text.slice(0, -1).trimEnd();
  if (!/[\d√π²³^/*×·()]/.test(text) || /[A-Za-z]{3,}/.test(text.replace(FUNCTION_WORDS, '')))
    return undefined;
  if (/^to$/i.test(m[1]!)) {
    const lineStart = response.lastIndexOf('\n', statementStart - 1) + 1;
    if (/\bfrom\b/i.test(response.slice(Math.max(lineStart, statementStart - 60), statementStart)))
      return undefined;
  }
  const offset = from + m.indices![2]![0];
  return { latex: text, offset, end: offset + text.length, kind: 'inline', block: -1 };
}

/** Words that offer a value as an alternative to the one before it (`to`: a range's other bound). */
const ALTERNATIVE_WORDS = /\b(?:or|alternatively|otherwise|either|to|possibly|perhaps|maybe)\b/i;

/**
 * Words that offer a second value as an alternative to the first (not `to`, which may end a range):
 * values so offered are compared whatever their kinds ({@link offeredApart}).
 */
const OFFER_WORDS = /\b(?:or|alternatively|otherwise|either|possibly|perhaps|maybe)\b/i;

/**
 * Attaches each bare value offered as an alternative to the statement right before it
 * (`$T \approx 255\,\text{K}$ (or $278\,\text{K}$ without albedo)`, `$v = 3$ m/s, or maybe $4$`) to
 * that statement's quantity, in reading order (a second alternative attaches to the first's
 * quantity). Only hedge words may stand between, and one must offer an alternative: a value after
 * "i.e." or "about" is a restatement, not a choice, and is never attached. Candidates carry index
 * −1: they take part in a contradiction without being formulas that lose credit.
 */
function attachAlternatives(
  tools: ContradictionTools,
  byQuantity: Map<string, Statement[]>,
  prose: (a: Pick<Statement, 'formula'>, b: Pick<Statement, 'formula'>) => string,
  sectionOf: (offset: number) => number,
  response: string,
): void {
  const candidates = tools.candidates ?? [];
  if (candidates.length === 0 || byQuantity.size === 0) return;
  const anchors: { key: string; statement: Statement }[] = [];
  for (const [key, list] of byQuantity) for (const statement of list) anchors.push({ key, statement });
  // By end; among statements ending together (a chain `T \simeq 16x(1-x)e^{-2\kappa a} = 5.38\times10^{-4}`
  // gives `T = …` and the link `16x(1-x)e^{-2\kappa a} = …`) the widest last: the alternative after
  // the chain is another value of the chain's quantity, not of its link.
  anchors.sort(
    (a, b) =>
      a.statement.formula.end - b.statement.formula.end ||
      b.statement.formula.offset - a.statement.formula.offset,
  );
  for (const formula of candidates) {
    if (workExhausted()) return;
    let anchor: { key: string; statement: Statement } | undefined;
    for (const a of anchors) {
      if (a.statement.formula.end > formula.offset) break;
      anchor = a;
    }
    if (anchor === undefined) continue;
    const section = sectionOf(formula.offset);
    if (anchor.statement.section !== section || anchor.statement.scaling) continue;
    const between = prose(anchor.statement, { formula });
    const invented = inventedCase(
      between,
      labelBefore(response, anchor.statement.formula.offset),
      tools.problemWords,
    );
    const alternative = ALTERNATIVE_WORDS.test(between) && onlyHedges(between);
    if (!alternative && !invented && !listedOrRanged(response, anchor.statement, formula)) continue;
    const whole = tools.prepare(formula.latex);
    if (!whole.ok) continue;
    const candidate: Statement = {
      index: -1,
      formula,
      quantity: anchor.statement.quantity,
      value: formula.latex,
      whole,
      scaling: false,
      section,
      ...(invented || (alternative && OFFER_WORDS.test(between)) ? { offered: true as const } : {}),
    };
    const list = byQuantity.get(anchor.key)!;
    if (list.length >= MAX_STATEMENTS_PER_QUANTITY) continue;
    list.splice(list.indexOf(anchor.statement) + 1, 0, candidate);
    const at = anchors.indexOf(anchor);
    anchors.splice(at + 1, 0, { key: anchor.key, statement: candidate });
  }
}

/**
 * A bare value written right after a statement as a second member of a list or the end of a range:
 * `T = 5.38\times10^{-4}, 10.8\times10^{-4}` (only commas, semicolons and spaces between; the value
 * written in the statement's unit or without one) or `v = 3.2 \text{ to } 6.4\,\mathrm{m/s}`
 * (`to` alone between, and no `from` before the statement: "heated from T = 300 K to 350 K" is a change).
 */
function listedOrRanged(response: string, statement: Statement, candidate: ExtractedFormula): boolean {
  const raw = response.slice(statement.formula.end, candidate.offset);
  if (raw.length > 40) return false;
  if (/^\s*(?:\\text\s*\{\s*to\s*\}|to)\s*$/.test(raw))
    return !/\bfrom\s*\$*\s*$/i.test(
      response.slice(Math.max(0, statement.formula.offset - 12), statement.formula.offset),
    );
  const gap = raw.replace(/\\[,;:! ]|\\q?quad\b|~/g, ' ');
  if (!/^[\s,;]*$/.test(gap) || !/[,;]/.test(gap)) return false;
  // The unit after the value's number, as written (the statement's right side, the number dropped).
  const unitOf = (latex: string) =>
    writtenUnitKey(
      latex
        .replace(/^[^=≈]*(?:=|≈|\\approx)/, '')
        .replace(
          /^\s*[-−]?\s*\d+(?:\.\d+)?(?:\s*(?:\\times|×|\\cdot|·)\s*10\s*(?:\^\s*\{?\s*[-−]?\d+\s*\}?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?/,
          '',
        ),
    );
  const a = unitOf(statement.value);
  const b = unitOf(candidate.latex);
  return a === '' || b === '' || a === b;
}

/** The sides of `a = b`, `a \approx b`, `a \propto b`, `a \sim b` split at the top level. */
function statementSides(latex: string): { lhs: string; rhs: string } | undefined {
  let depth = 0;
  for (let k = 0; k < latex.length; k++) {
    const ch = latex[k];
    if (ch === '\\') {
      const m = /^\\(approx|simeq|propto|sim)(?![a-zA-Z])/.exec(latex.slice(k, k + 8));
      if (m && depth === 0)
        return { lhs: latex.slice(0, k).trim(), rhs: latex.slice(k + m[0].length).trim() };
      k++;
    } else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
    else if ((ch === '=' || ch === '≈' || ch === '≃' || ch === '∝' || ch === '∼') && depth === 0)
      // Plain text writes the relations as characters (`E ≈ 47 N/C`).
      return { lhs: latex.slice(0, k).trim(), rhs: latex.slice(k + 1).trim() };
  }
  return undefined;
}

/** Whether the line holding `offset` opens delimited math before it (`$`, `\[`, `\(`, `\boxed`, an environment). */
function delimited(response: string, offset: number): boolean {
  const start = response.lastIndexOf('\n', offset - 1) + 1;
  return /\$|\\\[|\\\(|\\boxed|\\begin\{/.test(response.slice(start, offset));
}

/**
 * What stands between two statements set side by side in one row of math: spacing, kerns, laps and
 * box edges only (`\boxed{r = 2X}\quad\boxed{r = X}`, `\boxed{v = Y}\hspace{-100em}\boxed{v = X}`).
 */
const SIDE_BY_SIDE =
  /^(?:\s|[{}]|\\boxed\s*\{|\\(?:math)?(?:llap|rlap|clap)\s*\{|\\[,;:! ]|\\(?:q?quad|enspace|enskip|thinspace|medspace|thickspace|negthinspace|negmedspace|negthickspace)(?![a-zA-Z])|\\[hm]space\*?\s*\{[^{}]*\}|\\(?:kern|mkern|hskip|mskip)\s*[-+]?\s*[\d.]+\s*[a-z]{0,2})*$/;

/** What joins two members of one set after the first: an alternative word or a list's comma. */
const MEMBER_JOIN = /^(?:\s|\\[,;:! ]|~)*(?:\\(?:text|mathrm)\s*\{\s*or\s*\}|\bor\b|,|;)/;

/** An alternative word joining two members of one set (`X \text{ or } Y`): the answer offers both. */
const OR_JOIN = /^(?:\s|\\[,;:! ]|~)*(?:\\(?:text|mathrm)\s*\{\s*or\s*\}|\bor\b)/;

/**
 * The statements of a run whose values differ from every earlier one (first of each value kept).
 * A value offered as an alternative (`E ≈ 47 N/C (or 54 N/C …)`, index −1) is also compared with the
 * statement it follows: an expression earlier in the run (`E = 2E_1\cos 30°`), which numbers are
 * never compared with, does not hide the hedge.
 */
function distinctValues(
  all: readonly Statement[],
  tools: ContradictionTools,
  written: Written,
  response: string,
  revised: boolean,
  valued: (name: string) => boolean = () => true,
): Statement[] {
  // A unitless link of a chain that writes its unit once, at the end (`\lambda = 72.94 \approx
  // 72.9\,\mathrm{nm}`), is that number in the unit: it restates the link with the unit, and is
  // not another value beside the answer's earlier `7.29\times10^{-8}\,\mathrm{m}`.
  // Arithmetic a chain shows before the number it states (`T_3 = 2450 \times 16.9 = 4140\ \text{N}`) is
  // working, as the final-answer check reads it (class 54): a slip in it is not a second value.
  const run = all.filter(
    (s) => !restatesInChainUnit(s, all, written) && !arithmeticBeforeNumber(s, all, written, response),
  );
  // Numbers are compared with numbers and expressions with expressions: a chain's expression
  // (`\lambda = \frac{hc}{E} = 7.29\times10^{-8}\,\mathrm{m}`) is never compared with its numbers, so
  // it must not hide the numbers' hedge that follows (`\lambda \approx 72.9 \text{ or } 146\,\mathrm{nm}`).
  let kept: Statement[] = [];
  for (const s of run) {
    if (kept.every((k) => differ(k, s, tools, written))) kept.push(s);
  }
  if (kept.length >= 2) return kept;
  // A plain number first (`W = 3.3\times10^{-68}`, then `W = 2X`, `W = X`, `W = X/2`) is compared with
  // none of the expressions after it: they are compared among themselves.
  if (kept.length === 1 && plainNumber(kept[0]!)) {
    kept = [];
    for (const s of run) {
      if (plainNumber(s)) continue;
      if (kept.every((k) => differ(k, s, tools, written))) kept.push(s);
    }
    if (kept.length >= 2) return kept;
  }
  // The run's conclusions compared in every pair: a first statement in other variables (`q = v`,
  // compared with nothing) must not hide the alternatives after it (`q = 2X`, `q = X`).
  const pair = conclusionsThatDiffer(run, tools, written, response, revised);
  if (pair !== undefined) return pair;
  // A statement compared with none of the later ones (`k_x = \frac{2\pi\Delta p_x}{h}`, in another
  // variable) must not hide the hedge that follows it in one math block (`k_x = X \text{ or } 2X`,
  // `\gamma = 0.4 \text{ or } 2(0.4)`): two members of one set that differ.
  // Members joined by an alternative or a list, or links of one chain written in delimited math
  // (`\boxed{N = \frac32\alpha = \frac12\frac{mg}{\sin\alpha} = \frac{mg}{\sin\alpha}}`); not the links of a
  // chain in plain text (`= μZ²α²c²/2 (1 − 1/4) = 3μZ²α²c²/8`, whose reading may differ from the author's).
  // Numbers in a chain are substitution steps and roundings: two count as candidates only when both
  // are plain numbers more than 2% apart (`= -2.403\times10^{-13} = 4.807\times10^{-13}`), never for the last figures
  // a rounding or a long decimal moves.
  const far = (x: number, y: number) => Math.abs(x - y) > 0.02 * Math.max(Math.abs(x), Math.abs(y));
  const apart = (a: Statement, b: Statement) => {
    const [wa, wb] = [written(a.value), written(b.value)];
    if (wa === undefined || wb === undefined || !('value' in wa) || !('value' in wb)) return true;
    // Arithmetic in a chain (`5772\times0.9147\times0.4822 = 255\ \text{K}`) may slip a little and still
    // conclude right: only plain numbers are candidates.
    if (!plainNumber(a) || !plainNumber(b)) return false;
    // In SI and as written (a chain that writes its unit once, at its end, repeats one number).
    const [xa, xb] = [wa.asWritten?.value, wb.asWritten?.value];
    return far(wa.value, wb.value) && (xa === undefined || xb === undefined || far(xa, xb));
  };
  const joined = (a: Statement, b: Statement) =>
    a.formula.block === b.formula.block &&
    a.formula.end < b.formula.end &&
    (MEMBER_JOIN.test(response.slice(a.formula.end, a.formula.end + 24)) ||
      (b.formula.offset > a.formula.end &&
        b.formula.offset - a.formula.end <= 80 &&
        delimited(response, a.formula.offset) &&
        SIDE_BY_SIDE.test(response.slice(a.formula.end, b.formula.offset))) ||
      (a.formula.offset === b.formula.offset && delimited(response, a.formula.offset) && apart(a, b)));
  // Members of one set that are expressions differ when Algorithm 1 says so, not only when one is
  // the other times a constant: `m' = m(R/a)^2, \quad\text{i.e. } m\frac{R^3}{a^3}` offers two powers of
  // one ratio, and boxes side by side in other variables (`\boxed{v = 2\sqrt{h}}\quad\boxed{v =
  // \sqrt{2gh}}`) two values.
  const setMembersDiffer = (a: Statement, b: Statement) => {
    if (a.scaling || b.scaling) return false;
    const member =
      a.formula.offset === b.formula.offset
        ? MEMBER_JOIN.test(response.slice(a.formula.end, a.formula.end + 24))
        : // Statements set side by side in one row of math (`\boxed{v = 2\sqrt{h}}\quad\boxed{v = \sqrt{2gh}}`).
          b.formula.offset > a.formula.end &&
          b.formula.offset - a.formula.end <= 80 &&
          delimited(response, a.formula.offset) &&
          SIDE_BY_SIDE.test(response.slice(a.formula.end, b.formula.offset));
    if (!member) return false;
    const [wa, wb] = [written(a.value), written(b.value)];
    if (wa === undefined || wb === undefined || 'value' in wa || 'value' in wb || wa.binds || wb.binds)
      return false;
    return tools.compare(a.whole, b.whole) === 'different';
  };
  // An expression offered as an alternative right after a statement (`\cot\phi \approx X` (or roughly
  // $Y$)) differs from it when Algorithm 1 says so, in whatever variables: the two are offered together.
  const offeredDiffers = (statement: Statement, offered: Statement) => {
    if (statement.scaling || statement.index < 0) return false;
    const [ws, wo] = [written(statement.value), written(offered.value)];
    if (ws === undefined || wo === undefined || 'value' in ws || 'value' in wo || ws.binds || wo.binds)
      return false;
    const restated = tools.prepare(`${statement.quantity} = ${offered.value}`);
    return restated.ok && tools.compare(statement.whole, restated) === 'different';
  };
  for (let i = 0; i < run.length; i++)
    for (let j = i + 1; j < run.length; j++) {
      const [a, b] = [run[i]!, run[j]!];
      if (joined(a, b) && (differ(a, b, tools, written) || setMembersDiffer(a, b))) return [a, b];
      // Members one offers as alternatives to the other (`T \approx 4.1\times10^{-17} \text{ or }
      // 1/(1+\beta^2)`) are compared whatever their kinds, like values offered in prose.
      if (
        a.formula.offset === b.formula.offset &&
        a.formula.end < b.formula.end &&
        OR_JOIN.test(response.slice(a.formula.end, a.formula.end + 24)) &&
        offeredApart(a, b, tools, written)
      )
        return [a, b];
    }
  // The values written as plain numbers, compared among themselves: a chain's expression before them
  // (`\lambda = \frac{hc}{E} = 7.29\times10^{-8}\,\mathrm{m}`), never compared with a number, must not
  // hide their hedge (`\lambda \approx 72.9 \text{ or } 146\,\mathrm{nm}`). A name that stands for
  kept = [];
  for (const s of run) {
    if (!plainNumber(s)) continue;
    if (kept.every((k) => differ(k, s, tools, written))) kept.push(s);
  }
  if (kept.length >= 2) return kept;
  for (let i = 1; i < run.length; i++) {
    const [before, alternative] = [run[i - 1]!, run[i]!];
    if (
      alternative.index === -1 &&
      (differ(before, alternative, tools, written) || offeredDiffers(before, alternative))
    )
      return [before, alternative];
  }
  // A value offered as an alternative to the one before it (`T \approx 4.1\times10^{-17} \text{ or }
  // 1/(1+\beta^2)`, "about $X$, possibly $Y$", `Case 2 (large angles): q = Y`) is compared with it
  // whatever their kinds — a number and an expression, expressions in other variables: the answer
  // offers both, and only one value that Algorithm 1 finds the same is one answer.
  for (let i = 1; i < run.length; i++) {
    const [before, offered] = [run[i - 1]!, run[i]!];
    if (offered.offered === true && offeredApart(before, offered, tools, written)) return [before, offered];
  }
  // A plain number and an expression, each written whole (no link of a chain), where nothing gives the
  // expression's symbols a number (`T = 1/(1+\beta^2)`, `T = 3.3\times10^{-68}` to a problem that gives
  // β no value): the number cannot be the expression's value, so the answer states two.
  const whole = run.filter(
    (s) =>
      s.index >= 0 &&
      !s.scaling &&
      !CHAIN_LINK.test(response.slice(s.formula.end, s.formula.end + 16)) &&
      !LINK_BEFORE.test(response.slice(Math.max(0, s.formula.offset - 16), s.formula.offset)) &&
      response.slice(s.formula.offset, s.formula.end).replace(/\s+/g, '') ===
        s.formula.latex.replace(/\s+/g, ''),
  );
  // Not zero: `J = 0` is where a quantity vanishes (a condition, a boundary value), seldom a hedge.
  const number = whole.find((s) => plainNumber(s) && UNITLESS_NUMBER.test(s.value) && !ZERO.test(s.value));
  if (number !== undefined)
    for (const s of whole) {
      const w = written(s.value);
      // An expression in symbols: not a number written with an ellipsis (`0.7027\ldots`) or other dress.
      if (
        w === undefined ||
        'value' in w ||
        w.binds ||
        w.variables.length === 0 ||
        PLAIN_NUMBER.test(s.value)
      )
        continue;
      if (!w.variables.some(valued)) return [number, s].sort((x, y) => x.formula.offset - y.formula.offset);
    }
  return [];
}

/**
 * Whether a value offered beside another ({@link Statement.offered}) is another value: its text
 * differs, and Algorithm 1 finds the quantity at it `different` from the quantity at the first.
 * Scaling statements and bound variables (sums, integrals) are left to {@link differ}.
 */
function offeredApart(
  before: Statement,
  offered: Statement,
  tools: ContradictionTools,
  written: Written,
): boolean {
  if (before.scaling || offered.scaling) return false;
  if (before.value.replace(/\s+/g, '') === offered.value.replace(/\s+/g, '')) return false;
  const [wb, wo] = [written(before.value), written(offered.value)];
  if (wb === undefined || wo === undefined || ('binds' in wb && wb.binds) || ('binds' in wo && wo.binds))
    return false;
  // Two numbers are compared at their written precision ({@link differ}), never by Algorithm 1's
  // tolerance (`255\,\mathrm{K}` (or `-18\,^{\circ}\mathrm{C}`) is one temperature).
  if ('value' in wb && 'value' in wo) return false;
  const restated =
    offered.index === -1 ? tools.prepare(`${before.quantity} = ${offered.value}`) : offered.whole;
  const first = before.index === -1 ? tools.prepare(`${before.quantity} = ${before.value}`) : before.whole;
  return restated.ok && first.ok && tools.compare(first, restated) === 'different';
}

/**
 * Two conclusions of a run that differ, compared in every pair (the greedy reading keeps a first
 * statement that nothing is compared with, such as one in other variables, and so hides what follows
 * it). A conclusion is a statement written whole (`$$q = 2X$$`: nothing chained before or after it)
 * or the end of a chain in delimited math (`q = v = 2X` concludes q = 2X); a chain's inner links
 * are working and never count. Numbers count only when written as plain numbers (arithmetic may drop
 * a unit a later line writes). Two whole statements that differ are alternatives, wherever the run
 * stands. A pair with a chain's end is a derivation's slip (`p_c = \ldots = \frac{4a}{27b^2} -
 * \frac{a}{9b^2}`, so `p_c = \frac{4a - a}{27b^2}`) when a later statement of the quantity, after
 * prose, revises it; left standing, it is an alternative like any other.
 */
function conclusionsThatDiffer(
  run: readonly Statement[],
  tools: ContradictionTools,
  written: Written,
  response: string,
  revised: boolean,
): [Statement, Statement] | undefined {
  const ends = run.filter((s) => {
    if (s.index < 0 || s.scaling) return false;
    if (CHAIN_LINK.test(response.slice(s.formula.end, s.formula.end + 16))) return false;
    if (LINK_BEFORE.test(response.slice(Math.max(0, s.formula.offset - 16), s.formula.offset))) return false;
    const w = written(s.value);
    return w !== undefined && (!('value' in w) || plainNumber(s));
  });
  if (ends.length < 2) return undefined;
  const whole = (s: Statement) =>
    response.slice(s.formula.offset, s.formula.end).replace(/\s+/g, '') ===
    s.formula.latex.replace(/\s+/g, '');
  const chainEnd = (s: Statement) => !whole(s) && delimited(response, s.formula.offset);
  for (let i = 0; i < ends.length; i++)
    for (let j = i + 1; j < ends.length; j++) {
      const [a, b] = [ends[i]!, ends[j]!];
      if (!whole(a) && !chainEnd(a)) continue;
      if (!whole(b) && !chainEnd(b)) continue;
      if ((chainEnd(a) || chainEnd(b)) && revised) continue;
      if (differ(a, b, tools, written)) return [a, b];
    }
  return undefined;
}

/** A relation ending just before a statement: the statement is a link of a chain, not its head. */
const LINK_BEFORE = /(?:=|\\approx|≈)\s*$/;

/**
 * Whether `s` is arithmetic on numbers (`2450 \times 16.9`, `\frac{2450}{16.9}`) in a chain that states a
 * plain number after it: the chain's value is that number, the arithmetic its working.
 */
function arithmeticBeforeNumber(
  s: Statement,
  run: readonly Statement[],
  written: Written,
  response: string,
): boolean {
  // Working multiplies or carries decimals (`2450 \times 16.9`, `\frac{9.8}{2}`); an exact fraction
  // (`\frac{7}{4}`) is a value of its own.
  if (s.scaling || plainNumber(s) || !WORKING.test(s.value)) return false;
  // The next link of its chain, joined by `=` (a list, `… \text{ or } 3.5`, offers two values).
  if (!CHAIN_LINK.test(response.slice(s.formula.end, s.formula.end + 16))) return false;
  const w = written(s.value);
  if (w === undefined || !('value' in w)) return false;
  const next = run[run.indexOf(s) + 1];
  if (next === undefined || next.formula.offset !== s.formula.offset || next.scaling || !plainNumber(next))
    return false;
  // A slip gives other digits (41405 for 4140); the same digits in another unit (`\frac{2(0.6\ \text{nm})}{…}
  // = 0.0052^\circ`, radians labelled degrees) is a second value, not working.
  const v = written(next.value);
  if (v === undefined || !('value' in v) || w.asWritten === undefined || v.asWritten === undefined)
    return false;
  return !sameValue({ value: w.asWritten.value, unit: w.unit }, { value: v.asWritten.value, unit: v.unit });
}

/** Arithmetic as working writes it: a product sign or a decimal. */
const WORKING = /\d\.\d|\\times|×|\\cdot|·|\*/;

/** What joins two links of one chain: `=` or `\approx` right after the first. */
const CHAIN_LINK = /^\s*(?:=|\\approx(?![a-zA-Z])|≈)/;

/** Whether `s` is a unitless number of a chain whose link with a unit states the same number. */
function restatesInChainUnit(s: Statement, run: readonly Statement[], written: Written): boolean {
  const w = written(s.value);
  if (w === undefined || !('value' in w) || w.asWritten === undefined || w.asWritten.unit) return false;
  const bare = w.asWritten;
  return run.some((t) => {
    if (t === s || t.formula.offset !== s.formula.offset) return false;
    const u = written(t.value);
    return (
      u !== undefined &&
      'value' in u &&
      u.asWritten?.unit === true &&
      sameValue({ value: bare.value, unit: w.unit }, { value: u.asWritten.value, unit: u.unit })
    );
  });
}

/**
 * Whether a statement's value is one number as written, with at most a unit (`72.9\ \text{nm}`,
 * `6.2×10¹¹`, `3.8\,\mathrm{m\,s^{-1}}`): no arithmetic (`10/3\,\mathrm{eV}`, `4.478 + 13.598`).
 */
function plainNumber(s: Statement): boolean {
  if (s.scaling) return false;
  const m = PLAIN_NUMBER.exec(s.value);
  if (m === null) return false;
  // A unit may multiply its symbols (`\text{N}\cdot\text{m}^2/\text{C}`): only digits, sums, brackets,
  // fractions and roots after the number are arithmetic.
  const rest = s.value.slice(m[0].length).replace(/\^\s*\{?\s*[-−]?\d+\s*\}?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, '');
  return !/[\d+*()]|\\(?:frac|sqrt)/.test(rest);
}

/** Zero, however written: `0`, `-0.0`. */
const ZERO = /^\s*[-−]?\s*0+(?:\.0*)?\s*$/;

/** A number and nothing else: `-3.5`, `1.85\times10^{10}`. */
const UNITLESS_NUMBER =
  /^\s*[-−]?\s*\d+(?:\.\d+)?(?:\s*(?:\\times|×|\\cdot|·)\s*10\s*\^\s*\{?\s*[-−]?\d+\s*\}?)?\s*$/;

/** A number literal at the start of a value: `-3.5`, `1.85\times10^{10}`, `6.2×10¹¹`. */
const PLAIN_NUMBER =
  /^\s*[-−]?\s*\d+(?:\.\d+)?(?:\s*(?:\\times|×|\\cdot|·)\s*10\s*(?:\^\s*\{\s*[-−]?\d+\s*\}|\^\s*[-−]?\d|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?/;

/**
 * Whether two statements of one quantity give it different values (false when not comparable).
 * Numbers compare only when both are written as numbers: an expression that the problem's
 * constants turn into a number (`\frac12 C V_0^2 = 3.384`) is a substitution step whose written
 * number may drop a unit. Expressions differ when they are written in the same variables, bind none
 * (an integral's `C` may stand for C(T'), so `\int_0^T C\,dT' = \tfrac14 CT` is no contradiction)
 * and one is the other times a constant other than 1 beyond their written precision: a hedge.
 */
function differ(a: Statement, b: Statement, tools: ContradictionTools, written: Written): boolean {
  if (a.scaling !== b.scaling) return false;
  if (a.scaling) return tools.compare(a.whole, b.whole) === 'different';
  if (bindsVariable(a.whole.tree) || bindsVariable(b.whole.tree)) return false;
  const wa = written(a.value);
  const wb = written(b.value);
  if (wa === undefined || wb === undefined) return false;
  if ('value' in wa || 'value' in wb) {
    if (!('value' in wa) || !('value' in wb)) return false;
    if (sameValue(wa, wb)) return false;
    // One chain writing its unit once, at the end (`\Delta v = 11.01 - 7.78 \approx 3.23\ \text{km/s}`):
    // the unitless link is the number in that unit.
    if (a.formula.offset !== b.formula.offset || wa.asWritten === undefined || wb.asWritten === undefined)
      return true;
    if (wa.asWritten.unit === wb.asWritten.unit) return true;
    return !sameValue(
      { value: wa.asWritten.value, unit: wa.unit },
      { value: wb.asWritten.value, unit: wb.unit },
    );
  }
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((v) => y.includes(v));
  if (wa.binds || wb.binds || !same(wa.variables, wb.variables)) return false;
  // A hedge writes one expression times different factors: the ratio is a constant other than 1
  // beyond the written precision (`\sqrt{9gr/5} \approx 1.34\sqrt{gr}` is one value).
  const ratio = constantRatio(wa.formula, wb.formula);
  if (ratio === undefined) return false;
  const precision = Math.max(0.01, 0.5 * wa.unit, 0.5 * wb.unit);
  return Math.abs(ratio - 1) > precision * Math.max(1, ratio);
}

/**
 * The ratio of two expressions (as written: no constants substituted) when it is the same at every
 * sampled point (seeded), else undefined.
 */
function constantRatio(a: PreparedFormula, b: PreparedFormula): number | undefined {
  const [ba] = a.branches;
  const [bb] = b.branches;
  if (
    !a.ok ||
    !b.ok ||
    ba === undefined ||
    bb === undefined ||
    a.branches.length > 1 ||
    b.branches.length > 1
  )
    return undefined;
  const names = [...new Set([...a.variables, ...b.variables])].filter((v) => v !== VALUE_SYMBOL).sort();
  const fa = compile(ba.rhs, names).fn;
  const fb = compile(bb.rhs, names).fn;
  const prng = createPrng(`ratio\u241e${[a.canonical, b.canonical].sort().join('\u241e')}`);
  let ratio: number | undefined;
  let points = 0;
  // Points where either side is undefined (a square root of a negative) are skipped; the draws
  // alternate between [2, 20], [0.1, 1] and log-uniform [1e-3, 1e3] so that some are defined.
  for (let t = 0; t < 8 * RATIO_POINTS && points < RATIO_POINTS; t++) {
    const draw =
      t % 3 === 0
        ? () => prng.uniform(2, 20)
        : t % 3 === 1
          ? () => prng.uniform(0.1, 1)
          : () => 10 ** prng.uniform(-3, 3);
    const point = new Float64Array(names.map(draw));
    const r = fa(point) / fb(point);
    if (!Number.isFinite(r) || r === 0) continue;
    points++;
    if (ratio === undefined) ratio = r;
    else if (Math.abs(r - ratio) > 1e-9 * Math.abs(ratio)) return undefined;
  }
  return points < RATIO_POINTS ? undefined : ratio;
}

/** Work units charged for reading a side as written (parse and normalize, as the scorer charges a formula). */
const WRITTEN_WORK = 2_000;

/** Points at which a ratio must be the same to be a constant. */
const RATIO_POINTS = 5;

/** A side as written (no constants applied): a number, or an expression with its variables. */
type Written = (latex: string) =>
  | (WrittenValue & { readonly asWritten: ReturnType<typeof valueAsWritten> })
  | {
      readonly variables: readonly string[];
      readonly binds: boolean;
      readonly unit: number;
      readonly formula: PreparedFormula;
    }
  | undefined;

function writtenReader(): Written {
  const memo = new Map<string, ReturnType<Written>>();
  return (latex) => {
    if (memo.has(latex)) return memo.get(latex);
    charge(WRITTEN_WORK + (latex.length >> 3));
    const p = prepareFormula(latex);
    const value = p.ok ? writtenValue(p) : undefined;
    const out = !p.ok
      ? undefined
      : value !== undefined
        ? { ...value, asWritten: valueAsWritten(p) }
        : {
            variables: p.variables.filter((v) => v !== VALUE_SYMBOL),
            binds: p.tree !== undefined && bindsVariable(p.tree),
            unit: p.tree === undefined ? 0 : literalUnit(p.tree),
            formula: p,
          };
    memo.set(latex, out);
    return out;
  };
}

const bindMemo = new WeakMap<Node, boolean>();

function bindsVariable(node: Node | undefined): boolean {
  if (node === undefined) return false;
  const known = bindMemo.get(node);
  if (known !== undefined) return known;
  const binds = bindsWalk(node);
  bindMemo.set(node, binds);
  return binds;
}

function bindsWalk(node: Node): boolean {
  if (node.type === 'integral' || node.type === 'sum' || node.type === 'derivative') return true;
  return childNodes(node).some(bindsWalk);
}

/**
 * Two written values of one quantity are one value when they differ by no more than the rounding
 * of the coarser one (half a unit in its last written place; an integer is rounded to its ones),
 * or by 1% (constants taken to fewer figures): `255` and `254.6`, `0.0123 \approx 0.01`,
 * `9.81 \approx 9.8` are one value; `20` and `25`, `1.2` and `1.5` are two.
 */
function sameValue(a: WrittenValue, b: WrittenValue): boolean {
  const half = (w: WrittenValue) => {
    const size = Math.abs(w.value);
    const unit = w.unit > 0 ? w.unit * size : Number.isInteger(w.value) && w.value !== 0 ? 1 : 0;
    return 0.5 * unit;
  };
  const scale = Math.max(Math.abs(a.value), Math.abs(b.value));
  const allowed = Math.max(half(a), half(b), 0.01 * scale) + 1e-9 * scale;
  return Math.abs(a.value - b.value) <= allowed;
}

/** The run's formulas and the chain links written inside their spans (`20 = 25` in `r = 20 = 25`). */
function withInnerLinks(run: readonly Statement[], formulas: readonly ExtractedFormula[]): number[] {
  const out = new Set(run.map((s) => s.index));
  for (const s of run) {
    formulas.forEach((f, i) => {
      if (f.block === s.formula.block && f.offset >= s.formula.offset && f.end <= s.formula.end) out.add(i);
    });
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The prose between two statements: the text outside math, and the `\text{…}` inside it (so
 * `r = 20 \text{ or } r = 25` reads "or").
 */
function proseReader(
  response: string,
): (a: Pick<Statement, 'formula'>, b: Pick<Statement, 'formula'>) => string {
  const blocks = findMathBlocks(response).map((b) => ({ start: b.offset, end: b.offset + b.content.length }));
  return (a, b) => {
    const from = a.formula.end;
    const to = b.formula.offset;
    if (to <= from) return '';
    let out = '';
    let at = from;
    // First block that ends after `from` (blocks are in reading order).
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid]!.end <= from) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < blocks.length && blocks[k]!.start < to; k++) {
      const s = Math.max(blocks[k]!.start, from);
      const e = Math.min(blocks[k]!.end, to);
      if (s > at) out += ` ${response.slice(at, s)}`;
      // Not a name's subscript (`\beta_{\text{cm}}`), which is no prose between statements.
      for (const m of response
        .slice(s, e)
        .matchAll(/([_^]\s*\{?\s*)?\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}/g))
        if (m[1] === undefined) out += ` ${m[2]}`;
      at = Math.max(at, e);
    }
    if (at < to) out += ` ${response.slice(at, to)}`;
    return out;
  };
}

function onlyHedges(prose: string): boolean {
  const words =
    prose
      // A part's mark (`**(b)**`, `Part (c)`): the parts the problem asks are told apart by sections.
      .replace(/(?:\bpart\s*)?\(([a-h])\)/gi, ' ')
      // Markup around a footnote (`<sup>1</sup>`, `[^1]`) is no prose.
      .replace(/<\/?[a-z]+[^<>]*>|\[\^[^\]]*\]/gi, ' ')
      .replace(/\\[a-zA-Z]+/g, ' ')
      .toLowerCase()
      .match(/[a-z]+/g) ?? [];
  return words.every((w) => HEDGE_WORDS.has(w));
}
