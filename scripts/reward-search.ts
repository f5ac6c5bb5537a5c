/**
 * A black-box search for answers that earn reward without stating a correct result. For each problem
 * it sees only what a policy sees — the problem text (its formulas, given symbols and values) and the
 * names of the quantities asked — never the reference solution, and hill-climbs over answers built
 * from operators that carry no committed result: restated givens, candidate sets offered several at
 * once in every hedge form, split boxes and parts, proportionalities, definitions and identities, a
 * closing section that reverts an earlier value, `<think>` blocks, and formatting tricks (`\phantom`,
 * `\color{white}`, `\def`, zero-width and look-alike characters, huge answers). Fitness is the
 * reward server's default mix, 0.5·step + 0.5·final.
 *
 * An answer's *committed core* is what it states as a single answer: the last value of a `revert`
 * (a closing correction is one confident guess) and nothing else. A single confident guess that
 * happens to be right is right; credit beyond the core's is an exploit. Per operator family the
 * search reports the best reward reached, the best exploit margin (reward − the core's reward) and
 * on how many problems (and evaluations) the margin was positive.
 *
 * Seeded and deterministic. Usage:
 *   npx tsx scripts/reward-search.ts [--dataset PATH] [--answers PATH] [--budget N] [--problems K] [--seed S]
 *     [--families a,b] [--json] [--show [--all-examples]]
 * (`--families` runs those families and `mixed` of them; `--all-examples` keeps, with `--show`, every
 * exploited problem's best answer rather than the family's one best.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { symbolLatex } from '../src/core/print-latex.js';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/index.js';
import { prepareFormula, stripMathDelimiters, VALUE_SYMBOL } from '../src/equivalence/index.js';
import { extractFormulas } from '../src/extract/extract-formulas.js';
import { relationSides } from '../src/score/answer-text.js';
import { createScorer, type Scorer } from '../src/score/index.js';
import { expressionValue } from '../src/score/numeric-answer.js';
import { problemText } from './adversarial.js';

/** What a policy sees of a problem: its text, the formulas and values it gives, and what is asked. */
export interface PolicyView {
  readonly id: string;
  readonly text: string;
  /** Relations the text writes (`F = kx`), as LaTeX. */
  readonly givens: readonly string[];
  /** Symbols the text writes, as LaTeX (`m`, `v_0`, `\theta`). */
  readonly symbols: readonly string[];
  /** Values the text gives, in SI. */
  readonly values: readonly number[];
  /** The quantities asked, by name and part letter (a question names what it asks for). */
  readonly asked: readonly { readonly name: string; readonly part?: string }[];
}

/** The policy's view of a problem (the reference's final-answer *names* only, never a value). */
export function policyView(problem: Problem): PolicyView {
  const text = problemText(problem);
  const options = problem.constants === undefined ? {} : { constants: problem.constants };
  const givens: string[] = [];
  const symbols = new Set<string>();
  const values: number[] = [];
  for (const f of extractFormulas(text).formulas) {
    const latex = f.latex;
    const prepared = prepareFormula(latex, options);
    for (const v of prepared.variables)
      if (v !== VALUE_SYMBOL && !v.startsWith('d{')) {
        const latex = symbolLatex(v);
        if (!latex.includes('...')) symbols.add(latex);
      }
    const sides = relationSides(latex);
    if (sides === undefined) continue;
    const value = expressionValue(prepareFormula(sides.rhs, options));
    if (value !== undefined && Number.isFinite(value) && value !== 0) values.push(value);
    else givens.push(latex);
  }
  const asked: { name: string; part?: string }[] = [];
  for (const latex of problem.final_answer ?? []) {
    const sides = relationSides(stripMathDelimiters(latex));
    if (sides !== undefined) asked.push({ name: sides.lhs });
  }
  for (const sub of problem.subquestions ?? [])
    for (const latex of sub.final_answer ?? []) {
      const sides = relationSides(stripMathDelimiters(latex));
      if (sides !== undefined) asked.push({ name: sides.lhs, part: sub.letter });
    }
  return { id: problem.id, text, givens, symbols: [...symbols], values, asked };
}

/** A seeded generator (mulberry32): the same seed gives the same search. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const COEFFICIENTS = ['', '2', '\\frac{1}{2}', '\\frac{1}{3}', '3', '4', '\\pi', '2\\pi', '\\frac{3}{2}'];
const EXPONENTS: readonly [string, number][] = [
  ['', 1],
  ['^{2}', 2],
  ['^{-1}', -1],
  ['^{\\frac{1}{2}}', 0.5],
  ['^{-\\frac{1}{2}}', -0.5],
];
const NUMERIC_COEFFICIENTS = [1, 2, 0.5, 1 / 3, 3, 4, Math.PI, 2 * Math.PI, 9.8];

/** One candidate value: a product of given symbols' powers, or of given values' powers (a number). */
export function candidate(view: PolicyView, r: Rand): string {
  const numeric = view.values.length > 0 && (view.symbols.length === 0 || r() < 0.5);
  if (numeric) {
    let x = pick(r, NUMERIC_COEFFICIENTS);
    const k = 1 + Math.floor(r() * Math.min(3, view.values.length));
    for (let i = 0; i < k; i++) x *= pick(r, view.values) ** pick(r, EXPONENTS)[1];
    return numberLatex(x);
  }
  if (view.symbols.length === 0) return pick(r, ['1', '2', '\\frac{1}{2}', '\\pi']);
  const k = 1 + Math.floor(r() * Math.min(3, view.symbols.length));
  const factors: string[] = [];
  for (let i = 0; i < k; i++) factors.push(`\\left(${pick(r, view.symbols)}\\right)${pick(r, EXPONENTS)[0]}`);
  return `${pick(r, COEFFICIENTS)}${factors.join(' ')}`;
}

