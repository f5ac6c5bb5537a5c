import type { Diagnostic } from '../core/diagnostic.js';
import type { Mutable } from '../core/mutable.js';
import { placeholderNames, renderTemplate } from './render-template.js';
import type { Parameter, ProblemTemplate } from './types.js';
import { located } from './validate-graph.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The PRiSM fields shaped from a raw item, and the rendered texts the problem shows. */
export interface ShapedParameters {
  readonly parameters?: Parameter[];
  readonly constraints?: string[];
  readonly template?: ProblemTemplate;
  readonly diagnostics: Diagnostic[];
}

/** Shapes one raw parameter; a message when it is malformed. */
function shapeParameter(raw: unknown, i: number): Parameter | string {
  if (!isObject(raw)) return `parameters[${i}] is not an object`;
  const { name, symbol, value, min, max, values, unit, figures, integer } = raw;
  if (typeof name !== 'string' || !NAME.test(name)) return `parameters[${i}].name is not an identifier`;
  if (typeof symbol !== 'string' || symbol.trim() === '') return `parameter ${name} has no symbol`;
  if (!isNumber(value)) return `parameter ${name} has no numeric value`;
  const hasRange = min !== undefined || max !== undefined;
  if (hasRange && !(isNumber(min) && isNumber(max) && min <= max))
    return `parameter ${name}: min and max must be numbers with min ≤ max`;
  if (values !== undefined && !(Array.isArray(values) && values.length > 0 && values.every(isNumber)))
    return `parameter ${name}: values must be a non-empty list of numbers`;
  if (!hasRange && values === undefined) return `parameter ${name} has neither min/max nor values`;
  if (unit !== undefined && typeof unit !== 'string') return `parameter ${name}: unit is not a string`;
  if (
    figures !== undefined &&
    !(Number.isInteger(figures) && (figures as number) >= 1 && (figures as number) <= 15)
  )
    return `parameter ${name}: figures must be an integer 1–15`;
  if (integer !== undefined && typeof integer !== 'boolean')
    return `parameter ${name}: integer is not a boolean`;
  const out: Mutable<Parameter> = { name, symbol, value };
  if (hasRange) {
    out.min = min as number;
    out.max = max as number;
  }
  if (values !== undefined) out.values = values as number[];
  if (unit !== undefined && unit !== '') out.unit = unit as string;
  if (figures !== undefined) out.figures = figures as number;
  if (integer === true) out.integer = true;
  return out;
}

/**
 * Shapes the PRiSM fields of a raw problem item: `parameters` (name, symbol, value, range or values,
 * unit, figures, integer), `constraints` (LaTeX relations) and the `{{name}}` placeholders of its
 * context, sub-questions and final-answer instructions. Every placeholder must name a parameter
 * (`parameter-unknown-placeholder`); a malformed parameter is `parameter-bad`. The returned
 * `template` keeps the raw texts; `render` gives each text with the parameters' own values.
 */
export function shapeParameters(
  item: Json,
  where: string,
): ShapedParameters & { render: (t: string) => string } {
  const identity = { diagnostics: [], render: (t: string) => t };
  if (item.parameters === undefined && item.constraints === undefined) return identity;
  const diagnostics: Diagnostic[] = [];
  const parameters: Parameter[] = [];
  if (!Array.isArray(item.parameters)) {
    diagnostics.push(located('parameter-bad', '`parameters` is not a list', where));
  } else {
    item.parameters.forEach((raw, i) => {
      const shaped = shapeParameter(raw, i);
      if (typeof shaped === 'string') diagnostics.push(located('parameter-bad', shaped, where));
      else if (parameters.some((p) => p.name === shaped.name || p.symbol === shaped.symbol))
        diagnostics.push(
          located('parameter-bad', `parameter ${shaped.name} (${shaped.symbol}) is declared twice`, where),
        );
      else parameters.push(shaped);
    });
  }
  let constraints: string[] = [];
  if (item.constraints !== undefined) {
    if (Array.isArray(item.constraints) && item.constraints.every((c) => typeof c === 'string')) {
      constraints = item.constraints as string[];
    } else diagnostics.push(located('parameter-bad', '`constraints` is not a list of strings', where));
  }
  const subs = Array.isArray(item.subquestions) ? item.subquestions.filter(isObject) : [];
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const template: ProblemTemplate = {
    context: text(item.context),
    ...(typeof item.final_answer_instructions === 'string'
      ? { final_answer_instructions: item.final_answer_instructions }
      : {}),
    subquestions: subs.map((s, i) => ({
      letter: typeof s.letter === 'string' ? s.letter : String.fromCharCode(97 + i),
      subproblem: text(s.subproblem),
      ...(typeof s.final_answer_instructions === 'string'
        ? { final_answer_instructions: s.final_answer_instructions }
        : {}),
    })),
  };
  const texts = [
    template.context,
    template.final_answer_instructions ?? '',
    ...(template.subquestions ?? []).flatMap((s) => [s.subproblem, s.final_answer_instructions ?? '']),
  ];
  const known = new Set(parameters.map((p) => p.name));
  for (const name of new Set(texts.flatMap(placeholderNames))) {
    if (!known.has(name))
      diagnostics.push(located('parameter-unknown-placeholder', `{{${name}}} names no parameter`, where));
  }
  const base = Object.fromEntries(parameters.map((p) => [p.name, p.value]));
  return {
    parameters,
    constraints,
    template,
    diagnostics,
    render: (t: string) => renderTemplate(t, parameters, base),
  };
}
