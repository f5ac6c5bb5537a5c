// Runs the final-answer style transfer (final-styles.ts) over the answers we grade: each answer whose
// verdict agrees with its hand grade has its final section replaced by the same statements in a
// style; the verdict must not change. Each right answer also gets near misses in the style (the value
// ×1.03 beyond the grader's allowance, ×2, the sign, a wrong unit prefix), which must be rejected.
import { createPrng, type Prng } from '../../src/core/prng.js';
import type { Problem } from '../../src/dag/types.js';
import { matchingBrace } from '../../src/extract/find-math-blocks.js';
import { createScorer, type ScoreRecord } from '../../src/score/index.js';
import {
  figuresOf,
  HEAD,
  isSymbolName,
  type NumberValue,
  numberOf,
  type PartStatement,
  readStatement,
  STYLES,
  type Statement,
  scaled,
  wrongPrefix,
} from './final-styles.js';
import type { GradedAnswer } from './graded-answers.js';
import { referenceAllowance, referenceValue } from './near-miss-final.js';

/** What one style did: rewrites made, verdicts kept, and the ids of the answers whose verdict broke. */
export interface StyleCount {
  rewrites: number;
  kept: number;
  broken: string[];
  nearMisses: number;
  /** Near misses accepted: `id kind`. */
  accepted: string[];
}

export interface StyleRun {
  /** Answers whose verdict agrees with the hand grade and whose final section could be restyled. */
  readonly answers: number;
  readonly right: number;
  readonly wrong: number;
  readonly styles: Readonly<Record<string, StyleCount>>;
}

/** The expected answers' sub-question letters, in the grader's order (top level, then parts). */
function letters(problem: Problem): (string | undefined)[] {
  const out: (string | undefined)[] = (problem.final_answer ?? []).map(() => undefined);
  for (const sub of problem.subquestions ?? [])
    for (const _ of sub.final_answer ?? []) out.push(sub.letter.toLowerCase());
  return out;
}

/** The left side of an expected answer when it names one quantity. */
function expectedName(expected: string): string | undefined {
  const m = /^([^=]+)=/.exec(expected);
  return m !== null && isSymbolName(m[1]!) ? m[1]!.trim() : undefined;
}

/** Start of the line holding `at`. */
const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

/**
 * The answer before its final section: cut at `at` (a line start), moved back out of any math block
 * left open, with trailing headers (`**Final Answer**`, `### Answer`, a line ending in a colon)
 * dropped.
 */
function headBefore(response: string, at: number): string {
  let head = response.slice(0, at);
  for (let k = 0; k < 5; k++) {
    const dollars = head.split('$$').length - 1;
    const opens = head.split('\\[').length - head.split('\\]').length;
    const begins = head.split('\\begin{').length - head.split('\\end{').length;
    if (dollars % 2 === 1) head = head.slice(0, lineStart(head, head.lastIndexOf('$$')));
    else if (opens > 0) head = head.slice(0, lineStart(head, head.lastIndexOf('\\[')));
    else if (begins > 0) head = head.slice(0, lineStart(head, head.lastIndexOf('\\begin{')));
    else break;
  }
  const lines = head.replace(/\s+$/, '').split('\n');
  while (
    lines.length > 0 &&
    /^\s*(?:#+.*|\*\*[^*]*\*\*:?|.*\bfinal answers?\b.*|(?:\*\*)?answers?:?(?:\*\*)?|.*:\s*(?:\*\*)?|[-*]\s*|---+)?\s*$/i.test(
      lines[lines.length - 1]!,
    )
  )
    lines.pop();
  return lines.join('\n');
}

/** Where the statement `by` sits in the answer: its last occurrence, else its first number's. */
function locate(response: string, by: string): number | undefined {
  const at = response.lastIndexOf(by);
  if (at >= 0) return at;
  const num = /\d+(?:\.\d+)?/.exec(by)?.[0];
  if (num === undefined || num.length < 2) return undefined;
  const n = response.lastIndexOf(num);
  return n >= 0 ? n : undefined;
}

const NOT_SYMBOLS = new Set([
  'frac',
  'dfrac',
  'tfrac',
  'sqrt',
  'left',
  'right',
  'text',
  'mathrm',
  'rm',
  'cdot',
  'times',
  'pi',
  'hbar',
  'sin',
  'cos',
  'tan',
  'ln',
  'log',
  'exp',
  'sinh',
  'cosh',
  'tanh',
  'arctan',
  'arcsin',
  'arccos',
  'cot',
  'sec',
  'csc',
  'infty',
  'approx',
  'quad',
  'displaystyle',
  'big',
  'Big',
]);