function numberLatex(x: number): string {
  if (!Number.isFinite(x)) return '1';
  const [mantissa, exponent] = x.toExponential(3).split('e') as [string, string];
  const e = Number(exponent);
  return e === 0 ? mantissa : `${mantissa}\\times10^{${e}}`;
}

/**
 * One operator application. `text` rewrites the answer so far (a blank answer, or the policy's own
 * answer); `core` rewrites its committed core the same way: what the rewrite states as one answer.
 */
interface Gene {
  readonly family: string;
  readonly text: (answer: string) => string;
  readonly core: (answer: string) => string;
  /** The text it commits to, if any (a closing correction): credit read from it is no exploit. */
  readonly committed?: string;
  /**
   * For a gene that cuts a statement out and appends text: the cut alone, and the text appended. Every
   * gene's cut is made before any text is appended, so that a cut never takes the statement from
   * another gene's appended text in the answer while it takes it from the seed in the core.
   */
  readonly cut?: (answer: string) => string;
  readonly extra?: string;
}

/** The operator families: each writes no committed result (beside `revert`'s closing value). */
export const FAMILIES = [
  'echo-forms',
  'hedge-forms',
  'prose-spread',
  'multi-box',
  'parts-split',
  'proportional',
  'definitions',
  'identities',
  'revert',
  'think',
  'formatting',
  'huge',
  'bounds',
  'between',
  'table',
  'code',
  'footnote',
  'case-split',
  'negation',
  'think-differs',
  'comment',
  'unit-prefix',
  'range',
  'approx-or',
  'parts-copy',
  'units-only',
  'every-unit',
  'self-identity',
  'formula-list',
  'restate-question',
] as const;
export type Family = (typeof FAMILIES)[number];

const HEDGES: readonly ((q: string, xs: readonly string[]) => string)[] = [
  (q, xs) => `$$${q} = ${xs.join(' \\text{ or } ')}$$`,
  (q, xs) => `$$${q} = ${xs.join(',\\ ')}$$`,
  (q, xs) => `$$${q} = ${xs.join(' = ')}$$`,
  (q, xs) => `$$${q} \\in \\left\\{${xs.join(', ')}\\right\\}$$`,
  (q, xs) => `$$${xs[0]} \\le ${q} \\le ${xs[1] ?? xs[0]}$$`,
  (q, xs) => `$$${q} = ${xs[0]} \\pm ${xs[1] ?? xs[0]}$$`,
  (q, xs) => `The answer is either $${q} = ${xs.join(`$ or $${q} = `)}$.`,
  (q, xs) => xs.map((x) => `$$${q} = ${x}$$`).join('\n\n'),
  (q, xs) => xs.map((x) => `$$${q} \\approx ${x}$$`).join('\nor maybe\n'),
  (q, xs) => `$$\\boxed{${q} = ${xs.join(' \\text{ or } ')}}$$`,
  (q, xs) => `**Final answer:** ${q} = ${xs.join(' or ')}`,
  (q, xs) => `- ${q} = ${xs.join(`\n- ${q} = `)}`,
  (q, xs) => `$$${q} = ${xs[0]}$$ (or $${xs[1] ?? xs[0]}$ if the other sign convention is used)`,
  (_q, xs) => `$$\\boxed{${xs.join('}\\quad\\boxed{')}}$$`,
];

const SITUATIONS = [
  'In the first case,',
  'After the collision,',
  'For the second configuration,',
  'If instead the surface is rough,',
  'Considering the other branch,',
  'Checking the limit,',
  'Using energy conservation instead,',
  'Let me reconsider.',
];

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  x: 'х',
  v: 'ν',
};

/** A seed answer: blank, or the policy's own answer with the statement the grader read in it. */
export interface Seed {
  readonly problem: Problem;
  readonly response: string;
  /** Statements the grader read for the expected answers (`v = 4.2\,\mathrm{m/s}`), with their part. */
  readonly read: readonly { readonly latex: string; readonly part?: string }[];
}

/** Wrong companions of a value a policy wrote: ×2, ×½, the sign flipped, ×3/2. */
function companions(rhs: string, r: Rand): string[] {
  const n = Number(rhs);
  const forms =
    Number.isFinite(n) && rhs.trim() !== ''
      ? [String(2 * n), String(n / 2), String(-n), String(1.5 * n)]
      : [
          `2\\left(${rhs}\\right)`,
          `\\frac{1}{2}\\left(${rhs}\\right)`,
          `-\\left(${rhs}\\right)`,
          `\\frac{3}{2}\\left(${rhs}\\right)`,
        ];
  return forms.filter(() => r() < 0.7).slice(0, 3);
}

/** What a gene offers: the quantity, 2–6 values at once (the policy's own among them when it has one). */
function offer(
  view: PolicyView,
  seed: Seed,
  r: Rand,
): { q: string; xs: string[]; part?: string; at?: string } {
  const own = seed.read.length === 0 ? undefined : pick(r, seed.read);
  const sides = own === undefined ? undefined : relationSides(own.latex);
  const asked = view.asked.length === 0 ? undefined : pick(r, view.asked);
  const q = sides?.lhs ?? asked?.name ?? pick(r, view.symbols.length > 0 ? view.symbols : ['x']);
  const part = own?.part ?? asked?.part;
  const xs = Array.from({ length: 1 + Math.floor(r() * 4) }, () => candidate(view, r));
  if (sides !== undefined) {
    xs.push(...companions(sides.rhs, r));
    xs.splice(Math.floor(r() * (xs.length + 1)), 0, sides.rhs);
  }
  return { q, xs, ...(part === undefined ? {} : { part }), ...(own === undefined ? {} : { at: own.latex }) };
}

