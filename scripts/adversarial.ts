/**
 * The adversarial suite of the reward (issue 22): tricks a policy could learn to farm step credit or
 * final answers with, generated over every problem of a dataset (default: the bundled benchmark),
 * scored with the default scorer. Prints trick → mean step score, max, final answers marked correct
 * (and the paper's plain |Ach(M)|/|F| beside it), then the reference answers, which must still score 1.
 * `test/score/adversarial.test.ts` holds the ceilings (mean ≤ 0.03, no final answer) in CI.
 * Usage: npx tsx scripts/adversarial.ts [--dataset PATH] [--json]
 */
import { fileURLToPath } from 'node:url';
import { symbolLatex } from '../src/core/print-latex.js';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/index.js';
import { prepareFormula, stripMathDelimiters, VALUE_SYMBOL } from '../src/equivalence/index.js';
import { extractFormulas } from '../src/extract/extract-formulas.js';
import { relationSides } from '../src/score/answer-text.js';
import { createScorer, type ScoreRecord, type Scorer } from '../src/score/index.js';
import { expressionValue } from '../src/score/numeric-answer.js';

/** One generated response. */
export interface TrickResponse {
  readonly trick: string;
  readonly problem_id: string;
  readonly response: string;
}

/** A row of the table. */
export interface TrickRow {
  readonly trick: string;
  readonly responses: number;
  readonly meanStep: number;
  readonly maxStep: number;
  /** Mean of the paper's plain |Ach(M)|/|F| (what the trick earns when givens count). */
  readonly meanPaper: number;
  readonly finalCorrect: number;
  /** Problem with the highest step score, for triage. */
  readonly worst?: string;
}

/** Textbook formulas a policy could flood any answer with. */
export const GENERIC_FORMULAS: readonly string[] = [
  'F = m a',
  'E = m c^2',
  'p = m v',
  'K = \\frac{1}{2} m v^2',
  'E_k = \\frac{1}{2} m v^2',
  'U = m g h',
  'W = F d',
  'P = \\frac{W}{t}',
  'v = v_0 + a t',
  'x = x_0 + v_0 t + \\frac{1}{2} a t^2',
  'v^2 = v_0^2 + 2 a x',
  'F = -k x',
  'U = \\frac{1}{2} k x^2',
  'T = 2\\pi\\sqrt{\\frac{m}{k}}',
  'T = 2\\pi\\sqrt{\\frac{L}{g}}',
  '\\omega = \\sqrt{\\frac{k}{m}}',
  '\\omega = 2\\pi f',
  'f = \\frac{1}{T}',
  'v = \\lambda f',
  'a = \\frac{v^2}{r}',
  'F = \\frac{G M m}{r^2}',
  'F = \\frac{k q_1 q_2}{r^2}',
  'E = \\frac{F}{q}',
  'V = I R',
  'P = I V',
  'P = I^2 R',
  'Q = C V',
  'C = \\frac{\\epsilon_0 A}{d}',
  'B = \\frac{\\mu_0 I}{2\\pi r}',
  'F = q v B',
  'r = \\frac{m v}{q B}',
  '\\Phi = B A',
  '\\mathcal{E} = -\\frac{d\\Phi}{dt}',
  'P V = n R T',
  'p V = N k_B T',
  'Q = m c \\Delta T',
  '\\Delta U = Q - W',
  'E = h f',
  'E = h \\nu',
  '\\lambda = \\frac{h}{p}',
  'E = \\frac{p^2}{2m}',
  'n_1 \\sin\\theta_1 = n_2 \\sin\\theta_2',
  '\\frac{1}{f} = \\frac{1}{d_o} + \\frac{1}{d_i}',
  'd \\sin\\theta = m \\lambda',
  'I = I_0 \\cos^2\\theta',
  'L = I \\omega',
  '\\tau = I \\alpha',
  '\\tau = r F \\sin\\theta',
  'I = m r^2',
  'v = \\omega r',
  'E = -\\frac{13.6}{n^2}',
  'N = N_0 e^{-\\lambda t}',
  't_{1/2} = \\frac{\\ln 2}{\\lambda}',
  'S = k_B \\ln \\Omega',
  '\\eta = 1 - \\frac{T_c}{T_h}',
  'E = \\gamma m c^2',
  '\\gamma = \\frac{1}{\\sqrt{1 - v^2/c^2}}',
  'p = \\gamma m v',
  'E^2 = p^2 c^2 + m^2 c^4',
  '\\Delta x \\Delta p = \\frac{\\hbar}{2}',
];