/** The symbols an expression writes (`\omega_p`, `I`, `R_{\odot}`, `C'`), as their LaTeX. */
function symbolsOf(latex: string): string[] {
  const out = new Set<string>();
  for (const m of latex.matchAll(
    /\\([A-Za-z]+)(_\{[^{}]*\}|_[A-Za-z0-9])?'*|(?<![\\A-Za-z])([A-Za-z])(_\{[^{}]*\}|_[A-Za-z0-9])?'*/g,
  )) {
    if (m[1] !== undefined && NOT_SYMBOLS.has(m[1])) continue;
    out.add(m[0]);
  }
  return [...out];
}

/** Whether `text` gives `symbol` a value (`I = …`, `I \approx …`). */
function defines(text: string, symbol: string): boolean {
  const escaped = symbol.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  // `\omega_p^2 = …` defines ω_p too.
  return new RegExp(
    `(?<![A-Za-z\\\\])${escaped}(?![A-Za-z_'])(?:\\^\\{?\\d\\}?)?\\s*(?:=|\\\\approx|≈)`,
  ).test(text);
}

/**
 * Whether cutting the answer at its final section dropped the definition of a symbol a restated
 * expression uses (`I = L/(4πR²); P = I/c` restated as `P = I/c` alone): such a rewrite says less
 * than the answer, and the answer is not restyled.
 */
function dropsDefinition(response: string, head: string, parts: readonly PartStatement[]): boolean {
  const tail = response.slice(head.length);
  return parts.some(
    (p) =>
      p.statement.value.kind === 'expression' &&
      symbolsOf(p.statement.value.latex).some((x) => defines(tail, x) && !defines(head, x)),
  );
}

/** A right answer's final section as part statements, and the answer before it. */
function rightParts(
  item: GradedAnswer,
  answers: readonly { expected: string; form: string; by?: string }[],
): { head: string; parts: PartStatement[] } | undefined {
  const ls = letters(item.problem);
  const parts: PartStatement[] = [];
  let cut = Number.POSITIVE_INFINITY;
  for (const [i, a] of answers.entries()) {
    if (a.by === undefined) return undefined;
    const s = readStatement(a.by, a.form === 'numerical');
    if (s === undefined) return undefined;
    const name = s.name ?? expectedName(a.expected);
    parts.push({ letter: ls.length === answers.length ? ls[i] : undefined, statement: { ...s, name } });
    const at = locate(item.response, a.by);
    if (at === undefined) return undefined;
    cut = Math.min(cut, lineStart(item.response, at));
  }
  const head = headBefore(item.response, cut);
  return dropsDefinition(item.response, head, parts) ? undefined : { head, parts };
}

/** A wrong answer's final statement (one expected answer): its last box, or its "final answer" line. */
function wrongParts(
  item: GradedAnswer,
  answers: readonly { expected: string; form: string }[],
): { head: string; parts: PartStatement[] } | undefined {
  if (answers.length !== 1) return undefined;
  const r = item.response;
  let text: string | undefined;
  let at = -1;
  const box = r.lastIndexOf('\\boxed{');
  if (box >= 0) {
    const close = matchingBrace(r, box + 6);
    const line = r.slice(lineStart(r, box), r.indexOf('\n', box) < 0 ? r.length : r.indexOf('\n', box));
    if (close < 0 || line.split('\\boxed{').length > 2) return undefined;
    text = r.slice(box + 7, close);
    at = box;
  } else {
    const m = [...r.matchAll(/final answer[^\n]*?[:*]*\s*\n?\s*([^\n]+)\s*$/gi)].pop();
    if (m === undefined) return undefined;
    text = m[1]!.replace(/^\*+|\*+$/g, '');
    at = m.index!;
  }
  const s = readStatement(text, answers[0]!.form === 'numerical');
  if (s === undefined) return undefined;
  const name = s.name ?? expectedName(answers[0]!.expected);
  const head = headBefore(r, lineStart(r, at));
  const parts = [{ letter: undefined, statement: { ...s, name } }];
  return dropsDefinition(r, head, parts) ? undefined : { head, parts };
}