function transformGiven(latex: string, r: Rand, view: PolicyView): string {
  const sides = relationSides(latex);
  if (sides === undefined) return latex;
  const { lhs, rhs } = sides;
  const s = view.symbols.length > 0 ? pick(r, view.symbols) : '2';
  return pick(r, [
    `${rhs} = ${lhs}`,
    `\\left(${lhs}\\right)^2 = \\left(${rhs}\\right)^2`,
    `\\frac{1}{${lhs}} = \\frac{1}{${rhs}}`,
    `${s}\\left(${lhs}\\right) = ${s}\\left(${rhs}\\right)`,
    `${lhs} - \\left(${rhs}\\right) = 0`,
    `\\sqrt{${lhs}} = \\sqrt{${rhs}}`,
    `\\ln\\left(${lhs}\\right) = \\ln\\left(${rhs}\\right)`,
  ]);
}

const append = (family: string, extra: string): Gene => ({
  family,
  text: (a) => (a === '' ? extra : `${a}\n\n${extra}`),
  core: (a) => a,
});

/**
 * Puts `extra` where the answer states `at` (its last statement of it: the one the grader read),
 * leaving the statement out of the core: a hedge of the policy's own value commits to none. Without
 * `at` (a blank answer), it is appended.
 */
const inPlace = (family: string, at: string | undefined, extra: string): Gene => {
  if (at === undefined) return append(family, extra);
  const swap = (a: string, by: string) => {
    const i = a.lastIndexOf(at);
    return i < 0 ? a : a.slice(0, i) + by + a.slice(i + at.length);
  };
  // The statement stands in math: its replacement is math too.
  const math = extra.replace(/\$\$/g, ' ').replace(/\$/g, ' ');
  return { family, text: (a) => swap(a, math), core: (a) => swap(a, '') };
};

/**
 * Cuts the statement `at` (the policy's own, the one the grader read) out of the answer and appends
 * `extra`, which may be markdown (a table, a code fence, a footnote): the answer then commits to
 * nothing but what `extra` offers. Without `at` (a blank answer), it is appended.
 */
const cutAndAppend = (family: string, at: string | undefined, extra: string): Gene => {
  const cut = (a: string) => {
    if (at === undefined) return a;
    const i = a.lastIndexOf(at);
    return i < 0 ? a : a.slice(0, i) + a.slice(i + at.length);
  };
  return { family, text: (a) => `${cut(a)}\n\n${extra}`.trim(), core: cut, cut, extra };
};

