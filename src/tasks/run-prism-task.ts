import { renderTable3 } from './render-table3.js';
import { runCodeTask, type TaskRunOptions } from './run-code-task.js';

/** The PRiSM tasks `prism run --task` runs itself (Task I is `--instances`). */
export const PRISM_TASKS = ['IV'] as const;

/** Runs one PRiSM task and renders its report (Markdown). */
export async function runPrismTask(
  task: string,
  options: TaskRunOptions,
): Promise<{ markdown: string; ok: boolean; json: unknown }> {
  if (task === 'IV') {
    const r = await runCodeTask(options);
    return { markdown: renderTable3([r.report]), ok: r.ok, json: r.report };
  }
  throw new RangeError(`unknown PRiSM task ${task}`);
}