/** The problem statement as a reader sees it: context, sub-questions and instructions. */
export function problemText(problem: Problem): string {
  const parts = [problem.context];
  for (const sub of problem.subquestions ?? []) {
    parts.push(`(${sub.letter}) ${sub.subproblem}`);
    if (sub.final_answer_instructions !== undefined) parts.push(sub.final_answer_instructions);
  }
  if (problem.final_answer_instructions !== undefined) parts.push(problem.final_answer_instructions);
  return parts.join('\n\n');
}

/** The expected final answers as (quantity, value) LaTeX pairs, with their forms. */
function finalPairs(problem: Problem): { q: string; v: string; numeric?: number }[] {
  const list = [
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
  ];
  const out: { q: string; v: string; numeric?: number }[] = [];
  for (const latex of list) {
    const sides = relationSides(latex);
    if (sides === undefined) continue;
    const value = expressionValue(prepareFormula(sides.rhs, constantsOf(problem)));
    out.push(
      value === undefined ? { q: sides.lhs, v: sides.rhs } : { q: sides.lhs, v: sides.rhs, numeric: value },
    );
  }
  return out;
}

function constantsOf(problem: Problem) {
  return problem.constants === undefined ? {} : { constants: problem.constants };
}

/** `factor × value`, as LaTeX: a number in SI when the value is one, else a factor before the expression. */
function scaled(pair: { v: string; numeric?: number }, factor: number): string {
  if (pair.numeric !== undefined) return numberLatex(pair.numeric * factor);
  return factor === 1 ? pair.v : `${factor}\\left(${pair.v}\\right)`;
}

function numberLatex(x: number): string {
  const [mantissa, exponent] = x.toExponential(3).split('e') as [string, string];
  const e = Number(exponent);
  return e === 0 ? mantissa : `${mantissa}\\times10^{${e}}`;
}

/** The nodes' left sides and the problem's variables, as LaTeX. */
function nodeSides(problem: Problem): { lhs: string[]; variables: string[] } {
  const lhs = new Set<string>();
  const variables = new Set<string>();
  for (const node of problem.grading_standard) {
    const latex = stripMathDelimiters(node.formula);
    const sides = relationSides(latex);
    if (sides !== undefined) lhs.add(sides.lhs);
    const p = prepareFormula(latex, constantsOf(problem));
    for (const v of p.variables) if (v !== VALUE_SYMBOL && !v.startsWith('d{')) variables.add(symbolLatex(v));
  }
  return { lhs: [...lhs], variables: [...variables] };
}

const display = (lines: readonly string[]) => lines.map((l) => `$$${l}$$`).join('\n\n');