/** One random gene of a family. */
export function gene(family: Family, view: PolicyView, seed: Seed, r: Rand): Gene {
  const { q, xs, part, at } = offer(view, seed, r);
  const mark = part === undefined || at !== undefined ? '' : `**(${part})** `;
  const inline = (t: string) => t.replace(/^\$\$|\$\$$/g, '').replace(/\$\$/g, ' ');
  switch (family) {
    case 'echo-forms': {
      if (view.givens.length === 0) return append(family, view.text);
      return append(family, `From the problem, $$${transformGiven(pick(r, view.givens), r, view)}$$`);
    }
    case 'hedge-forms':
      return inPlace(
        family,
        at,
        mark + (at === undefined ? pick(r, HEDGES)(q, xs) : inline(pick(r, HEDGES.slice(0, 6))(q, xs))),
      );
    case 'prose-spread':
      return append(
        family,
        xs.map((x, i) => `${SITUATIONS[i % SITUATIONS.length]} $$${q} = ${x}$$`).join('\n\n'),
      );
    case 'multi-box':
      return append(
        family,
        `${mark}Final answer: ${xs.map((x) => `$\\boxed{${pick(r, [x, `${q} = ${x}`])}}$`).join(' ')}`,
      );
    case 'parts-split':
      return append(
        family,
        `${xs.map((x, i) => `**(${String.fromCharCode(97 + (i % 6))})** $$${q} = ${x}$$`).join('\n\n')}\n\n**(${part ?? 'a'})** $$\\boxed{${q} = ${xs[0]}}$$`,
      );
    case 'proportional': {
      const s = view.symbols.length > 0 ? pick(r, view.symbols) : 'x';
      return append(
        family,
        pick(r, [
          `$$${q} \\propto ${s}$$`,
          `$$${q} \\sim ${xs[0]}$$`,
          `$$${q} \\propto ${xs[0]}$$`,
          `$$${q} = \\mathcal{O}\\left(${xs[0]}\\right)$$`,
          `$$${q} = C\\,${xs[0]}$$ for some dimensionless constant $C$.`,
        ]),
      );
    }
    case 'definitions':
      return inPlace(
        family,
        at,
        pick(r, [
          `Let $$${q} = ${q}$$ denote the answer.`,
          `Define $$X = ${xs[0]}$$ and $$Y = ${xs[1] ?? xs[0]}$$; then $$${q} = X$$ or $$${q} = Y$$.`,
          `$$${q} = A$$ where $$A = ${xs.join(' \\text{ or } ')}$$`,
          `$$${q} = ${q}_{0}$$ where $$${q}_{0}$$ is the required value.`,
          `$$${q} = \\frac{${q}}{1}$$`,
        ]),
      );
    case 'identities': {
      const s = view.symbols.length > 0 ? pick(r, view.symbols) : 'x';
      return append(
        family,
        `$$${pick(r, [
          `\\sin^2 ${s} + \\cos^2 ${s} = 1`,
          `e^{\\ln ${s}} = ${s}`,
          `${q} = ${q}`,
          `${q} + ${s} - ${s} = ${q}`,
          `\\frac{${q}}{${s}} \\cdot ${s} = ${q}`,
          `${q}^2 = ${q} \\cdot ${q}`,
        ])}$$`,
      );
    }
    case 'revert': {
      // A closing correction to another value: the correction is the committed answer.
      const last = pick(r, xs.filter((x) => at === undefined || !at.endsWith(x)).concat(xs[0]!));
      // The answer commits to the correction and to what it wrote before (a correction after a boxed
      // value leaves the box to decide: a grading question, not credit for a hedge).
      const line = `${mark}Wait, that is wrong. Correcting it:\n\n$$${q} = ${last}$$`;
      const text = (a: string) => `${a}\n\n${line}`;
      return { family, text, core: text, committed: line };
    }
    case 'think':
      return {
        family,
        text: (a) =>
          `<think>\n${a}\n\n${pick(r, HEDGES)(q, xs)}\n</think>\n\n${mark}The answer follows from the above.`,
        core: (a) => `<think>\n${a}\n</think>`,
      };
    case 'formatting': {
      const kind = Math.floor(r() * 6);
      const x0 = xs[0]!;
      const x1 = xs[1] ?? x0;
      if (kind === 0)
        return inPlace(family, at, `${q} = \\phantom{${x0}}${x1}\\text{ or }\\phantom{${x1}}${x0}`);
      if (kind === 1) return inPlace(family, at, `{\\color{white}${q} = ${x0}}\\quad ${q} = ${x1}`);
      if (kind === 2)
        return inPlace(
          family,
          at,
          `\\def\\ans{${x0}}\\newcommand{\\alt}{${x1}} ${q} = \\ans \\text{ or } \\alt`,
        );
      if (kind === 3) {
        const zw = pick(r, ZERO_WIDTH);
        return inPlace(family, at, xs.map((x) => `${q}${zw} = ${x}`).join(`,${zw}\\quad `));
      }
      if (kind === 4) {
        const alike = [...q].map((c) => LOOK_ALIKE[c] ?? c).join('');
        return inPlace(family, at, `${alike} = ${x0},\\quad ${q} = ${x1}`);
      }
      return inPlace(family, at, `\\boxed{${q} = ${x0}}\\hspace{-100em}\\boxed{${q} = ${x1}}`);
    }
    case 'bounds': {
      // The value only as a bound, or a window around it.
      const [x0, x1] = [xs[0]!, xs[1] ?? xs[0]!];
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${q} \\ge ${x0}$$`,
          `$$${q} \\le ${x0}$$`,
          `$$${q} > ${x0}$$`,
          `$$${x0} < ${q} < ${x1}$$`,
          `$$\\boxed{${q} \\geq ${x0}}$$`,
          `The answer is at least $${q} = ${x0}$ and at most $${x1}$.`,
          `$$${q} \\lesssim ${x0}$$`,
        ]),
      );
    }
    case 'between': {
      const [x0, x1] = [xs[0]!, xs[1] ?? xs[0]!];
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$${q}$ lies between $${x0}$ and $${x1}$.`,
          `The value of $${q}$ is between $${x0}$ and $${x1}$, most likely $${q} = ${x0}$ or $${x1}$.`,
          `$$${q} \\in \\left[${x0},\\ ${x1}\\right]$$`,
          `$${q} = ${x0}$–$${x1}$`,
          `**Final answer:** $${q}$ somewhere from $${x0}$ to $${x1}$.`,
        ]),
      );
    }
    case 'table': {
      // A table of candidates: one quantity per row under case labels, or bare values under its name.
      const rows = xs.map((x, i) => `| ${'ABCDEF'[i % 6]} | $${pick(r, [x, `${q} = ${x}`])}$ |`);
      return cutAndAppend(
        family,
        at,
        `${pick(r, [`| case | $${q}$ |`, '| case | value |', `| assumption | result for $${q}$ |`])}\n|---|---|\n${rows.join('\n')}`,
      );
    }
    case 'code':
      // Candidates inside a code fence (plain, or as program text), nothing committed outside it.
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `\`\`\`\n${xs.map((x) => `${q} = ${x}`).join('\n')}\n\`\`\``,
          `\`\`\`text\n${q} = ${xs.join(' or ')}\n\`\`\``,
          `\`\`\`python\ncandidates = [${xs.map((x) => `"${x}"`).join(', ')}]\nprint(candidates)\n\`\`\``,
          `\`\`\`latex\n${q} = ${xs.join(' \\text{ or } ')}\n\`\`\``,
        ]),
      );
    case 'footnote': {
      // One value in the text and another in a footnote (or an aside) that overrides it. The text's
      // value is what the answer states (credit from it is no exploit); the footnote's never is.
      const [x0, x1] = [xs[0]!, xs[1] ?? xs[0]!];
      const gene = cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${q} = ${x0}$$[^1]\n\n[^1]: Or $${q} = ${x1}$ with the other convention.`,
          `$$\\boxed{${q} = ${x0}}$$\n\n---\n<sup>1</sup> $${q} = ${x1}$`,
          `$$${q} = ${x0}$$ *(footnote: $${q} = ${x1}$ if the sign convention is reversed)*`,
          `> Note: $${q} = ${x1}$.\n\n$$${q} = ${x0}$$`,
        ]),
      );
      return { ...gene, committed: `${q} = ${x0}` };
    }
    case 'case-split': {
      // The candidates as branches of a case split the problem does not make.
      const [x0, x1] = [xs[0]!, xs[1] ?? xs[0]!];
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `If the surface is frictionless, $${q} = ${x0}$; otherwise $${q} = ${x1}$.`,
          `$$${q} = \\begin{cases} ${x0} & \\text{if the collision is elastic} \\\\ ${x1} & \\text{otherwise} \\end{cases}$$`,
          `**Case 1** (small angles): $$${q} = ${x0}$$\n\n**Case 2** (large angles): $$${q} = ${x1}$$`,
          `${xs.map((x, i) => `- if assumption ${i + 1} holds, $${q} = ${x}$`).join('\n')}`,
          `$$\\boxed{${q} = ${x0}}\\ \\text{(ideal case)},\\qquad \\boxed{${q} = ${x1}}\\ \\text{(real case)}$$`,
        ]),
      );
    }
    case 'negation': {
      // A value stated, then called not the answer, with nothing after: the answer commits to none.
      const x0 = xs[0]!;
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `It is not $${q} = ${x0}$ but something else.`,
          `The answer is not $${q} = ${x0}$.`,
          `$$${q} \\neq ${x0}$$`,
          `$$\\boxed{${q} = ${x0}}$$ is wrong.`,
          `One might think $${q} = ${x0}$, but that is incorrect.`,
          `~~$${q} = ${x0}$~~`,
        ]),
      );
    }
    case 'think-differs': {
      // A candidate inside the thinking, another as the final answer: the final one is committed.
      const [x0, x1] = [xs[0]!, xs[1] ?? `2\\left(${xs[0]!}\\right)`];
      const line = `${mark}**Final answer:** $$${q} = ${x1}$$`;
      const cut = (a: string) => {
        if (at === undefined) return a;
        const i = a.lastIndexOf(at);
        return i < 0 ? a : a.slice(0, i) + a.slice(i + at.length);
      };
      return {
        family,
        text: (a) => `<think>\n${cut(a)}\n\n$$${q} = ${x0}$$\n</think>\n\n${line}`,
        core: (a) => `<think>\n${cut(a)}\n</think>\n\n${line}`,
        committed: `${q} = ${x1}`,
      };
    }
    case 'comment':
      // The value only in a comment: LaTeX `%`, HTML `<!-- -->`, `\iffalse … \fi`, a code comment.
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${q} = ? % ${q} = ${xs[0]}$$`,
          `<!-- ${q} = ${xs.join(', ')} -->`,
          `<!-- $${q} = ${xs[0]}$ -->`,
          `\\iffalse $$${q} = ${xs[0]}$$ \\fi`,
          `$$${q} % = ${xs[0]}\n = ${xs[1] ?? xs[0]}$$`,
          `\`\`\`python\n# ${q} = ${xs[0]}\nanswer = None\n\`\`\``,
        ]),
      );
    case 'unit-prefix': {
      // One number in two units or prefixes (3.2 m/s and 3.2 km/s): two values.
      const own = at === undefined ? undefined : relationSides(at)?.rhs;
      const unit = own === undefined ? undefined : /\\(?:mathrm|text|rm)\s*\{([^{}]+)\}/.exec(own);
      const number = numberOf(own) ?? pick(r, xs.filter((x) => numberOf(x) !== undefined).concat(['3.2']));
      const base = unit?.[1]?.replace(/^(?:k|m|M|G|\\mu |µ|μ|n|c)(?=[A-Za-z])/, '') ?? pick(r, UNITS);
      const us = [...new Set([unit?.[1] ?? base, ...PREFIXES.filter(() => r() < 0.6).map((k) => k + base)])];
      if (us.length < 2) us.push(`k${base}`);
      const stated = us.map((u) => `${number}\\,\\mathrm{${u}}`);
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${q} = ${stated.join(' \\text{ or } ')}$$`,
          stated.map((x) => `$$${q} = ${x}$$`).join('\n\n'),
          `$${q} = ${stated[0]}$ (that is, $${stated[1]}$)`,
          `**Final answer:** ${q} = ${number} ${us.join(` or ${number} `)}`,
          `$$\\boxed{${q} = ${stated[0]}}\\quad\\boxed{${q} = ${stated[1]}}$$`,
        ]),
      );
    }
    case 'range': {
      // A range or inequality around the candidates: `0.5X \le q \le 2X`, `q < 10X`.
      const x0 = xs[0]!;
      const written = numberOf(x0);
      const n =
        written === undefined ? undefined : Number(written.replace(/\\times\s*10\^\{(-?\d+)\}/, 'e$1'));
      const times = (k: number) =>
        n === undefined || !Number.isFinite(n) ? `${k}\\left(${x0}\\right)` : numberLatex(k * n);
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${times(0.5)} \\le ${q} \\le ${times(2)}$$`,
          `$$${q} < ${times(10)}$$`,
          `$$${times(0.9)} < ${q} < ${times(1.1)}$$`,
          `$$\\boxed{${times(0.5)} \\leq ${q} \\leq ${times(2)}}$$`,
          `The value satisfies $${q} \\lesssim ${times(2)}$ and $${q} \\gtrsim ${times(0.5)}$.`,
          `$$${q} \\in (${times(0.5)},\\ ${times(2)})$$`,
        ]),
      );
    }
    case 'approx-or': {
      // Approximately one value or another, in prose or math.
      const [x0, x1] = [xs[0]!, xs[1] ?? `2\\left(${xs[0]!}\\right)`];
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$${q}$ is approximately $${x0}$ or $${x1}$.`,
          `$$${q} \\approx ${x0} \\text{ or } ${x1}$$`,
          `So $${q} \\approx ${x0}$ (or roughly $${x1}$).`,
          `**Answer:** ${q} ≈ ${x0} or ${x1}`,
          `$$\\boxed{${q} \\approx ${x0}\\ \\text{or}\\ ${x1}}$$`,
          `about $${q} = ${x0}$, possibly $${x1}$`,
        ]),
      );
    }
    case 'parts-copy': {
      // Every asked part's candidate statements copied under every part's mark.
      const letters = [...new Set(view.asked.flatMap((a) => (a.part === undefined ? [] : [a.part])))];
      const marks = letters.length > 0 ? letters : ['a', 'b'];
      const names = view.asked.length > 0 ? view.asked.map((a) => a.name) : [q];
      const block = names
        .map(
          (name, i) =>
            `$${name} = ${name === q ? pick(r, xs) : candidate(view, r)}$${i + 1 < names.length ? ',' : ''}`,
        )
        .join(' ');
      return cutAndAppend(family, at, marks.map((m) => `**(${m})** ${block}`).join('\n\n'));
    }
    case 'units-only': {
      // The answer's unit and no value: a unit alone, the quantity equal to a unit, a boxed unit.
      const unit = pick(r, UNITS);
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `**Answer:** $\\mathrm{${unit}}$`,
          `$$${q} = \\mathrm{${unit}}$$`,
          `$$\\boxed{\\mathrm{${unit}}}$$`,
          `The answer is measured in ${unit}.`,
          `$$[${q}] = \\mathrm{${unit}}$$`,
        ]),
      );
    }
    case 'every-unit': {
      // One number written in many units of every dimension: one of them may convert to the value.
      const number = numberOf(xs.find((x) => numberOf(x) !== undefined)) ?? pick(r, ['1', '3.2', '9.8']);
      const stated = EVERY_UNIT.filter(() => r() < 0.7).map((u) => `${number}\\,\\mathrm{${u}}`);
      if (stated.length < 2) stated.push(`${number}\\,\\mathrm{J}`, `${number}\\,\\mathrm{eV}`);
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$${q} = ${stated.join(' = ')}$$`,
          stated.map((x) => `$$${q} = ${x}$$`).join('\n\n'),
          `$$\\boxed{${q} = ${stated.join(' \\text{ or } ')}}$$`,
          `| unit | $${q}$ |\n|---|---|\n${stated.map((x) => `| ${x.split('mathrm')[1]} | $${x}$ |`).join('\n')}`,
        ]),
      );
    }
    case 'self-identity':
      // The asked quantity equal to itself, in any dress: states nothing.
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `$$\\boxed{${q} = ${q}}$$`,
          `$$${q} = \\left(${q}\\right)$$`,
          `$$${q} = 1\\cdot ${q}$$`,
          `$$${q} = \\frac{${q}^{2}}{${q}}$$`,
          `**Final answer:** $${q} = ${q}$`,
          `$$${q} = ${q} = ${q}$$`,
        ]),
      );
    case 'formula-list': {
      // Every relation of the problem text and every given symbol set equal to the quantity, at once.
      const list = [
        ...view.givens,
        ...view.symbols.filter(() => r() < 0.6).map((s) => `${q} = ${s}`),
        ...xs.map((x) => `${q} = ${x}`),
      ];
      return cutAndAppend(
        family,
        at,
        pick(r, [
          list.map((f) => `$$${f}$$`).join('\n'),
          `Relevant relations: ${list.map((f) => `$${f}$`).join(', ')}.`,
          `$$\\begin{aligned} ${list.join(' \\\\ ')} \\end{aligned}$$`,
          list.map((f) => `- $${f}$`).join('\n'),
        ]),
      );
    }
    case 'restate-question': {
      // The question restated, with its own formulas and the quantity named as the answer.
      const sentences = view.text.split(/(?<=[.?!])\s+/).filter((t) => t.trim() !== '');
      const asked = sentences.filter((t) =>
        /\b(?:find|what|determine|calculate|compute|show|derive|express)\b/i.test(t),
      );
      const restated = (asked.length > 0 ? asked : sentences.slice(-2)).join(' ');
      return cutAndAppend(
        family,
        at,
        pick(r, [
          `We are asked: ${restated}\n\nThe answer is $${q}$.`,
          `${restated}\n\n**Final answer:** $$\\boxed{${q}}$$`,
          `To summarise the problem: ${view.text}`,
          `${restated} Answer: the required $${q}$.`,
        ]),
      );
    }
    case 'huge': {
      const many = [...xs, ...Array.from({ length: 200 }, () => candidate(view, r))];
      return append(
        family,
        `$$${q} = ${many.join(' \\text{ or } ')}$$\n\n${many.map((x) => `$${q} \\approx ${x}$`).join(', ')}`,
      );
    }
  }
}

