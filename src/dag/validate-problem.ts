import type { Diagnostic } from '../core/diagnostic.js';
import type { Mutable } from '../core/mutable.js';
import { shapeParameters } from './shape-parameters.js';
import type { DagNode, Difficulty, Problem, Subquestion } from './types.js';
import { located } from './validate-graph.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** The outcome of shaping one dataset item: the problem (absent when the item is unusable) and findings. */
export interface ShapedProblem {
  readonly problem?: Problem;
  readonly diagnostics: Diagnostic[];
}

/** The problem id of a raw item as a string (`1023` → `'1023'`), or undefined. */
export function rawProblemId(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const id = item.id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return undefined;
}

/**
 * Shapes one untrusted dataset item into a {@link Problem}: required `id` and `grading_standard`,
 * optional fields kept when well-typed (a mistyped optional field is a warning and is dropped).
 * Graph and formula checks are done by the caller. `where` locates the item (`problem 1023`).
 */
export function shapeProblem(item: unknown, where: string): ShapedProblem {
  const diagnostics: Diagnostic[] = [];
  if (!isObject(item)) {
    return { diagnostics: [located('problem-not-object', 'dataset item is not an object', where)] };
  }
  const id = rawProblemId(item);
  if (id === undefined) {
    return { diagnostics: [located('problem-missing-id', 'item has no numeric or string `id`', where)] };
  }
  const at = where;
  const warn = (field: string, expected: string): void => {
    diagnostics.push({
      code: 'problem-bad-field',
      severity: 'warning',
      message: `field \`${field}\` is not ${expected}; ignored`,
      where: at,
    });
  };
  const raw = item.grading_standard;
  // `grading_standard: []` declares a problem without a reference DAG (an imported dataset): it is
  // kept when it states final answers to check, and gets final-answer and judge scores only.
  const finalAnswerOnly = Array.isArray(raw) && raw.length === 0 && statesFinalAnswers(item);
  if (!Array.isArray(raw) || (raw.length === 0 && !finalAnswerOnly)) {
    diagnostics.push(located('dag-missing', '`grading_standard` is missing or empty', at));
    return { diagnostics };
  }
  const nodes: DagNode[] = [];
  raw.forEach((entry, i) => {
    const nodeAt = `${at} node ${isObject(entry) && typeof entry.index === 'number' ? entry.index : `#${i + 1}`}`;
    if (!isObject(entry)) {
      diagnostics.push(located('dag-node-not-object', `grading_standard[${i}] is not an object`, nodeAt));
      return;
    }
    const index = entry.index;
    if (typeof index !== 'number' || !Number.isInteger(index)) {
      diagnostics.push(located('dag-bad-index', `grading_standard[${i}].index is not an integer`, nodeAt));
      return;
    }
    if (typeof entry.formula !== 'string' || entry.formula.trim() === '') {
      diagnostics.push(located('dag-missing-formula', `grading_standard[${i}] has no formula`, nodeAt));
      return;
    }
    const deps = entry.dependency ?? [];
    if (!Array.isArray(deps) || deps.some((d) => typeof d !== 'number' || !Number.isInteger(d))) {
      diagnostics.push(
        located('dag-bad-dependency', `grading_standard[${i}].dependency is not a list of integers`, nodeAt),
      );
      return;
    }
    const node: Mutable<DagNode> = {
      index,
      formula: entry.formula,
      dependency: deps as number[],
    };
    if (entry.is_final_answer === true) node.is_final_answer = true;
    if (typeof entry.subquestion === 'string') node.subquestion = entry.subquestion;
    if (typeof entry.given === 'boolean') node.given = entry.given;
    nodes.push(node);
  });
  const prism = shapeParameters(item, at);
  diagnostics.push(...prism.diagnostics);
  const problem: Record<string, unknown> = {
    id,
    context: prism.render(typeof item.context === 'string' ? item.context : ''),
    grading_standard: nodes,
  };
  for (const field of [
    'source',
    'solution',
    'final_answer_form',
    'final_answer_instructions',
    'domain',
  ] as const) {
    if (item[field] === undefined) continue;
    if (typeof item[field] === 'string')
      problem[field] = field === 'final_answer_instructions' ? prism.render(item[field]) : item[field];
    else warn(field, 'a string');
  }
  if (item.difficulty !== undefined) {
    const d = typeof item.difficulty === 'string' ? item.difficulty.toLowerCase() : '';
    if ((DIFFICULTIES as readonly string[]).includes(d)) problem.difficulty = d;
    else warn('difficulty', 'one of easy, medium, hard');
  }
  copyFinalAnswer(item, problem, warn);
  if (item.images !== undefined) {
    if (Array.isArray(item.images)) problem.images = item.images.filter(isObject);
    else warn('images', 'a list');
  }
  if (item.constants !== undefined) {
    if (isObject(item.constants)) {
      const constants: Record<string, string> = {};
      for (const [k, v] of Object.entries(item.constants)) {
        if (typeof v === 'string' || typeof v === 'number') constants[k] = String(v);
        else warn(`constants.${k}`, 'a string or number');
      }
      problem.constants = constants;
    } else warn('constants', 'an object');
  }
  if (item.meta !== undefined) {
    if (isObject(item.meta)) problem.meta = item.meta;
    else warn('meta', 'an object');
  }
  if (item.units !== undefined) {
    if (item.units === 'natural') {
      const constants = (problem.constants ?? {}) as Record<string, string>;
      if (constants.c !== undefined && constants.c.trim() !== '1') {
        diagnostics.push(
          located(
            'problem-units-conflict',
            '`units: natural` but the constants map gives c another value',
            at,
          ),
        );
      }
      problem.units = 'natural';
      // Natural units are one rule of the constants map: c = 1 (also inside units, `GeV/c` = `GeV`).
      problem.constants = { ...constants, c: '1' };
    } else if (item.units !== 'SI') warn('units', '"SI" or "natural"');
  }
  if (item.witness !== undefined) {
    const list = Array.isArray(item.witness) ? item.witness : [item.witness];
    const ok = list.every((w) => isObject(w) && Object.values(w).every((v) => typeof v === 'number'));
    if (ok) problem.witness = list;
    else warn('witness', 'a list of {symbol: number} objects');
  }
  if (item.subquestions !== undefined) {
    if (Array.isArray(item.subquestions)) {
      const subs: Subquestion[] = [];
      item.subquestions.forEach((s, i) => {
        if (!isObject(s)) {
          warn(`subquestions[${i}]`, 'an object');
          return;
        }
        const sub: Record<string, unknown> = {
          letter: typeof s.letter === 'string' ? s.letter : String.fromCharCode(97 + i),
          subproblem: prism.render(typeof s.subproblem === 'string' ? s.subproblem : ''),
          solution: typeof s.solution === 'string' ? s.solution : '',
        };
        for (const field of ['final_answer_form', 'final_answer_instructions'] as const) {
          if (typeof s[field] === 'string') sub[field] = prism.render(s[field]);
        }
        copyFinalAnswer(s, sub, (f, e) => warn(`subquestions[${i}].${f}`, e));
        subs.push(sub as unknown as Subquestion);
      });
      problem.subquestions = subs;
    } else warn('subquestions', 'a list');
  }
  if (prism.parameters !== undefined) {
    problem.parameters = prism.parameters;
    problem.constraints = prism.constraints ?? [];
    if (prism.template !== undefined) problem.template = prism.template;
  }
  return { problem: problem as unknown as Problem, diagnostics };
}

/** True when the item (or one of its sub-questions) lists final answers. */
function statesFinalAnswers(item: Json): boolean {
  const has = (x: unknown): boolean =>
    isObject(x) &&
    Array.isArray(x.final_answer) &&
    x.final_answer.some((a) => typeof a === 'string' && a.trim() !== '');
  return has(item) || (Array.isArray(item.subquestions) && item.subquestions.some(has));
}

function copyFinalAnswer(
  from: Json,
  to: Record<string, unknown>,
  warn: (field: string, expected: string) => void,
): void {
  const fa = from.final_answer;
  if (fa !== undefined) {
    if (typeof fa === 'string') to.final_answer = [fa];
    else if (Array.isArray(fa) && fa.every((x) => typeof x === 'string')) to.final_answer = fa;
    else warn('final_answer', 'a string or list of strings');
  }
  const sf = from.significant_figures;
  if (sf !== undefined) {
    if (typeof sf === 'number' && Number.isInteger(sf) && sf > 0) to.significant_figures = sf;
    else warn('significant_figures', 'a positive integer');
  }
}
