import { dagStats } from '../../dag/dag-stats.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import { fileLevelErrors } from '../dataset-errors.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';

const FLAGS = {
  dataset: {
    type: 'string',
    arg: 'PATH',
    help: 'a JSON array file, JSONL file or directory of *.json files',
  },
  json: { type: 'boolean', help: 'print the statistics as JSON' },
} as const satisfies FlagTable;

const HELP = `Usage: prism dataset stats [--dataset PATH] [--json]

Counts problems by domain and difficulty (the problem's field, else the difficulty model's tier:
S = C1 + C2 + C3 with the offline proxy C1/C2, see prism difficulty) and summarizes DAG shape:
nodes, edges, depth (layers), width (largest layer), entropy complexity; and PRiSM's per-problem
statistics: steps (DAG nodes), concepts (DAG sources + extra sub-questions), input
variables (parameters; those the text shows), output variables (stated final answers), each as
mean, sd, min, max. Invalid problems are left out (see
\`prism validate\`). Default dataset: the bundled benchmark.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 ok, 2 unreadable input.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const values = parseFlags(argv, FLAGS).values as {
    dataset?: string;
    json?: boolean;
  };
  const path = values.dataset ?? bundledDatasetPath();
  const loaded = loadDataset(path);
  const lost = fileLevelErrors(loaded.diagnostics);
  if (!loaded.readable || lost.length > 0) {
    for (const d of lost.length > 0 ? lost : loaded.diagnostics) {
      io.stderr(`prism dataset stats: ${d.where}: ${d.message}\n`);
    }
    return 2;
  }
  const stats = dagStats(loaded.problems);
  const skipped = loaded.diagnostics.filter((d) => d.severity === 'error').length;
  if (values.json === true) {
    io.stdout(`${JSON.stringify({ ...stats, findings: skipped }, null, 2)}\n`);
    return 0;
  }
  const counts = (r: Record<string, number>): string =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const s = (x: { min: number; mean: number; max: number }): string =>
    `mean ${x.mean} (min ${x.min}, max ${x.max})`;
  const sd = (x: { min: number; mean: number; max: number; sd: number }): string =>
    `mean ${x.mean}, sd ${x.sd} (min ${x.min}, max ${x.max})`;
  io.stdout(
    [
      `problems      ${stats.problems}${skipped > 0 ? ` (${skipped} error finding(s); run prism validate)` : ''}`,
      `domains       ${counts(stats.domains)}`,
      `difficulties  ${counts(stats.difficulties)}`,
      `nodes         ${stats.nodes}, per problem ${s(stats.nodes_per_problem)}`,
      `edges         ${stats.edges}; final-answer nodes ${stats.final_answer_nodes}`,
      `depth         ${s(stats.depth)}`,
      `width         ${s(stats.width)}`,
      `complexity    ${s(stats.complexity)}`,
      'per problem (PRiSM):',
      `  steps       ${sd(stats.per_problem.steps)}`,
      `  concepts    ${sd(stats.per_problem.concepts)}`,
      `  inputs      ${sd(stats.per_problem.inputs)}; shown in the text ${sd(stats.per_problem.text_inputs)}`,
      `  outputs     ${sd(stats.per_problem.outputs)}`,
      '',
    ].join('\n'),
  );
  return 0;
}

/** `prism dataset stats`: counts and DAG shape statistics of a dataset. */
export const datasetStatsCommand: Command = {
  name: 'dataset stats',
  summary:
    'count problems by domain and difficulty; DAG depth and width; steps, concepts, variables per problem',
  help: HELP,
  flags: FLAGS,
  run,
};