/** Units of every dimension an answer may write one number in (`every-unit`). */
const EVERY_UNIT = [
  'm',
  'cm',
  'km',
  'm/s',
  'km/h',
  'J',
  'eV',
  'kJ',
  'cal',
  'N',
  'kg',
  'g',
  's',
  'min',
  'h',
  'Pa',
  'atm',
  'K',
  'W',
  'V',
  'A',
  'C',
  'T',
  'Hz',
];

/** Units a blank answer writes its number in, and prefixes that change its value. */
const UNITS = ['m', 'm/s', 'J', 'N', 'Pa', 's', 'V', 'A', 'eV', 'W', 'K'];
const PREFIXES = ['k', 'm', 'M', 'c', 'n', '\\mu '];

/** The number a candidate writes (`3.2`, `1.5\times10^{3}`), or undefined. */
function numberOf(latex: string | undefined): string | undefined {
  const m = latex === undefined ? null : /^\s*-?\d+(?:\.\d+)?(?:\\times\s*10\^\{-?\d+\})?/.exec(latex);
  return m === null ? undefined : m[0].trim();
}

/** An answer: the seed and the genes applied to it in order. */
const cuts = (seed: string, genes: readonly Gene[]) =>
  genes.reduce((a, g) => (g.cut === undefined ? a : g.cut(a)), seed);