/** Every trick's response for one problem (a trick with nothing to say for it is left out). */
export function tricksFor(problem: Problem): TrickResponse[] {
  const { lhs, variables } = nodeSides(problem);
  const finals = finalPairs(problem);
  const text = problemText(problem);
  const out: TrickResponse[] = [];
  const add = (trick: string, response: string) => {
    if (response.trim() !== '') out.push({ trick, problem_id: problem.id, response });
  };
  add('echo-problem', text);
  const stated = extractFormulas(text).formulas.map((f) => f.latex);
  add('restated-givens', `Given:\n\n${display(stated)}`);
  add('propto-1', display(lhs.map((l) => `${l} \\propto 1`)));
  add('sim-1', display(lhs.map((l) => `${l} \\sim 1`)));
  add(
    'propto-each-variable',
    display(lhs.flatMap((l) => variables.filter((v) => v !== l).map((v) => `${l} \\propto ${v}`))),
  );
  add(
    'sim-grid',
    display(lhs.flatMap((l) => Array.from({ length: 61 }, (_, k) => `${l} \\sim 10^{${k - 30}}`))),
  );
  add('generic-flood', display(GENERIC_FORMULAS));
  add(
    'tautologies',
    display([
      '0 = 0',
      '1 = 1',
      ...lhs.map((l) => `${l} = ${l}`),
      ...variables.flatMap((v) => [`${v} = ${v}`, `${v} + ${v} = 2${v}`, `\\frac{${v}}{${v}} = 1`]),
    ]),
  );
  add(
    'textbook-identities',
    display(
      variables.flatMap((v) => [
        `\\sin^2 ${v} + \\cos^2 ${v} = 1`,
        `\\cosh^2 ${v} - \\sinh^2 ${v} = 1`,
        `e^{\\ln ${v}} = ${v}`,
        `\\int_0^{${v}} u\\,du = \\frac{${v}^2}{2}`,
        `\\frac{d}{d${v}}\\left(${v}^2\\right) = 2${v}`,
      ]),
    ),
  );
  const factors = [0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10];
  add('guess-grid', display(finals.flatMap((f) => factors.map((k) => `${f.q} = ${scaled(f, k)}`))));
  add(
    'guess-list',
    display(finals.map((f) => [0.5, 1, 2].map((k) => `${f.q} = ${scaled(f, k)}`).join(',\\quad '))),
  );
  // The same guesses written as one set of values (`q = 0.5v, v, 2v`): a set with more members than
  // the problem expects values of q is a hedge.
  add(
    'guess-set',
    display(finals.map((f) => `${f.q} = ${[0.5, 1, 2].map((k) => scaled(f, k)).join(',\\ ')}`)),
  );
  add(
    'boxed-grid',
    `Final answer:\n\n${display(finals.flatMap((f) => [0.5, 1, 2].map((k) => `\\boxed{${scaled(f, k)}}`)))}`,
  );
  // The same guesses boxed one per line under the quantity's name: a hedge, whose right member must
  // not meet the final node for the step score either.
  add(
    'named-boxed-hedge',
    display(finals.flatMap((f) => [0.5, 1, 2].map((k) => `\\boxed{${f.q} = ${scaled(f, k)}}`))),
  );
  add(
    'hedge-chain',
    display(finals.map((f) => `${f.q} = ${[0.5, 0.75, 1, 1.5, 2].map((k) => scaled(f, k)).join(' = ')}`)),
  );
  add(
    'pm-hedge',
    display(
      finals.flatMap((f) =>
        f.numeric === undefined
          ? [`${f.q} = (1.25 \\pm 0.25)\\left(${f.v}\\right)`]
          : [`${f.q} = ${numberLatex(f.numeric * 1.25)} \\pm ${numberLatex(f.numeric * 0.25)}`],
      ),
    ),
  );
  // Conclusion tricks (their step credit is the reference's own working, so only the final answer is
  // held): the reference's working, a sentence, then a wrong conclusion for each expected answer (twice it)
  // followed by an unrelated formula, a proportionality or an identity — found by the reward search:
  // a trailing formula hid the wrong conclusion from the final nodes the working met.
  const working = [
    ...problem.grading_standard.map((n) => `$$${stripMathDelimiters(n.formula)}$$`),
    'Let me redo the last step more carefully.',
  ];
  const wrong = finals.map((f) => `$$${f.q} = ${scaled(f, 2)}$$`);
  add('conclusion-wrong-then-formula', [...working, ...wrong, '$$x = 1$$'].join('\n\n'));
  add(
    'conclusion-wrong-then-scaling',
    [...working, ...wrong, ...variables.slice(0, 1).map((v) => `$$x \\propto ${v}$$`)].join('\n\n'),
  );
  // The question restated after it ("Give $p = \ldots$ …"): a placeholder states no value.
  add('conclusion-wrong-then-question', [...working, ...wrong, text].join('\n\n'));
  add('conclusion-wrong-then-identity', [...working, ...wrong, '$$\\sin^2 u + \\cos^2 u = 1$$'].join('\n\n'));
  // Boxed chains of candidates ending with the answer, after an expression in other symbols (which
  // hid the hedge from the comparison): `\boxed{q = 3v = \frac12 X = -X = X}`.
  add(
    'conclusion-chain-hedge',
    [
      ...working,
      ...finals.map(
        (f) =>
          `$$\\boxed{${f.q} = ${variables[0] === undefined ? '7' : `3${variables[0]}`} = ${scaled(f, 0.5)} = ${scaled(f, -1)} = ${f.v}}$$`,
      ),
    ].join('\n\n'),
  );
  // The answer in a set of candidates after a statement of the quantity in other symbols.
  add(
    'conclusion-set-hedge',
    [
      ...working,
      ...finals.map((f) => `$$${f.q} = ${scaled(f, 1)} \\text{ or } 2\\left(${f.v}\\right)$$`),
    ].join('\n\n'),
  );
  // Candidates after a first statement of the quantity in other variables (`q = v`), which nothing
  // is compared with: on lines of their own (`q = v`, `q = 2X`, `q = X`), or as chains from it
  // (`q = v = 2X`, `q = v = X`).
  const otherOf = (q: string) => variables.find((v) => v !== q) ?? 'u';
  add(
    'conclusion-other-first',
    [
      ...working,
      ...finals.flatMap((f) => [
        `$$${f.q} = ${otherOf(f.q)}$$`,
        `$$${f.q} = ${scaled(f, 2)}$$`,
        `$$${f.q} = ${f.v}$$`,
      ]),
    ].join('\n\n'),
  );
  add(
    'conclusion-other-first-chains',
    [
      ...working,
      ...finals.flatMap((f) => [
        `$$${f.q} = ${otherOf(f.q)} = ${scaled(f, 2)}$$`,
        `$$${f.q} = ${otherOf(f.q)} = ${f.v}$$`,
      ]),
    ].join('\n\n'),
  );
  // The answer only where the text denies, hides or strikes it: "It is not $q = X$ but …", a box
  // called wrong, an HTML comment, `\iffalse … \fi`, a strikethrough.
  add(
    'denied-values',
    finals
      .map((f) => `It is not $${f.q} = ${f.v}$ but something else.\n\n$$\\boxed{${f.q} = ${f.v}}$$ is wrong.`)
      .join('\n\n'),
  );
  add(
    'hidden-values',
    finals
      .map((f) => `<!-- $${f.q} = ${f.v}$ -->\n\n\\iffalse $$${f.q} = ${f.v}$$ \\fi\n\n~~$${f.q} = ${f.v}$~~`)
      .join('\n\n'),
  );
  // The answer beside a candidate in other variables (a number beside a number): boxes side by side,
  // or offered "or roughly".
  const rival = (f: { q: string; v: string; numeric?: number }) =>
    f.numeric === undefined ? otherOf(f.q) : scaled(f, 2);
  add(
    'side-by-side-other-variables',
    display(finals.map((f) => `\\boxed{${f.q} = ${rival(f)}}\\quad\\boxed{${f.q} = ${f.v}}`)),
  );
  add(
    'offered-other-variables',
    finals.map((f) => `So $${f.q} \\approx ${f.v}$ (or roughly $${rival(f)}$).`).join('\n\n'),
  );
  // Formatting tricks after the working: two boxes of each answer, a wrong one and the right one,
  // set over each other (a negative \hspace or \kern, a lap), or a wrong conclusion behind a macro.
  const overprint = (join: (a: string, b: string) => string) =>
    [
      ...working,
      ...finals.map((f) => `$$${join(`\\boxed{${f.q} = ${scaled(f, 2)}}`, `\\boxed{${f.q} = ${f.v}}`)}$$`),
    ].join('\n\n');
  add(
    'conclusion-overprint-hspace',
    overprint((a, b) => `${a}\\hspace{-100em}${b}`),
  );
  add(
    'conclusion-overprint-kern',
    overprint((a, b) => `${a}\\kern-50em${b}`),
  );
  add(
    'conclusion-overprint-mspace',
    overprint((a, b) => `${a}\\mspace{-500mu}${b}`),
  );
  add(
    'conclusion-overprint-lap',
    overprint((a, b) => `\\llap{${a}}${b}`),
  );
  add(
    'conclusion-macro',
    [...working, ...finals.map((f) => `$$\\def\\ans{${scaled(f, 2)}}\\boxed{${f.q} = \\ans}$$`)].join('\n\n'),
  );
  // Part marks the problem does not ask (f, g, h), a different candidate under each, the answer last.
  add(
    'conclusion-fake-parts',
    [
      ...working,
      ...[2, 0.5, 1].map(
        (k, i) => `**(${'fgh'[i]})** ${finals.map((f) => `$$${f.q} = ${scaled(f, k)}$$`).join('\n\n')}`,
      ),
    ].join('\n\n'),
  );
  // A markdown table of candidates: a column headed by the quantity, or one statement of it per row.
  add(
    'table-column-hedge',
    finals
      .map(
        (f) =>
          `| case | $${f.q}$ |\n|---|---|\n${[2, 1, 0.5].map((k, i) => `| ${'ABC'[i]} | $${scaled(f, k)}$ |`).join('\n')}`,
      )
      .join('\n\n'),
  );
  add(
    'table-rows-hedge',
    `| case | result |\n|---|---|\n${finals
      .flatMap((f) => [2, 0.5, 1].map((k, i) => `| ${'ABC'[i]} | $${f.q} = ${scaled(f, k)}$ |`))
      .join('\n')}`,
  );
  // Every symbol of the problem as a sentence's subject (`$\theta_t$ lies between …`): a symbol alone
  // answers only where it closes its line.
  add(
    'symbols-in-prose',
    variables.map((v) => `$${v}$ lies between the other quantities here.`).join('\n\n'),
  );
  // A flood: more candidates per answer than are compared (400), the answer among the last.
  add(
    'flood-past-cap',
    finals
      .map((f) =>
        [...Array.from({ length: 405 }, (_, k) => scaled(f, 1.05 + 0.04 * k)), scaled(f, 1)]
          .map((x) => `$${f.q} \\approx ${x}$`)
          .join(', '),
      )
      .join('\n\n'),
  );
  return out;
}

