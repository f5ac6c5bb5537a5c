// Near misses of accepted final answers, generated: each numerical value an answer is accepted for,
// replaced everywhere in the answer by a wrong value (×1.03, ×0.97, ×2, the sign flipped, ×10³ — a
// prefix off — and the last figure moved by 5 at ≥ 3 figures). The metamorphic "mutations must lower
// it" relation applied to final answers: the grader must reject every mutant it reads.
import { SUPERSCRIPTS } from '../../src/latex/grammar/unicode.js';

/** A number literal as answers write it: `4.75`, `-3.5`, `1.85\times10^{10}`, `6.2×10¹¹`, `6e22`. */
const NUMBER =
  /(?<![\w.^_{])(-|−)?(\d+(?:\.\d+)?)(?:(\s*(?:\\times|×|\\cdot|·)\s*10\s*)(\^\s*\{\s*[-−]?\d+\s*\}|\^\s*[-−]?\d|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?!\d|\.\d)/g;
/** One mutant: its kind, the mutated answer, the literal replaced and what replaced it. */
export interface Mutant {
  readonly kind: string;
  readonly response: string;
  readonly from: string;
  readonly to: string;
  readonly expected: string;
}
function exponentOf(e: string | undefined): number {
  if (e === undefined) return 0;
  const t = [...e]
    .map((c) => SUPERSCRIPTS[c] ?? c)
    .join('')
    .replace(/[\^{}\s]/g, '')
    .replace('−', '-');
  return Number(t);
}
function figuresOf(mantissa: string): number {
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  return Math.max(1, digits.length);
}
/**
 * How far from a reference written as `latex` (its first number's mantissa) a value may legitimately
 * sit, relative: the grader's allowance — half a unit in the reference's last place (counted at the
 * problem's significant figures when given), one unit up to 2.5%, and the 1% floor. A mutant within it
 * is no near miss.
 */
export function referenceAllowance(latex: string, figures: number | undefined): number | undefined {
  const m = /(\d+(?:\.\d+)?)/.exec(latex);
  if (m === null) return undefined;
  const mant = m[1]!;
  const value = Number(mant);
  if (!(value > 0)) return undefined;
  const decimals = mant.includes('.') ? mant.length - mant.indexOf('.') - 1 : 0;
  const unit =
    figures === undefined
      ? 10 ** -decimals / value
      : 10 ** (Math.floor(Math.log10(value)) - figures + 1) / value;
  return Math.max(0.5 * unit, Math.min(unit, 0.025), 0.01);
}

/** The value of the reference's first number with its power of ten, for the distance of a mutant. */
export function referenceValue(latex: string): number | undefined {
  const m = /(-)?\s*(\d+(?:\.\d+)?)(?:\s*\\times\s*10\^\{?(-?\d+)\}?)?/.exec(latex);
  if (m === null) return undefined;
  return (m[1] ? -1 : 1) * Number(m[2]) * 10 ** Number(m[3] ?? 0);
}
function format(value: number, sig: number, exp: number, sample: string): string {
  const s = Math.abs(value).toPrecision(sig);
  const mant = s.includes('e') ? String(Number(s)) : s;
  const sign = value < 0 ? '-' : '';
  if (exp === 0) return sign + mant;
  return `${sign}${mant}${sample}^{${exp}}`;
}
/**
 * The near misses of one accepted answer: each numerical expected value the answer met (`by`), its
 * literal replaced everywhere in the answer by a value that is wrong: ×1.03, ×0.97 (written to at
 * least 4 figures: 3% off), ×2, the sign flipped, ×10³ (a prefix), the last figure moved by 5 (at ≥ 3
 * figures). Excluded by construction: ×1.03 and ×0.97 when the reference's own half unit is ≥ 3%
 * (a one-figure reference accepts them), a last-figure change within the 2.5% the rule accepts, and
 * a zero value.
 */
export function nearMisses(
  response: string,
  answers: readonly { expected: string; form: string; correct: boolean; by?: string }[],
  figures: number | undefined,
): Mutant[] {
  const out: Mutant[] = [];
  const numerical = answers.filter((a) => a.form === 'numerical' && a.correct && a.by !== undefined);
  if (numerical.length !== 1 || answers.length !== 1) return out;
  const a = numerical[0]!;
  // Only an answer met by a value as written (`4.75\,\mathrm{h}`, `≈ 6.2×10¹¹`): its one number.
  const lits = [...a.by!.matchAll(NUMBER)];
  const lit = lits[0];
  if (lit === undefined || lits.length !== 1) return out;
  const before = a.by!.slice(0, lit.index).trim();
  if (before !== '' && !/^(?:\\approx|≈|~|=)$/.test(before)) return out;
  const text = lit[0];
  const negative = lit[1] !== undefined;
  const mant = lit[2]!;
  const exp = exponentOf(lit[4]);
  const value = (negative ? -1 : 1) * Number(mant);
  if (value === 0 || !Number.isFinite(value)) return out;
  const occurrences = [...response.matchAll(NUMBER)].filter((m) => m[0] === text);
  if (occurrences.length === 0) return out;
  const sig = figuresOf(mant);
  const sample = lit[3] ?? '\\times 10';
  const replace = (to: string) => {
    let r = '';
    let at = 0;
    for (const m of occurrences) {
      r += response.slice(at, m.index) + to;
      at = m.index! + m[0].length;
    }
    return r + response.slice(at);
  };
  const allowance = referenceAllowance(a.expected, figures);
  const push = (kind: string, to: string) =>
    out.push({ kind, response: replace(to), from: text, to, expected: a.expected });
  // ×1.03 and ×0.97 only where they leave the allowance: the answer's value moved 3% from where it
  // was (near the reference) must land beyond what the grader accepts from the reference.
  const reference = referenceValue(a.expected.replace(/^[^=]*=/, ''));
  // The answer's value over the reference's (1 when they are written in different units: `729 nm`
  // against `7.29\times10^{-7}`, whose numbers are not comparable here).
  const ratio = reference === undefined || reference === 0 ? undefined : (value * 10 ** exp) / reference;
  const offset = ratio !== undefined && Math.abs(ratio - 1) <= 0.1 ? ratio : 1;
  for (const [kind, f] of [
    ['x1.03', 1.03],
    ['x0.97', 0.97],
  ] as const) {
    if (allowance === undefined || offset === undefined || !(offset > 0)) continue;
    if (Math.abs(offset * f - 1) <= allowance * (1 + 1e-9)) continue;
    push(kind, format(value * f, Math.max(sig, 4), exp, sample));
  }
  push('x2', format(value * 2, Math.max(sig, 2), exp, sample));
  push('sign', format(-value, sig, exp, sample));
  push(
    'x1000',
    format(value, sig, exp + 3 === 0 ? 3 : exp + 3, sample).replace(/^(-?[\d.]+)$/, () =>
      format(value * 1000, sig, 0, sample),
    ),
  );
  if (sig >= 3) {
    const digits = mant.split('');
    const k = digits.length - 1;
    digits[k] = String((Number(digits[k]) + 5) % 10);
    const moved = digits.join('');
    const rel = Math.abs(Number(moved) - Number(mant)) / Number(mant);
    const far =
      allowance !== undefined && offset !== undefined && offset > 0
        ? Math.abs((offset * Number(moved)) / Number(mant) - 1) > allowance * (1 + 1e-9)
        : rel > 0.025;
    if (far)
      push('last-figure', (negative ? '-' : '') + moved + (lit[3] === undefined ? '' : lit[3] + lit[4]));
  }
  return out;
}

/** A unit written right after a value: `\,\mathrm{m/s}`, `\ \text{kJ/mol}`, ` m/s`, ` km`. */
const UNIT_AFTER =
  /^(\s*(?:\\[,;: ]|~)?\s*)(\\(?:mathrm|text|rm)\s*\{([^{}]*)\}|([A-Za-zμµΩÅ°%]+(?:\s*\/\s*[A-Za-z]+)?(?:[⁻¹²³]+)?))/;

/** One way to hedge: its name, where answers write it, and the rewrite of `X` (with its unit). */
interface HedgeForm {
  readonly kind: string;
  /**
   * `math`: inside `$…$`/`\[…\]` or on an undelimited LaTeX line (one with a command); `text`: plain
   * text (outside math, a line without commands); `both`: anywhere.
   */
  readonly where: 'math' | 'text' | 'both';
  /** The rewrite needs the unit written after the value (it is replaced too). */
  readonly withUnit?: boolean;
  readonly write: (x: string, y: string, unit: string, unitBody: string) => string;
}

const HEDGE_FORMS: readonly HedgeForm[] = [
  { kind: 'or-text', where: 'math', write: (x, y) => `${x} \\text{ or } ${y}` },
  { kind: 'wrong-first', where: 'math', write: (x, y) => `${y} \\text{ or } ${x}` },
  { kind: 'list', where: 'both', write: (x, y) => `${x}, ${y}` },
  {
    kind: 'or-both-units',
    where: 'math',
    withUnit: true,
    write: (x, y, u) => `${x}${u} \\text{ or } ${y}${u}`,
  },
  {
    kind: 'or-unit-respelled',
    where: 'math',
    withUnit: true,
    write: (x, y, u, body) => `${x}${u} \\text{ or } ${y}\\,\\mathrm{${body.replace(/\s+/g, '')}}`,
  },
  { kind: 'range-text', where: 'math', write: (x, y) => `${x} \\text{ to } ${y}` },
  { kind: 'or-plain', where: 'text', write: (x, y) => `${x} or ${y}` },
  { kind: 'wrong-first-plain', where: 'text', write: (x, y) => `${y} or ${x}` },
  { kind: 'either-or', where: 'text', write: (x, y) => `either ${x} or ${y}` },
  { kind: 'range-to', where: 'text', write: (x, y) => `${x} to ${y}` },
  { kind: 'between', where: 'text', write: (x, y) => `between ${x} and ${y}` },
  { kind: 'range-dash', where: 'text', write: (x, y) => `${x}–${y}` },
  { kind: 'parenthesised', where: 'text', write: (x, y) => `${x} (or ${y})` },
  { kind: 'or-plain-both-units', where: 'text', withUnit: true, write: (x, y, u) => `${x}${u} or ${y}${u}` },
];

/**
 * Hedges of one accepted answer: every statement of its accepted value `X` (the literal `nearMisses`
 * mutates, all its occurrences) rewritten to commit to no single value, beside a wrong value `Y` (×2),
 * in the forms real answers write where they write them (`\text{ or }` in math, `or` in plain text):
 * the wrong value first, a range, a list, a parenthesised alternative, the second value with its unit
 * spelled another way (`\text{kJ/mol}` beside `\mathrm{kJ/mol}`). None answers the question: the
 * grader must reject every one it reads. `inMath(offset)` says whether an offset is inside math.
 */
export function hedges(
  response: string,
  answers: readonly { expected: string; form: string; correct: boolean; by?: string }[],
  inMath: (offset: number) => boolean,
): Mutant[] {
  const out: Mutant[] = [];
  const x2 = nearMisses(response, answers, undefined).find((m) => m.kind === 'x2');
  if (x2 === undefined) return out;
  const text = x2.from;
  const wrong = x2.to;
  const occurrences = [...response.matchAll(NUMBER)].filter((m) => m[0] === text);
  for (const form of HEDGE_FORMS) {
    let r = '';
    let at = 0;
    let ok = true;
    for (const m of occurrences) {
      const end = m.index! + m[0].length;
      const u = form.withUnit === true ? UNIT_AFTER.exec(response.slice(end)) : null;
      const lineStart = response.lastIndexOf('\n', m.index!) + 1;
      const lineEnd = response.indexOf('\n', m.index!);
      const line = response.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
      const math = inMath(m.index!) || /\\[a-zA-Z]{2,}/.test(line);
      if (
        (form.withUnit === true && u === null) ||
        (form.where !== 'both' && (form.where === 'math') !== math)
      ) {
        ok = false;
        break;
      }
      const unit = u?.[0] ?? '';
      r += response.slice(at, m.index) + form.write(text, wrong, unit, u?.[3] ?? u?.[4] ?? '');
      at = end + unit.length;
    }
    if (ok)
      out.push({
        kind: form.kind,
        response: r + response.slice(at),
        from: text,
        to: wrong,
        expected: x2.expected,
      });
  }
  return out;
}

/**
 * Hedges of one accepted algebraic answer: the statement the grader read (`by`, found as written in
 * the answer's math) given a second value beside its own — twice its right side — as `\text{ or }`, the
 * wrong one first, a list, and an alternative in parentheses. None answers the question.
 */
export function algebraicHedges(
  response: string,
  answers: readonly { expected: string; form: string; correct: boolean; by?: string }[],
  inMath: (offset: number) => boolean,
): Mutant[] {
  const a = answers[0];
  if (answers.length !== 1 || a === undefined || a.form !== 'algebraic' || !a.correct || a.by === undefined)
    return [];
  const at = response.lastIndexOf(a.by);
  if (at < 0 || !inMath(at)) return [];
  const eq = a.by.indexOf('=');
  if (eq <= 0 || a.by.indexOf('=', eq + 1) >= 0) return [];
  const lhs = a.by.slice(0, eq).trim();
  const rhs = a.by.slice(eq + 1).trim();
  if (lhs === '' || rhs === '') return [];
  const wrong = `2\\left(${rhs}\\right)`;
  const forms: [string, string][] = [
    ['algebraic-or-text', `${lhs} = ${rhs} \\text{ or } ${wrong}`],
    ['algebraic-wrong-first', `${lhs} = ${wrong} \\text{ or } ${rhs}`],
    ['algebraic-list', `${lhs} = ${rhs},\\ ${wrong}`],
    ['algebraic-two-statements', `${lhs} = ${rhs} \\text{ or } ${lhs} = ${wrong}`],
  ];
  return forms.map(([kind, text]) => ({
    kind,
    response: response.slice(0, at) + text + response.slice(at + a.by!.length),
    from: a.by!,
    to: wrong,
    expected: a.expected,
  }));
}
