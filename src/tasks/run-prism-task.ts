import { renderTable3 } from './render-table3.js';
import { runAmbiguityTask } from './run-ambiguity-task.js';
import { runCodeTask, type TaskRunOptions } from './run-code-task.js';
import { behaviourShares, runCorrectionTask } from './run-correction-task.js';

/**
 * The PRiSM tasks `prism run --task` accepts (Task I is `--instances`). Task II is run by
 * `runVisualTask` (`src/visual/`), which the CLI loads only for it; the others run here.
 */
export const PRISM_TASKS = ['II', 'III', 'IV', 'V'] as const;

/** Runs one PRiSM task and renders its report (Markdown). */
export async function runPrismTask(
  task: string,
  options: TaskRunOptions & { readonly judgeModel?: string },
): Promise<{ markdown: string; ok: boolean; json: unknown }> {
  if (task === 'IV') {
    const r = await runCodeTask(options);
    return { markdown: renderTable3([r.report]), ok: r.ok, json: r.report };
  }
  if (task === 'III') {
    const r = await runCorrectionTask(options);
    const shares = behaviourShares(r.outcomes);
    const behaviour = Object.entries(shares)
      .map(([k, v]) => `| ${k} | ${v.toFixed(1)} |`)
      .join('\n');
    return {
      markdown: `${renderTable3([r.report])}\n| behaviour (by rule) | % |\n|---|---|\n${behaviour}\n`,
      ok: r.ok,
      json: { report: r.report, behaviour: shares },
    };
  }
  if (task === 'V') {
    const r = await runAmbiguityTask(options);
    const rows = Object.entries(r.shares)
      .map(([k, v]) => `| V | ${k} | ${v.toFixed(1)} |`)
      .join('\n');
    const skipped =
      r.unmaskable.length === 0
        ? ''
        : `\nNot posed — no masked count puts them in the 20–30 % band: ${r.unmaskable
            .map((u) => `${u.problem_id} (${u.shown} input${u.shown === 1 ? '' : 's'} shown)`)
            .join(', ')}\n`;
    const markdown = `| Task | judge label | % of ${r.outcomes.length} responses |\n|---|---|---|\n${rows}\n${skipped}`;
    return { markdown, ok: r.ok, json: { shares: r.shares, unmaskable: r.unmaskable } };
  }
  throw new RangeError(`unknown PRiSM task ${task}`);
}
