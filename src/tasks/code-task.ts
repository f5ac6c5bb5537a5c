import type { Problem } from '../dag/types.js';
import type { InstanceProblem } from '../instances/generate-instances.js';
import { planInstances } from '../instances/plan-instances.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { runPythonSandboxed, type SandboxLimits } from '../sandbox/run-python.js';
import { withinPrecision } from '../score/numeric-answer.js';
import type { InstanceOutcome } from './robustness-report.js';

/** The Task IV prompt: write one Python function of the inputs in SI units. */
export const CODE_PROMPT: PromptTemplate = {
  version: 'prism-code-v1',
  preamble: [
    'You are an expert physicist and Python programmer. Write a Python function that solves the',
    'problem below for ANY values of its inputs. Quantities written as ⟨name⟩ are inputs of your',
    'function. All inputs and outputs are in SI units. Use only the Python standard library (math);',
    'numpy or sympy if you must (call float() on sympy results). Do not hard-code input values.',
    'Answer with one ```python code block defining the function named below.',
  ].join('\n'),
  formatHeading: 'Function to write:',
};

/** A problem as Task IV poses it: inputs as symbols, the function's signature and outputs. */
export interface CodeTask {
  /** The prompt problem (id = the parameterized problem's id). */
  readonly problem: Problem;
  /** Argument names, in order (the parameters' names). */
  readonly args: readonly string[];
  /** Output keys `ans_1…` with the quantity each one is. */
  readonly outputs: readonly { readonly key: string; readonly quantity: string }[];
}

const symbolic = (text: string): string => text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, '⟨$1⟩');

/**
 * Poses a parameterized problem for code synthesis: its template with every placeholder shown as
 * `⟨name⟩`, the inputs listed with their symbols, and the outputs `ans_i` (the quantities whose
 * answers an instance computes, from `sample`, one of its instances).
 */
export function codeTask(problem: Problem, sample: InstanceProblem): CodeTask {
  const parameters = problem.parameters ?? [];
  const args = parameters.map((p) => p.name);
  const outputs = sample.ground_truth.map((g, i) => ({ key: `ans_${i + 1}`, quantity: g.quantity }));
  const t = problem.template;
  const signature = `def solve(${args.join(', ')}):`;
  const instructions = [
    `${signature}  # returns {${outputs.map((o) => `'${o.key}': …`).join(', ')}}`,
    `Inputs (SI units): ${parameters.map((p) => `${p.name} = $${p.symbol}$`).join('; ')}.`,
    `Outputs (SI units): ${outputs.map((o) => `${o.key} = $${o.quantity}$`).join('; ')}.`,
  ].join('\n');
  const subquestions = (problem.subquestions ?? []).map((s) => {
    const raw = t?.subquestions?.find((x) => x.letter === s.letter)?.subproblem ?? s.subproblem;
    const { final_answer_instructions: _i, final_answer_form: _f, final_answer: _a, ...rest } = s;
    return { ...rest, subproblem: symbolic(raw), solution: '' };
  });
  const {
    final_answer: _a,
    final_answer_form: _f,
    significant_figures: _s,
    solution: _so,
    template: _t,
    ...base
  } = problem;
  return {
    problem: {
      ...base,
      context: symbolic(t?.context ?? problem.context),
      ...(subquestions.length > 0 ? { subquestions } : {}),
      final_answer_instructions: instructions,
    },
    args,
    outputs,
  };
}

/** The last fenced Python block of a response (or the whole text when it defines `solve`). */
export function extractCode(text: string): string | undefined {
  const blocks = [...text.matchAll(/```(?:python|py)?[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  if (blocks.length > 0) return blocks[blocks.length - 1];
  return /def\s+solve\s*\(/.test(text) ? text : undefined;
}

/** One instance's Task IV outcome: correct when every output agrees with the computed answer. */
export interface CodeOutcome extends InstanceOutcome {
  readonly error?: string;
  readonly values?: Readonly<Record<string, number | string>>;
}

/**
 * Runs a model's code on every instance (SI inputs) in the sandbox and compares each output
 * `ans_i` with the instance's computed answer to its significant figures (default 3; as final
 * answers are judged). Code that fails — no code, a load error, an exception, a limit — is wrong,
 * with its error recorded.
 */
export async function scoreCode(
  problem: Problem,
  task: CodeTask,
  instances: readonly InstanceProblem[],
  response: string | undefined,
  limits: SandboxLimits = {},
): Promise<CodeOutcome[]> {
  const wrong = (error: string): CodeOutcome[] =>
    instances.map((i) => ({ problem_id: i.id, final_answer_correct: false, error }));
  const code = response === undefined ? undefined : extractCode(response);
  if (code === undefined)
    return wrong(response === undefined ? 'no response' : 'no Python code in the response');
  const plan = planInstances(problem);
  const calls = instances.map((inst) =>
    Object.fromEntries(
      plan.parameters.map((p) => [p.parameter.name, inst.parameter_values[p.parameter.name]! * p.scale]),
    ),
  );
  const run = await runPythonSandboxed(code, 'solve', calls, limits);
  return instances.map((inst, k) => {
    const call = run.calls[k];
    if (call === undefined || !call.ok)
      return {
        problem_id: inst.id,
        final_answer_correct: false,
        error: call?.ok === false ? call.error : 'no result',
      };
    const good = task.outputs.every((o, i) => {
      const got = call.value[o.key];
      const truth = inst.ground_truth[i];
      return (
        typeof got === 'number' &&
        truth !== undefined &&
        withinPrecision(got, truth.value_si, truth.figures ?? 3)
      );
    });
    return { problem_id: inst.id, final_answer_correct: good, values: call.value };
  });
}