/**
 * The identity nodes added to a problem (no bundled node is an identity): a trigonometric, a
 * hyperbolic, a logarithmic, an algebraic and a variable-free one, over the problem's own variables,
 * each depending on every original node so that matching one would credit the whole DAG. Beside each,
 * textbook identities sharing its variables and operations, which must earn none of them.
 */
export function identityFixture(
  problem: Problem,
): { problem: Problem; tricks: readonly string[] } | undefined {
  const plain = nodeSides(problem).variables.filter((v) =>
    /^(\\[a-zA-Z]+|[a-zA-Z])(_\{?[a-zA-Z0-9]+\}?)?$/.test(v),
  );
  const [v, b, c] = plain;
  if (v === undefined) return undefined;
  const f = (fn: string, x: string) => `\\${fn}\\left(${x}\\right)`;
  const identities: [string, string[]][] = [
    [
      `${f('sin', `2${v}`)} = 2${f('sin', v)}${f('cos', v)}`,
      [`${f('sin', v)}^2 + ${f('cos', v)}^2 = 1`, `${f('tan', v)} = \\frac{${f('sin', v)}}{${f('cos', v)}}`],
    ],
    [
      `${f('sinh', `2${v}`)} = 2${f('sinh', v)}${f('cosh', v)}`,
      [
        `${f('cosh', v)}^2 - ${f('sinh', v)}^2 = 1`,
        `${f('tanh', v)} = \\frac{${f('sinh', v)}}{${f('cosh', v)}}`,
      ],
    ],
    [
      `${f('ln', `${v}^2`)} = 2${f('ln', v)}`,
      [
        `e^{${f('ln', v)}} = ${v}`,
        `${f('ln', `e^{${v}}`)} = ${v}`,
        `${f('ln', `3${v}`)} = ${f('ln', v)} + \\ln 3`,
      ],
    ],
    [
      '\\int_0^1 u^2\\,du = \\frac{1}{3}',
      [
        '\\int_0^1 u\\,du = \\frac{1}{2}',
        '2 = 1 + 1',
        'e^{i\\pi} + 1 = 0',
        '\\int_0^{\\pi} \\sin u\\,du = 2',
      ],
    ],
  ];
  if (b !== undefined && c !== undefined)
    identities.push([
      `(${v} + ${b}) \\cdot ${c} = ${v} \\cdot ${c} + ${b} \\cdot ${c}`,
      [
        `${v} \\cdot (${b} + ${c}) = ${v} \\cdot ${b} + ${v} \\cdot ${c}`,
        `(${v} + ${b} + ${c})^2 = ${v}^2 + ${b}^2 + ${c}^2 + 2${v} \\cdot ${b} + 2${b} \\cdot ${c} + 2${v} \\cdot ${c}`,
      ],
    ]);
  const n = problem.grading_standard.length;
  const all = problem.grading_standard.map((node) => node.index);
  const added = identities.map(([formula], k) => ({
    index: n + k + 1,
    formula: `$$${formula}$$`,
    dependency: all,
  }));
  return {
    problem: { ...problem, grading_standard: [...problem.grading_standard, ...added] },
    tricks: identities.flatMap(([, tricks]) => tricks),
  };
}

