import type { AnswerForm } from '../dag/types.js';
import { prepareFormula } from '../equivalence/prepare-formula.js';
import { expressionValue } from '../score/numeric-answer.js';
import { writtenFigures } from './answer-latex.js';
import { numericAnswerLatex } from './numeric-answer-latex.js';
import type { ImportedForm } from './types.js';

/** A brief answer read: its LaTeX, its form, and the text written after its math (a unit, often). */
export interface BriefAnswer {
  readonly latex: string;
  readonly form: AnswerForm;
  /** What follows the first `$…$` in the brief (`$p_2 = 1.5$ atm` → `atm`); '' when nothing. */
  readonly after: string;
}

/**
 * True when a brief's value is a number (with a power of ten or a unit, `8.1\,\mathrm{N}`,
 * `30.3 m`): it starts with a digit and has no free variable (`2\pi\sqrt{L/g}` starts with one
 * too, but is algebraic). When our reader cannot tell (an unknown unit), the leading digit decides.
 */
function isNumberValue(text: string): boolean {
  if (!/^[-+]?(?:\d|\.\d)/.test(text)) return false;
  const p = prepareFormula(text);
  return !p.ok || p.diagnostics.some((d) => d.severity === 'error') || expressionValue(p) !== undefined;
}

/**
 * The LaTeX of a brief answer: the inside of its first `$…$`/`$$…$$`, else the text when it looks
 * like math; plain text that is a number and a few words (`30.3 m`) is that number, the words
 * its `after`; its form from the text (a number — with its unit — after the
 * last `=` → numerical; other math → algebraic; prose → text-based).
 */
export function briefAnswer(text: string): BriefAnswer {
  const math = /\$\$([\s\S]+?)\$\$|\$([^$]+)\$/.exec(text);
  // Plain text `30.3 m`, `14 m/s`: the number, and its unit as the text after it.
  const plain =
    math === null
      ? /^([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?:\s+([^=$]{1,24}))?$/.exec(text.trim())
      : null;
  if (plain !== null) return { latex: plain[1]!, form: 'numerical', after: (plain[2] ?? '').trim() };
  const body = (math?.[1] ?? math?.[2])?.trim();
  const latex = body ?? text.trim();
  const after = math === null ? '' : text.slice(math.index + math[0].length).trim();
  const rel = latex.replace(/\\approx|\\simeq/g, '=');
  const rhs = rel.includes('=') ? rel.slice(rel.lastIndexOf('=') + 1).trim() : rel;
  const looksMath = body !== undefined || /[=\\^_]/.test(latex) || isNumberValue(latex);
  if (!looksMath) return { latex, form: 'text-based', after: '' };
  return { latex, form: isNumberValue(rhs) ? 'numerical' : 'algebraic', after };
}

/** A brief answer as a final answer: LaTeX, form, figures, and a unit that could not be read. */
export interface PhysicsEvalAnswer {
  readonly latex: string;
  readonly form: ImportedForm;
  readonly figures?: number;
  /** Why a unit written after the value was left out (it is then `unitText`, for the instructions). */
  readonly unitNote?: string;
  readonly unitText?: string;
}

/** `x \approx 2.0` → [`x \approx `, `2.0`]: the value after the last relation (all of it when none). */
function splitValue(latex: string): [string, string] {
  const m = /^(.*(?:=|\\approx|\\simeq)\s*)(.*)$/s.exec(latex);
  return m === null ? ['', latex] : [m[1] ?? '', m[2] ?? ''];
}

/**
 * A numerical brief answer with its unit: inside the math (`$t \approx 2.02\,\mathrm{s}$`) it is
 * kept; written after the math (`$p_2 = 1.5$ atm`) it is joined to the value when our unit reader
 * knows it, else left out and noted. Figures are those written in the value.
 */
function numerical(brief: BriefAnswer): PhysicsEvalAnswer {
  const [lhs, value] = splitValue(brief.latex);
  const number = /^[-+]?(?:\d+\.?\d*|\.\d+)/.exec(value)?.[0];
  const figures = number === undefined ? undefined : writtenFigures(number);
  const base = { form: 'numerical' as const, ...(figures === undefined ? {} : { figures }) };
  const unit = brief.after.replace(/[.;,]+$/, '').trim();
  if (unit === '' || unit.length > 24 || value.trim() !== number) return { latex: brief.latex, ...base };
  const joined = numericAnswerLatex(number, unit);
  if (joined.unitNote !== undefined)
    return { latex: brief.latex, ...base, unitNote: joined.unitNote, unitText: unit };
  return { latex: `${lhs}${joined.latex}`, ...base };
}

/**
 * One of PhysicsEval's `final_answers_in_brief` as a final answer ({@link briefAnswer} for the form,
 * then, for a number, its unit and figures). Used by the loader (`--dataset`) and the importer.
 */
export function physicsEvalAnswer(text: string): PhysicsEvalAnswer {
  const brief = briefAnswer(text);
  if (brief.form === 'numerical') return numerical(brief);
  return { latex: brief.latex, form: brief.form === 'text-based' ? 'text-based' : 'algebraic' };
}
