import { join } from 'node:path';
import type { Problem } from '../dag/types.js';
import { datasetInstances } from '../instances/dataset-instances.js';
import type { InstanceProblem } from '../instances/generate-instances.js';
import { writeFileAtomic } from '../runs/write-file-atomic.js';
import type { SandboxLimits } from '../sandbox/run-python.js';
import { sandboxSupport } from '../sandbox/sandbox-support.js';
import { type AskOptions, askModel } from './ask-model.js';
import { CODE_PROMPT, type CodeOutcome, codeTask, scoreCode } from './code-task.js';
import { type RobustnessReport, robustnessReport } from './robustness-report.js';

/** Options of the PRiSM task runners: a run without problems and template, plus the instances. */
export type TaskRunOptions = Omit<AskOptions, 'problems' | 'template'> & {
  /** The parameterized problems (their instances are drawn here). */
  readonly problems: readonly Problem[];
  /** Instances per problem. */
  readonly n: number;
  readonly seed: string;
};

/**
 * Task IV (programmatic solution synthesis): one prompt per parameterized problem (inputs as
 * symbols, SI units), the model's function run in the sandbox on every instance, outputs compared
 * with the computed answers. Writes `prism-iv.json` (report and every instance's outcome and error).
 * Throws, before asking the model anything, when the sandbox cannot run here (the message names
 * what is missing): model-written code never runs with weaker isolation.
 */
export async function runCodeTask(
  options: TaskRunOptions & { readonly limits?: SandboxLimits },
): Promise<{ report: RobustnessReport; outcomes: CodeOutcome[]; ok: boolean }> {
  const missing = sandboxSupport().missing;
  if (missing !== undefined) throw new Error(`Task IV cannot run: ${missing}`);
  const { instances } = datasetInstances(options.problems, { n: options.n, seed: options.seed });
  const groups = new Map<string, InstanceProblem[]>();
  for (const inst of instances) groups.set(inst.instance_of, [...(groups.get(inst.instance_of) ?? []), inst]);
  const posed = options.problems
    .filter((p) => groups.has(p.id))
    .map((p) => ({ original: p, task: codeTask(p, groups.get(p.id)![0]!) }));
  const { result, texts } = await askModel({
    ...options,
    problems: posed.map((x) => x.task.problem),
    template: CODE_PROMPT,
  });
  const outcomes: CodeOutcome[] = [];
  for (const { original, task } of posed) {
    outcomes.push(
      ...(await scoreCode(original, task, groups.get(original.id)!, texts.get(original.id), options.limits)),
    );
  }
  const report = robustnessReport(
    'IV',
    options.params.model,
    instances.map((i) => i.id),
    outcomes,
  );
  writeFileAtomic(join(options.dir, 'prism-iv.json'), `${JSON.stringify({ report, outcomes }, null, 2)}\n`);
  return { report, outcomes, ok: result.ok && !result.interrupted };
}