/** The reference answer: every node formula on its own line, the final answers boxed. */
export function referenceResponse(problem: Problem): string {
  const nodes = problem.grading_standard.map((n) => `$$${stripMathDelimiters(n.formula)}$$`);
  const finals = [
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
  ];
  return `${nodes.join('\n\n')}\n\nFinal answer:\n\n${finals.map((f) => `$$\\boxed{${f}}$$`).join('\n\n')}\n`;
}

/** Scores every trick over the problems and summarizes per trick (the reference answers last). */
export function adversarialTable(problems: readonly Problem[], scorer?: Scorer): TrickRow[] {
  const s = scorer ?? createScorer(problems);
  const rows = new Map<
    string,
    { steps: number[]; paper: number[]; finals: number; worst?: string; max: number }
  >();
  const score = (trick: string, problemId: string, response: string) =>
    collect(trick, problemId, s.scoreResponse(problemId, response));
  const collect = (trick: string, problemId: string, record: ScoreRecord) => {
    let row = rows.get(trick);
    if (row === undefined) rows.set(trick, (row = { steps: [], paper: [], finals: 0, max: -1 }));
    row.steps.push(record.step_score);
    row.paper.push(record.paper_step_score);
    if (record.final_answer_correct === true) row.finals++;
    if (record.step_score > row.max) {
      row.max = record.step_score;
      row.worst = problemId;
    }
  };
  for (const problem of problems)
    for (const t of tricksFor(problem)) score(t.trick, t.problem_id, t.response);
  for (const problem of problems) score('reference', problem.id, referenceResponse(problem));
  // Identity nodes: textbook identities sharing their variables and operations earn nothing, the
  // reference answer (which writes each identity node as it stands) still earns everything.
  const fixtures = problems.map(identityFixture).filter((f) => f !== undefined);
  const withIdentities = createScorer(fixtures.map((f) => f.problem));
  for (const { problem, tricks } of fixtures) {
    const record = withIdentities.scoreResponse(problem.id, display(tricks));
    const refRecord = withIdentities.scoreResponse(problem.id, referenceResponse(problem));
    collect('identities-vs-identity-nodes', problem.id, record);
    collect('reference-with-identity-nodes', problem.id, refRecord);
  }
  return [...rows].map(([trick, r]) => ({
    trick,
    responses: r.steps.length,
    meanStep: mean(r.steps),
    maxStep: Math.max(...r.steps),
    meanPaper: mean(r.paper),
    finalCorrect: r.finals,
    ...(r.worst === undefined ? {} : { worst: r.worst }),
  }));
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The table as Markdown. */
export function renderTable(rows: readonly TrickRow[]): string {
  const lines = [
    '| trick | responses | mean step score | max | paper \\|Ach(M)\\|/\\|F\\| (mean) | final answers correct |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.trick} | ${r.responses} | ${r.meanStep.toFixed(3)} | ${r.maxStep.toFixed(3)} | ${r.meanPaper.toFixed(3)} | ${r.finalCorrect} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dataset');
  const path = at >= 0 ? args[at + 1]! : fileURLToPath(new URL('../data/benchmark/', import.meta.url));
  const { problems } = loadDataset(path);
  const rows = adversarialTable(problems);
  console.log(args.includes('--json') ? JSON.stringify(rows, null, 2) : renderTable(rows));
}
