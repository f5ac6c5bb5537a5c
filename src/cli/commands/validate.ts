import { parseArgs } from 'node:util';
import type { Diagnostic } from '../../core/diagnostic.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { bundledDatasetPath } from '../paths.js';

const HELP = `Usage: prism validate [--dataset PATH] [--json]

Validates a PRISM-Physics dataset: item shape, DAG indices 1..n, dependencies (dangling, self,
forward, cycles), every node leading to a final-answer node, every formula parsing, duplicate ids.
PATH is a JSON array file, a JSONL file or a directory of *.json files (default: the bundled
benchmark, data/benchmark/).

Options:
  --dataset PATH   the dataset to check
  --json           print {problems, valid, findings: [{code, severity, where, message}]} as JSON
Exit codes: 0 no error findings, 1 findings, 2 unreadable input.`;

/** Formats one diagnostic as `severity code where: message`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.severity.padEnd(7)} ${d.code.padEnd(26)} ${d.where ?? ''}: ${d.message}`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { dataset?: string | undefined; json?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { dataset: { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const path = values.dataset ?? bundledDatasetPath();
  const loaded = loadDataset(path);
  if (!loaded.readable) {
    for (const d of loaded.diagnostics) io.stderr(`prism validate: ${formatDiagnostic(d)}\n`);
    return 2;
  }
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  const items = new Set(
    loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.where?.split(' node ')[0]),
  );
  if (values.json === true) {
    io.stdout(
      `${JSON.stringify({ path, valid: loaded.problems.length, skipped: items.size, findings: loaded.diagnostics }, null, 2)}\n`,
    );
  } else {
    for (const d of loaded.diagnostics) io.stdout(`${formatDiagnostic(d)}\n`);
    io.stdout(
      `${loaded.problems.length} valid problem(s), ${items.size} skipped; ${errors.length} error(s), ${loaded.diagnostics.length - errors.length} warning(s) in ${path}\n`,
    );
  }
  return loaded.diagnostics.length > 0 ? 1 : 0;
}

/** `prism validate`: checks a dataset and lists every finding. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'check a dataset: DAG structure, dependencies, formulas, ids',
  help: HELP,
  run,
};
