import type { Diagnostic } from '../core/diagnostic.js';
import { createPrng } from '../core/prng.js';
import { renderTemplate } from '../dag/render-template.js';
import type { Problem, Subquestion } from '../dag/types.js';
import { relationSides } from '../score/answer-text.js';
import { type GroundTruthAnswer, groundTruth } from './ground-truth.js';
import type { InstancePlan } from './plan-instances.js';
import { sampleParameters } from './sample-parameters.js';
import { solveInstance } from './solve-instance.js';
import { latexNumber } from './unit-scale.js';

/** One instance: a problem (with its DAG, the parameter values in its constants map) and its answers. */
export interface InstanceProblem extends Problem {
  /** The parameterized problem's id (the instance id is `<id>#<k>`). */
  readonly instance_of: string;
  /** 1-based instance number. */
  readonly instance: number;
  /** Parameter name → value in its unit, as the text shows it. */
  readonly parameter_values: Readonly<Record<string, number>>;
  readonly ground_truth: readonly GroundTruthAnswer[];
}

/** Instances of one problem and what it took to draw them. */
export interface GeneratedInstances {
  readonly instances: InstanceProblem[];
  /** Draws that were rejected, by reason. */
  readonly rejected: { readonly 'solve-failed': number; readonly constraint: number };
  /** Examples of rejection messages (at most 3). */
  readonly examples: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of {@link generateInstances}. */
export interface GenerateOptions {
  readonly n: number;
  readonly seed: string;
  /** Draws allowed per instance before giving up (default 50). */
  readonly maxAttempts?: number;
}

/**
 * Draws `n` instances of a planned problem, deterministically from `seed` and the problem id: sample
 * the parameters, solve the DAG forward, reject and draw again when the solve fails or a constraint
 * breaks (at most `maxAttempts` draws per instance, else `instance-exhausted`). Each instance keeps
 * the DAG, adds the parameter values (SI) to its constants map, renders its text, and recomputes its
 * final answers (`ground_truth`; numerical `final_answer`s are rewritten with the new values).
 */
export function generateInstances(plan: InstancePlan, options: GenerateOptions): GeneratedInstances {
  const problem = plan.problem;
  const rejected = { 'solve-failed': 0, constraint: 0 };
  const examples: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const instances: InstanceProblem[] = [];
  if (!plan.ok) {
    diagnostics.push({
      code: 'instance-unplanned',
      severity: 'error',
      message: plan.diagnostics.map((d) => d.message).join('; '),
      where: `problem ${problem.id}`,
    });
    return { instances, rejected, examples, diagnostics };
  }
  const prng = createPrng(`${options.seed}/${problem.id}`);
  const maxAttempts = options.maxAttempts ?? 50;
  for (let k = 1; k <= options.n; k++) {
    let made = false;
    for (let attempt = 0; attempt < maxAttempts && !made; attempt++) {
      const values = sampleParameters(problem.parameters ?? [], prng);
      const solved = solveInstance(plan, values);
      if (!solved.ok) {
        rejected[solved.reason]++;
        if (examples.length < 3) examples.push(solved.message);
        continue;
      }
      instances.push(buildInstance(plan, k, values, solved.si, solved.solution));
      made = true;
    }
    if (!made) {
      diagnostics.push({
        code: 'instance-exhausted',
        severity: 'error',
        message: `instance ${k}: no acceptable draw in ${maxAttempts} attempts (${examples[0] ?? ''})`,
        where: `problem ${problem.id}`,
      });
    }
  }
  return { instances, rejected, examples, diagnostics };
}

function buildInstance(
  plan: InstancePlan,
  k: number,
  values: Readonly<Record<string, number>>,
  si: Readonly<Record<string, number>>,
  solution: Readonly<Record<string, number>>,
): InstanceProblem {
  const problem = plan.problem;
  const parameters = problem.parameters ?? [];
  const render = (text: string): string => renderTemplate(text, parameters, values);
  const template = problem.template;
  const constants: Record<string, string> = { ...plan.constants };
  for (const [symbol, value] of Object.entries(si)) constants[symbol] = latexNumber(value);
  const answers = groundTruth(problem, plan.constants, solution);
  const restate = (
    letter: string | undefined,
    stated: readonly string[] | undefined,
  ): string[] | undefined => {
    if (stated === undefined) return undefined;
    const mine = answers.filter((a) => a.part === letter && a.form === 'numerical');
    return stated.map((latex) => mine.find((a) => a.quantity === relationSides(latex)?.lhs)?.latex ?? latex);
  };
  const subquestions = problem.subquestions?.map((s): Subquestion => {
    const t = template?.subquestions?.find((x) => x.letter === s.letter);
    const finalAnswer = restate(s.letter, s.final_answer);
    const instructions = t?.final_answer_instructions ?? s.final_answer_instructions;
    return {
      ...s,
      subproblem: render(t?.subproblem ?? s.subproblem),
      // The worked solution quotes numbers of the problem as written; the DAG is the reference.
      solution: '',
      ...(instructions === undefined ? {} : { final_answer_instructions: render(instructions) }),
      ...(finalAnswer === undefined ? {} : { final_answer: finalAnswer }),
    };
  });
  const { parameters: _p, constraints: _c, template: _t, witness: _w, solution: _s, ...rest } = problem;
  const topAnswer = restate(undefined, problem.final_answer);
  const topInstructions = template?.final_answer_instructions ?? problem.final_answer_instructions;
  return {
    ...rest,
    id: `${problem.id}#${k}`,
    context: render(template?.context ?? problem.context),
    ...(problem.solution === undefined ? {} : { solution: '' }),
    ...(topInstructions === undefined ? {} : { final_answer_instructions: render(topInstructions) }),
    ...(topAnswer === undefined ? {} : { final_answer: topAnswer }),
    ...(subquestions === undefined ? {} : { subquestions }),
    constants,
    witness: [{ ...plan.fixed }],
    instance_of: problem.id,
    instance: k,
    parameter_values: { ...values },
    ground_truth: answers,
  };
}
