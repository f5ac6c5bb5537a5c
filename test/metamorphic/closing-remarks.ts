import type { Problem } from '../../src/dag/types.js';

/**
 * Remarks chat models write after their result — a check of units or dimensions, the assumptions
 * restated (`$g = 9.8\ \mathrm{m/s^2}$`), a datum of the problem echoed, a condition of validity, the
 * laws used ("### Key formulas"), another method or a check that agrees, a limit, a courtesy line, a line in another language,
 * a formula of another quantity (a note on another case, a unit's size, a general law, a list of symbols, a
 * related quantity with its units), the asked quantity's general form after its value. Appended to an answer, none changes what it
 * concludes, so its final-answer verdict must not change. Each returns undefined where it does not
 * apply.
 */
export type ClosingRemark = (problem: Problem) => string | undefined;

/** The symbols the problem's final answers name on their left sides. */
function askedSymbols(problem: Problem): Set<string> {
  const out = new Set<string>();
  const all = [
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((q) => q.final_answer ?? []),
  ];
  for (const latex of all) {
    const m = /^\s*(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=/.exec(latex);
    if (m) out.add(m[1]!.replace(/[{}]/g, ''));
  }
  return out;
}

/** The problem's words (its context and its sub-questions' texts). */
function problemText(problem: Problem): string {
  return [problem.context, ...(problem.subquestions ?? []).map((q) => q.subproblem)].join(' ');
}

/**
 * A remark about another quantity applies where the problem neither asks for that quantity under its
 * symbol nor speaks of it (`words`): there it cannot be the answer's result under another name.
 */
function another(
  problem: Problem,
  symbols: readonly string[],
  words: RegExp,
  tail: string,
): string | undefined {
  const asked = askedSymbols(problem);
  return symbols.some((s) => asked.has(s)) || words.test(problemText(problem)) ? undefined : tail;
}

/**
 * The general form of the quantity a numerical answer asks for, as the reference writes it (a final
 * node `X = <symbols>` for the expected `X = <number>`; of the last part that has one): a restatement
 * in symbols, after the value.
 */
function generalForm(problem: Problem): string | undefined {
  const asks = [
    {
      form: problem.final_answer_form,
      answers: problem.final_answer ?? [],
      letter: undefined as string | undefined,
    },
    ...(problem.subquestions ?? []).map((q) => ({
      form: q.final_answer_form,
      answers: q.final_answer ?? [],
      letter: q.letter as string | undefined,
    })),
  ];
  let found: string | undefined;
  for (const ask of asks) {
    if (ask.form !== 'numerical' || ask.answers.length !== 1) continue;
    const asked = /^\s*(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=/.exec(ask.answers[0]!)?.[1];
    if (asked === undefined) continue;
    for (const node of problem.grading_standard) {
      if (node.is_final_answer !== true) continue;
      if (ask.letter !== undefined && node.subquestion !== undefined && node.subquestion !== ask.letter)
        continue;
      const latex = node.formula.replace(/^\s*\$+|\$+\s*$/g, '').trim();
      const lhs = /^([^=]+)=/.exec(latex)?.[1]?.trim();
      if (lhs === asked && !/\d\.\d/.test(latex)) found = latex;
    }
  }
  return found;
}

/** The problem's first datum written in math (`$h = 2.0\ \mathrm{m}$`) that no final answer names. */
function problemDatum(problem: Problem): string | undefined {
  const asked = askedSymbols(problem);
  const text = [problem.context, ...(problem.subquestions ?? []).map((q) => q.subproblem)].join(' ');
  for (const m of text.matchAll(
    /\$([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*=\s*(\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?\s*(?:\\(?:mathrm|text)\{[^}$]*\})?)\s*\$/g,
  )) {
    // A datum of zero is an initial condition (t = 0), often of an asked quantity under another case.
    if (!asked.has(m[1]!.replace(/[{}]/g, '')) && Number.parseFloat(m[2]!) !== 0) return `${m[1]} = ${m[2]}`;
  }
  return undefined;
}

/**
 * The problem's data written in math (`$a = 100\ \mathrm{m}$`) that no final answer names, nonzero, at
 * most six: what an answer's closing table of givens lists.
 */
function problemData(problem: Problem): { symbol: string; value: string }[] {
  const asked = askedSymbols(problem);
  const text = [problem.context, ...(problem.subquestions ?? []).map((q) => q.subproblem)].join(' ');
  const out: { symbol: string; value: string }[] = [];
  for (const m of text.matchAll(
    /\$([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*=\s*(\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?\s*(?:\\(?:mathrm|text)\{[^}$]*\})?)\s*\$/g,
  )) {
    const symbol = m[1]!;
    if (asked.has(symbol.replace(/[{}]/g, '')) || Number.parseFloat(m[2]!) === 0) continue;
    if (!out.some((d) => d.symbol === symbol)) out.push({ symbol, value: m[2]!.trim() });
  }
  return out.slice(0, 6);
}

export const CLOSING_REMARKS: Readonly<Record<string, ClosingRemark>> = {
  'units-check': () => '\n\n**Check:** the units work out ✓.',
  dimensions: () =>
    '\n\nSanity check: the dimensions, $[\\mathrm{kg}\\,\\mathrm{m}^2\\,\\mathrm{s}^{-2}]$ for an energy, are consistent.',
  'datum-echoed': (p) => {
    const datum = problemDatum(p);
    return datum === undefined ? undefined : `\n\nThis is consistent with the given data ($${datum}$).`;
  },
  'givens-table': (p) => {
    // A summary table of the problem's own data, a symbol and a value per row.
    const data = problemData(p);
    if (data.length === 0) return undefined;
    const rows = data.map((d) => `| given | $${d.symbol}$ | $${d.value}$ |`);
    return `\n\n**Given data**\n\n| quantity | symbol | value |\n|---|---|---|\n${rows.join('\n')}`;
  },
  'order-condition': () => '\n\n(Valid as long as $v \\ll c$.)',
  'constant-restated': () => '\n\n(Air resistance is neglected throughout, and $g = 9.8\\ \\mathrm{m/s^2}$.)',
  'key-formulas': () =>
    "\n\n### Key formulas used\n- Newton's second law: $F = ma$\n- Kinetic energy: $K = \\tfrac12 mv^2$",
  'key-relation-label': () => '\n\n**Key relation used:** energy conservation, $\\Delta K + \\Delta U = 0$.',
  'alternative-method': () =>
    '\n\nAlternatively, kinematics, $v^2 = v_0^2 + 2a\\,\\Delta x$, gives the same result.',
  'cross-check': () => '\n\nCross-check: plugging the result back into $F = ma$ reproduces the given data.',
  limit: () => '\n\nIn the limit $\\theta \\to 0$ this reduces to the familiar result.',
  courtesy: () => '\n\nI hope this helps! Let me know if you would like more detail on any step.',
  'other-language': () => '\n\n因此，最终答案如上所示。',
  // Formulas of other quantities after the result: a note on another case, a unit's size, a general
  // law, a comparison, a list of symbols, a related quantity. None states the asked quantity.
  'other-quantity-note': (p) =>
    another(
      p,
      ['W_f', 'W'],
      /friction|\\mu\b|work/i,
      '\n\n**Note:** if friction were included, the work it does would be $W_f = \\mu m g d$.',
    ),
  'unit-conversion': () => '\n\n(Here $1\\ \\mathrm{eV} = 1.602\\times10^{-19}\\ \\mathrm{J}$.)',
  'general-law': (p) => another(p, ['\\tau', 'tau'], /torque/i, '\n\nIn general, $\\tau = rF\\sin\\theta$.'),
  'comparison-other-case': (p) =>
    another(
      p,
      ['v_e', 'v'],
      /escape/i,
      '\n\nFor comparison, the escape speed would be $v_e = \\sqrt{2GM/R}$.',
    ),
  'unit-size-numerically': () => '\n\nNumerically, $1\\,\\text{atm} = 101325\\,\\text{Pa}$.',
  'symbols-summary': (p) =>
    another(
      p,
      ['\\omega', 'omega', 'E_k', 'k'],
      /angular frequency|kinetic energy|spring/i,
      '\n\n### Summary of symbols\n- $m$: the mass\n- $\\omega = \\sqrt{k/m}$: the angular frequency\n- $E_k = \\tfrac12 m v^2$: the kinetic energy',
    ),
  'related-period': (p) =>
    another(
      p,
      ['T', '\\omega', 'omega'],
      /period|angular frequency/i,
      '\n\nThe corresponding period is $T = 2\\pi/\\omega$.',
    ),
  'general-form-after-value': (p) => {
    const form = generalForm(p);
    return form === undefined ? undefined : `\n\nIn symbols, the general result is $${form}$.`;
  },
  'other-quantity-with-units': (p) =>
    another(
      p,
      ['K', 'E_k', 'E'],
      /energy/i,
      '\n\nThe corresponding kinetic energy of the cart is about $K \\approx 3.1\\ \\mathrm{J}$.',
    ),
  'definition-restated': (p) =>
    another(p, ['p'], /momentum|impulse/i, '\n\nRecall that by definition $p = mv$.'),
};
