import { writeFileSync } from 'node:fs';
import { loadDataset } from '../../dataset/load-dataset.js';
import { datasetInstances } from '../../instances/dataset-instances.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'problems (default: the bundled benchmark)' },
  n: { type: 'string', arg: 'N', help: 'instances per problem (default 5)' },
  seed: { type: 'string', arg: 'S', help: 'seed string (default 0)' },
  out: { type: 'string', arg: 'FILE', help: 'write the instances there' },
  textual: { type: 'boolean', help: 'only problems whose text shows a parameter (Task I)' },
  json: { type: 'boolean', help: 'print the report as JSON' },
} as const satisfies FlagTable;

const HELP = `Usage: prism instances [--dataset PATH] [--n N] [--seed S] [--out FILE] [--textual] [--json]

PRiSM instances: for every problem with \`parameters\`, draws N instances (default 5) from a PRNG
seeded by S (default 0) and the problem id, solves the reference DAG forward at the drawn values,
and rejects and redraws (at most 50 draws per instance) instances whose solve fails or that break a
constraint. Each instance is a problem: its DAG, its constants map with the parameter values added
(SI), its text rendered with the values (unit, significant figures), \`parameter_values\`, and
\`ground_truth\` (every final answer recomputed: value, unit, significant figures); numerical
\`final_answer\`s are rewritten. The output (a JSON array, usable as --dataset) is byte-identical for
a seed. Without --out it goes to stdout and the report to stderr.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 every instance made, 1 some could not be made, 2 bad input.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, FLAGS, false);
  const nText = (values.n as string | undefined) ?? '5';
  const n = Number(nText);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw new UsageError(`--n must be an integer 1–10000, not '${nText}'`);
  const seed = (values.seed as string | undefined) ?? '0';
  const path = (values.dataset as string | undefined) ?? bundledDatasetPath();
  const loaded = loadDataset(path);
  if (!loaded.readable) {
    for (const d of loaded.diagnostics) io.stderr(`prism instances: ${d.where ?? ''}: ${d.message}\n`);
    return 2;
  }
  const started = performance.now();
  const result = datasetInstances(loaded.problems, { n, seed, textualOnly: values.textual === true });
  const ms = Math.round(performance.now() - started);
  const text = `${JSON.stringify(result.instances, null, 2)}\n`;
  const out = values.out as string | undefined;
  if (out === undefined) io.stdout(text);
  else writeFileSync(out, text);
  const report = out === undefined ? io.stderr : io.stdout;
  const rejectedSolve = result.rows.reduce((s, r) => s + r.rejected_solve, 0);
  const rejectedConstraint = result.rows.reduce((s, r) => s + r.rejected_constraint, 0);
  if (values.json === true) {
    report(
      `${JSON.stringify({ seed, n, instances: result.instances.length, ms, rows: result.rows, unparameterized: result.unparameterized, findings: result.diagnostics }, null, 2)}\n`,
    );
  } else {
    for (const d of result.diagnostics) report(`${d.severity} ${d.code} ${d.where ?? ''}: ${d.message}\n`);
    const textual = result.rows.filter((r) => r.textual).length;
    report(
      `${result.instances.length} instances of ${result.rows.length} parameterized problems (${textual} with parameters in their text), seed ${seed}; ` +
        `rejected draws: ${rejectedSolve} solve failure(s), ${rejectedConstraint} constraint(s); ` +
        `${result.unparameterized.length} problem(s) without parameters${result.unparameterized.length > 0 ? ` (${result.unparameterized.join(', ')})` : ''}; ${ms} ms${out === undefined ? '' : `; wrote ${out}`}\n`,
    );
  }
  return result.diagnostics.length > 0 ? 1 : 0;
}

/** `prism instances`: PRiSM instances of the parameterized problems with computed ground truth. */
export const instancesCommand: Command = {
  name: 'instances',
  summary: 'PRiSM: draw instances of parameterized problems, solve their DAGs forward for ground truth',
  help: HELP,
  flags: FLAGS,
  run,
};