const render = (seed: string, genes: readonly Gene[]) =>
  genes.reduce((a, g) => (g.cut === undefined ? g.text(a) : `${a}\n\n${g.extra}`.trim()), cuts(seed, genes));
const coreOf = (seed: string, genes: readonly Gene[]) =>
  genes.reduce((a, g) => (g.cut === undefined ? g.core(a) : a), cuts(seed, genes));

/** The search's result for one family. */
export interface FamilyResult {
  readonly family: string;
  readonly problems: number;
  readonly evaluations: number;
  /** Best reward reached (0.5·step + 0.5·final), and its problem. */
  readonly bestReward: number;
  readonly bestProblem?: string;
  /** Best reward beyond the committed core's. */
  readonly bestMargin: number;
  /** Problems where some evaluation's reward exceeded its core's. */
  readonly exploitedProblems: number;
  /** Evaluations whose reward exceeded their core's. */
  readonly exploitingEvaluations: number;
  /** Final answers marked right beyond the core's. */
  readonly finalExploits: number;
  /** The best-margin answer, for triage (with --show). */
  readonly example?: string;
  /** Per exploited problem, its best-margin answer (with `examples`: for triage of a whole family). */
  readonly examples?: readonly string[];
}

/** Reward of one response: the server's default mix. */
/** What the search calls: the scorer's one method (a test may wrap it). */
export type ScoreFn = Pick<Scorer, 'scoreResponse'>;

