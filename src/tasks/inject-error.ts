import { stripMath } from '../core/strip-math.js';
import { formatFigures, placeholderNames, renderValue } from '../dag/render-template.js';
import type { Problem } from '../dag/types.js';
import { compareFormulas, prepareFormula, symbolName } from '../equivalence/index.js';
import type { InstanceProblem } from '../instances/generate-instances.js';

/** The four error kinds of PRiSM Task III (spec B3). */
export type ErrorKind = 'conceptual' | 'careless' | 'encoding' | 'knowledge-gap';
export const ERROR_KINDS: readonly ErrorKind[] = ['conceptual', 'careless', 'encoding', 'knowledge-gap'];

/** A partial solution with one error injected by rule: the ground truth of where and what it is. */
export interface InjectedError {
  readonly kind: ErrorKind;
  /** The DAG node the error sits at (encoding: 0, the reading of the data). */
  readonly node: number;
  /** The partial solution shown to the model (Markdown with `$$…$$` steps; no final answer). */
  readonly shown: string;
  /** The wrong statement as written (a formula, `q = value`, or the misread given). */
  readonly wrong: string;
  /** The correct statement it replaces. */
  readonly right: string;
}

type Rule = (rhs: string) => string | undefined;

/** The right side with its first `\frac{A}{B}` turned over. */
function flipFrac(rhs: string): string | undefined {
  const at = rhs.indexOf('\\frac{');
  if (at < 0) return undefined;
  const group = (from: number): number => {
    let depth = 0;
    for (let k = from; k < rhs.length; k++) {
      if (rhs[k] === '{') depth++;
      else if (rhs[k] === '}' && --depth === 0) return k;
    }
    return -1;
  };
  const aEnd = group(at + 5);
  if (aEnd < 0 || rhs[aEnd + 1] !== '{') return undefined;
  const bEnd = group(aEnd + 1);
  if (bEnd < 0) return undefined;
  const a = rhs.slice(at + 6, aEnd);
  const b = rhs.slice(aEnd + 2, bEnd);
  return `${rhs.slice(0, at)}\\frac{${b}}{${a}}${rhs.slice(bEnd + 1)}`;
}

/** Conceptual: a wrong law — the wrong trigonometric function, power, ratio or sign. */
const CONCEPTUAL: readonly Rule[] = [
  (r) =>
    /\\sin/.test(r) ? r.replace(/\\sin/, '\\cos') : /\\cos/.test(r) ? r.replace(/\\cos/, '\\sin') : undefined,
  (r) => (/\^2(?!\d)/.test(r) ? r.replace(/\^2(?!\d)/, '^3') : undefined),
  flipFrac,
  (r) => (/ \+ /.test(r) ? r.replace(/ \+ /, ' - ') : undefined),
];

/** Knowledge gap: a guessed formula — a factor or a root left out. */
const GUESSES: readonly Rule[] = [
  (r) => (/\\frac\{1\}\{2\}\s*/.test(r) ? r.replace(/\\frac\{1\}\{2\}\s*/, '') : undefined),
  (r) => (/\\sqrt\{/.test(r) ? r.replace(/\\sqrt\{/, '{') : undefined),
  (r) =>
    /(^|[^\d.^_])2\s*(?=[A-Za-z\\])/.test(r) ? r.replace(/(^|[^\d.^_])2\s*(?=[A-Za-z\\])/, '$1') : undefined,
  (r) => (/\^\{?\d/.test(r) ? r.replace(/\^(\{[^}]*\}|\d)/, '') : undefined),
];

const step = (latex: string): string => `$$${latex}$$`;

/**
 * Writes a partial solution of an instance from its DAG, with one error of `kind` injected by rule
 * (no LLM): the shown steps are the DAG formulas in order up to the erroneous node (never a final
 * node). Conceptual and knowledge-gap errors change a formula (the first non-final node a rule
 * changes into a formula that is not equivalent); a careless error states a computed intermediate
 * ten times too large (a decimal slip); an encoding error misreads a given (×10) when restating the
 * data. Undefined when no node of the DAG admits the kind.
 */
export function injectError(
  problem: Problem,
  instance: InstanceProblem,
  kind: ErrorKind,
  solution: Readonly<Record<string, number>>,
): InjectedError | undefined {
  const nodes = instance.grading_standard;
  const constants = instance.constants ?? {};
  const formulas = nodes.map((n) => stripMath(n.formula).latex);
  const before = (k: number): string[] => formulas.slice(0, k).map(step);
  const intro = 'Partial solution (it contains exactly one error):';
  if (kind === 'encoding') {
    const shownInText = (problem.parameters ?? []).filter((p) =>
      placeholderNames(problem.template?.context ?? '').includes(p.name),
    );
    const parameter = shownInText[0] ?? problem.parameters?.[0];
    const value = parameter === undefined ? undefined : instance.parameter_values[parameter.name];
    if (parameter === undefined || value === undefined) return undefined;
    const right = `${parameter.symbol} = ${renderValue(parameter, value)}`;
    const wrong = `${parameter.symbol} = ${renderValue(parameter, value * 10)}`;
    const shown = [intro, `Reading the data: $${wrong}$.`, ...before(Math.min(2, nodes.length - 1))];
    return { kind, node: 0, shown: shown.join('\n\n'), wrong, right };
  }
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k]!;
    if (node.is_final_answer === true) continue;
    const eq = formulas[k]!.indexOf('=');
    if (eq < 0) continue;
    const lhs = formulas[k]!.slice(0, eq);
    const rhs = formulas[k]!.slice(eq + 1);
    if (kind === 'careless') {
      const name = lhs.trim();
      const canonical = symbolName(name);
      const value = canonical === undefined ? undefined : solution[canonical];
      if (value === undefined || value === 0) continue;
      const right = `${name} = ${formatFigures(value, 3)}`;
      const wrong = `${name} = ${formatFigures(value * 10, 3)}`;
      const shown = [intro, ...before(k + 1), step(wrong)];
      return { kind, node: node.index, shown: shown.join('\n\n'), wrong, right };
    }
    const rules = kind === 'conceptual' ? CONCEPTUAL : GUESSES;
    for (const rule of rules) {
      const changed = rule(rhs);
      if (changed === undefined || changed.trim() === '' || changed === rhs) continue;
      const wrong = `${lhs}=${changed}`;
      const a = prepareFormula(wrong, { constants });
      const b = prepareFormula(formulas[k]!, { constants });
      if (!a.ok || !b.ok || compareFormulas(a, b).verdict !== 'different') continue;
      const shown = [intro, ...before(k), step(wrong)];
      return { kind, node: node.index, shown: shown.join('\n\n'), wrong, right: formulas[k]! };
    }
  }
  return undefined;
}