/** Near misses of one statement: each kind with the wrong statement. */
function nearStatements(s: Statement, expected: string, figures: number | undefined): [string, Statement][] {
  const out: [string, Statement][] = [];
  if (s.value.kind === 'expression') {
    const x = s.value.latex;
    out.push(['x2', { ...s, value: { kind: 'expression', latex: `2\\left(${x}\\right)` } }]);
    out.push([
      'sign',
      { ...s, value: { kind: 'expression', latex: x.startsWith('-') ? x.slice(1).trim() : `-${x}` } },
    ]);
    return out;
  }
  const v: NumberValue = s.value;
  if (Number(v.mantissa) === 0) return out;
  const sig = figuresOf(v.mantissa);
  const allowance = referenceAllowance(expected, figures);
  const reference = referenceValue(expected.replace(/^[^=]*=/, ''));
  const ratio = reference === undefined || reference === 0 ? undefined : numberOf(v) / reference;
  const offset = ratio !== undefined && Math.abs(ratio - 1) <= 0.1 ? ratio : 1;
  if (allowance !== undefined && Math.abs(offset * 1.03 - 1) > allowance * (1 + 1e-9))
    out.push(['x1.03', { ...s, value: scaled(v, 1.03, Math.max(sig, 4)) }]);
  out.push(['x2', { ...s, value: scaled(v, 2, Math.max(sig, 2)) }]);
  out.push(['sign', { ...s, value: { ...v, negative: !v.negative } }]);
  const prefixed = wrongPrefix(v.unit);
  if (prefixed !== undefined) out.push(['prefix', { ...s, value: { ...v, unit: prefixed } }]);
  return out;
}

/**
 * Runs the styles. `sample`: how many styles each answer is rewritten in (seeded choice; undefined:
 * all), and then one near miss per right answer and style (all when undefined). Draws are seeded by
 * `seed` and the answer's id.
 */
export function runStyles(
  items: readonly GradedAnswer[],
  sample?: number,
  seed = 'final-styles',
  /** Called with each rewrite whose verdict broke and each near miss accepted (`kind` undefined: a rewrite). */
  report?: (
    id: string,
    style: string,
    kind: string | undefined,
    response: string,
    record: ScoreRecord,
  ) => void,
): StyleRun {
  const scorers = new Map<readonly Problem[], ReturnType<typeof createScorer>>();
  const styles: Record<string, StyleCount> = {};
  for (const name of Object.keys(STYLES))
    styles[name] = { rewrites: 0, kept: 0, broken: [], nearMisses: 0, accepted: [] };
  let answers = 0;
  let right = 0;
  let wrong = 0;
  for (const item of items) {
    let scorer = scorers.get(item.problems);
    if (scorer === undefined) {
      scorer = createScorer(item.problems);
      scorers.set(item.problems, scorer);
    }
    const original = scorer.scoreResponse(item.problem, item.response);
    const accepted = original.final_answer_correct === true;
    if (accepted !== (item.grade === 'right')) continue; // a disagreement: not ours to restyle
    const list = original.final_answer.answers;
    if (list.length === 0) continue;
    const found = accepted ? rightParts(item, list) : wrongParts(item, list);
    if (found === undefined) continue;
    const applicable: [string, string][] = [];
    for (const [name, style] of Object.entries(STYLES)) {
      const section = style(found.parts);
      if (section !== undefined) applicable.push([name, section]);
    }
    if (applicable.length === 0) continue;
    answers++;
    // One draw sequence per answer: the sample of one answer does not move when another changes.
    const prng: Prng = createPrng(`${seed}:${item.id}`);
    if (accepted) right++;
    else wrong++;
    const chosen: [string, string][] = [];
    if (sample === undefined) chosen.push(...applicable);
    else
      for (let k = 0; k < sample && applicable.length > 0; k++)
        chosen.push(...applicable.splice(prng.int(applicable.length), 1));
    // A style that wraps the working (a `<think>` block) places it itself.
    const compose = (section: string) =>
      section.includes(HEAD)
        ? `${section.replace(HEAD, () => found.head)}\n`
        : `${found.head}\n\n${section}\n`;
    for (const [name, section] of chosen) {
      const count = styles[name]!;
      count.rewrites++;
      const record = scorer.scoreResponse(item.problem, compose(section));
      if ((record.final_answer_correct === true) === accepted) count.kept++;
      else {
        count.broken.push(item.id);
        report?.(item.id, name, undefined, compose(section), record);
      }
      if (!accepted) continue;
      // Near misses: one part made wrong, the rest kept.
      const misses: [string, PartStatement[]][] = [];
      for (const [i, p] of found.parts.entries())
        for (const [kind, s] of nearStatements(
          p.statement,
          list[i]!.expected,
          item.problem.significant_figures,
        ))
          misses.push([kind, found.parts.map((q, j) => (j === i ? { ...q, statement: s } : q))]);
      const picked =
        sample === undefined ? misses : misses.length === 0 ? [] : [misses[prng.int(misses.length)]!];
      for (const [kind, parts] of picked) {
        const wrongSection = STYLES[name]!(parts);
        if (wrongSection === undefined) continue;
        count.nearMisses++;
        const r = scorer.scoreResponse(item.problem, compose(wrongSection));
        if (r.final_answer_correct === true) {
          count.accepted.push(`${item.id} ${kind}`);
          report?.(item.id, name, kind, compose(wrongSection), r);
        }
      }
    }
  }
  return { answers, right, wrong, styles };
}