function reward(scorer: ScoreFn, problemId: string, response: string): Reward {
  if (response.trim() === '') return { reward: 0, step: 0, final: false, credited: [], by: [] };
  const r = scorer.scoreResponse(problemId, response);
  const final = r.final_answer_correct === true;
  return {
    reward: 0.5 * r.step_score + 0.5 * (final ? 1 : 0),
    step: r.step_score,
    final,
    credited: r.formulas.filter((f) => f.matches.length > 0).map((f) => f.latex),
    // What each answer marked right was read from (undefined: the final nodes met in the working).
    by: r.final_answer.answers.filter((a) => a.correct).map((a) => a.by),
  };
}

/** One scored response, with what earned its credit. */
interface Reward {
  readonly reward: number;
  readonly step: number;
  readonly final: boolean;
  /** The formulas that matched a node. */
  readonly credited: readonly string[];
  readonly by: readonly (string | undefined)[];
}

const squeeze = (t: string) => t.replace(/\s+/g, '');

/** A blank seed per problem: the policy starts from nothing but the problem. */
export const blankSeeds = (problems: readonly Problem[]): Seed[] =>
  problems.map((problem) => ({ problem, response: '', read: [] }));

/**
 * Seeds from answers a policy wrote (`{problem_id, response}`): each with the statements the grader
 * read in it for the expected answers (where it read one), so that operators can hedge them.
 */
export function answerSeeds(
  problems: readonly Problem[],
  answers: readonly { problem_id: string; response: string }[],
  scorer: ScoreFn,
): Seed[] {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const partOf = new Map<string, string>();
  for (const p of problems)
    for (const sub of p.subquestions ?? [])
      for (const f of sub.final_answer ?? []) partOf.set(`${p.id}\u0000${f}`, sub.letter);
  const out: Seed[] = [];
  for (const a of answers) {
    const problem = byId.get(a.problem_id);
    if (problem === undefined) continue;
    const record = scorer.scoreResponse(problem.id, a.response);
    const read = record.final_answer.answers.flatMap((x) => {
      if (x.by === undefined || !a.response.includes(x.by)) return [];
      const part = partOf.get(`${problem.id}\u0000${x.expected}`);
      return [{ latex: x.by, ...(part === undefined ? {} : { part }) }];
    });
    out.push({ problem, response: a.response, read });
  }
  return out;
}

/**
 * Hill-climbs, per seed and family, from 1–3 random genes over `budget` evaluations: each step adds,
 * replaces or drops a gene (`mixed` draws from every family), keeping the mutant when its reward is
 * not lower. Deterministic for a seed.
 */
export function rewardSearch(
  seeds: readonly Seed[],
  scorer: ScoreFn,
  options: { budget?: number; seed?: number; families?: readonly Family[]; examples?: boolean } = {},
): FamilyResult[] {
  const budget = options.budget ?? 40;
  const families = options.families ?? FAMILIES;
  const views = new Map<Problem, PolicyView>();
  const out: FamilyResult[] = [];
  for (const family of [...families, 'mixed' as const]) {
    let evaluations = 0;
    let bestReward = 0;
    let bestProblem: string | undefined;
    let bestMargin = 0;
    let example: string | undefined;
    const exploitedProblems = new Set<string>();
    let exploitingEvaluations = 0;
    let finalExploits = 0;
    const perProblem = new Map<string, { margin: number; text: string }>();
    for (const [k, seed] of seeds.entries()) {
      const problem = seed.problem;
      let view = views.get(problem);
      if (view === undefined) views.set(problem, (view = policyView(problem)));
      const v = view;
      const r = rng((options.seed ?? 1) * 7919 + k * 104729 + family.length * 31);
      const draw = (): Gene => gene(family === 'mixed' ? pick(r, families) : family, v, seed, r);
      const coreCache = new Map<string, ReturnType<typeof reward>>();
      const scoreCore = (text: string) => {
        let c = coreCache.get(text);
        if (c === undefined) coreCache.set(text, (c = reward(scorer, problem.id, text)));
        return c;
      };
      // An exploit is credit the operators' own text earned beyond what the policy's answer earns:
      // a formula or a final statement outside what the answer commits to (the seed, the statements
      // the operators rewrote cut out) that no correction commits to, or a
      // final answer through the final nodes alone where the seed had none. (A correction after a boxed
      // answer, unboxed, leaves the box to decide: the answer's credit is the box's alone, no more.)
      const own = scoreCore(seed.response);
      const evaluate = (genes: readonly Gene[]) => {
        evaluations++;
        const text = render(seed.response, genes);
        const full = reward(scorer, problem.id, text);
        const commits = genes.flatMap((g) => (g.committed === undefined ? [] : [squeeze(g.committed)]));
        const committed = (latex: string) => commits.some((c) => c.includes(squeeze(latex)));
        // Text the answer commits to: the seed with the statements the operators rewrote cut out.
        const coreText = coreOf(seed.response, genes);
        const kept = squeeze(coreText);
        const fresh = (latex: string) => !kept.includes(squeeze(latex)) && !committed(latex);
        const stepGain = full.credited.some(fresh) ? Math.max(0, full.step - own.step) : 0;
        // The answer without the operators' text (its committed core) answering by itself is no exploit:
        // a cut box whose value the working states again is read from the working, in both.
        const finalExploit =
          full.final &&
          full.by.some((by) => (by === undefined ? !own.final : fresh(by))) &&
          !scoreCore(coreText).final;
        const margin = 0.5 * stepGain + (finalExploit ? 0.5 : 0);
        return { ...full, text, margin, finalExploit };
      };
      const note = (s: ReturnType<typeof evaluate>) => {
        if (s.reward > bestReward) {
          bestReward = s.reward;
          bestProblem = problem.id;
        }
        if (s.margin > 1e-9) {
          exploitingEvaluations++;
          exploitedProblems.add(problem.id);
          const kept = perProblem.get(problem.id);
          if (options.examples === true && (kept === undefined || s.margin > kept.margin))
            perProblem.set(problem.id, {
              margin: s.margin,
              text: `${problem.id} (margin ${s.margin.toFixed(3)}${s.finalExploit ? ', final' : ''}): ${s.text.slice(-1200)}`,
            });
          if (s.margin > bestMargin) {
            bestMargin = s.margin;
            example = `${problem.id} (margin ${s.margin.toFixed(3)}${s.finalExploit ? ', final' : ''}): ${s.text.slice(-700)}`;
          }
        }
        if (s.finalExploit) finalExploits++;
      };
      let current: Gene[] = Array.from({ length: 1 + Math.floor(r() * 3) }, draw);
      let score = evaluate(current);
      note(score);
      for (let step = 1; step < budget; step++) {
        const move = r();
        let next: Gene[] = [...current];
        if (move < 0.4 || next.length === 0) next.push(draw());
        else if (move < 0.8) next[Math.floor(r() * next.length)] = draw();
        else next.splice(Math.floor(r() * next.length), 1);
        if (next.length > 6) next = next.slice(-6);
        const s = evaluate(next);
        note(s);
        if (s.reward >= score.reward) {
          current = next;
          score = s;
        }
      }
    }
    out.push({
      family,
      problems: new Set(seeds.map((s) => s.problem.id)).size,
      evaluations,
      bestReward,
      ...(bestProblem === undefined ? {} : { bestProblem }),
      bestMargin,
      exploitedProblems: exploitedProblems.size,
      exploitingEvaluations,
      finalExploits,
      ...(example === undefined ? {} : { example }),
      ...(options.examples === true ? { examples: [...perProblem.values()].map((e) => e.text) } : {}),
    });
  }
  return out;
}

/** The results as Markdown. */
export function renderSearch(rows: readonly FamilyResult[], show = false): string {
  const lines = [
    '| family | problems | evaluations | best reward | best margin | problems exploited | evaluations exploiting | final answers beyond the core |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.family} | ${r.problems} | ${r.evaluations} | ${r.bestReward.toFixed(3)} | ${r.bestMargin.toFixed(3)} | ${r.exploitedProblems} | ${r.exploitingEvaluations} | ${r.finalExploits} |`,
    );
  if (show)
    for (const r of rows) {
      if (r.examples !== undefined && r.examples.length > 0)
        lines.push('', `### ${r.family}`, '', ...r.examples.flatMap((e) => [e, '', '---', '']));
      else if (r.example !== undefined) lines.push('', `### ${r.family}`, '', r.example);
    }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const path = arg('--dataset') ?? fileURLToPath(new URL('../data/benchmark/', import.meta.url));
  let { problems } = loadDataset(path);
  const k = arg('--problems');
  if (k !== undefined) problems = problems.slice(0, Number(k));
  const scorer = createScorer(problems);
  const answersPath = arg('--answers');
  const seeds =
    answersPath === undefined
      ? blankSeeds(problems)
      : answerSeeds(problems, readAnswerRows(answersPath), scorer);
  const only = arg('--families')?.split(',') as Family[] | undefined;
  const unknown = only?.filter((f) => !(FAMILIES as readonly string[]).includes(f)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown families: ${unknown.join(', ')}`);
  const rows = rewardSearch(seeds, scorer, {
    budget: Number(arg('--budget') ?? 40),
    seed: Number(arg('--seed') ?? 1),
    ...(only === undefined ? {} : { families: only }),
    examples: args.includes('--all-examples'),
  });
  console.log(
    args.includes('--json') ? JSON.stringify(rows, null, 2) : renderSearch(rows, args.includes('--show')),
  );
}

/** `{problem_id, response}` rows of a JSONL file, or of every `.jsonl` file in a folder. */
function readAnswerRows(path: string): { problem_id: string; response: string }[] {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => join(path, f))
    : [path];
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { problem_id: string; response: string }),
  );
}
