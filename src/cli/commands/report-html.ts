import { loadDataset } from '../../dataset/load-dataset.js';
import { type RunInstances, resolveProblemIds } from '../../runs/run-problems.js';
import { writeFileAtomic } from '../../runs/write-file-atomic.js';
import { readAppBundle } from '../../viewer/app-bundle.js';
import { buildViewerData, type ViewerRunInput } from '../../viewer/build-viewer-data.js';
import { loadViewerInput } from '../../viewer/load-viewer-input.js';
import { renderHtmlReport } from '../../viewer/render-html-report.js';
import type { ViewerData, ViewerDetail } from '../../viewer/viewer-data.js';
import type { FlagTable } from '../flags.js';
import type { CliIo } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath, bundledResponsesPath } from '../paths.js';

/** `prism report RUN_OR_RECORDS… --html FILE [--dataset P] [--responses P] [--no-evidence]`. */
export async function runHtmlReport(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseFlags(argv, REPORT_FLAGS, true);
  const out = parsed.values.html as string | undefined;
  if (out === undefined || out === '') throw new UsageError('--html needs a file name');
  const bundle = readAppBundle();
  if (bundle === undefined) throw new UsageError('the viewer app is not built; run `npm run build` first');
  const { data, details, names } = loadViewerRuns(parsed.positionals, parsed.values, io, 'report');
  const html = renderHtmlReport({
    data,
    details,
    appJs: bundle.js,
    appCss: bundle.css,
    title: `PRISM report: ${names.join(', ')}`,
  });
  writeFileAtomic(out, html);
  io.stderr(
    `prism report: ${out} written (${(html.length / 1024).toFixed(0)} KiB, ${data.runs.reduce((s, r) => s + r.items.length, 0)} responses)\n`,
  );
  return 0;
}

/**
 * The flags of `prism report` (`--json`, or `--html` with what {@link loadViewerRuns} reads); here
 * rather than in report.ts because both forms parse with it.
 */
export const REPORT_FLAGS = {
  json: { type: 'boolean', help: 'print summary.json instead of Markdown' },
  html: {
    type: 'string',
    arg: 'FILE',
    help: 'write a self-contained HTML report (RUN may also be a prism score --out directory or\na records.jsonl)',
  },
  dataset: { type: 'string', arg: 'P', help: 'with --html: where the problems are' },
  responses: { type: 'string', arg: 'P', help: 'with --html: where the answers are' },
  'no-evidence': {
    type: 'boolean',
    help: 'with --html: skip the equivalence evidence for missed nodes (faster on big runs)',
  },
} as const satisfies FlagTable;

/**
 * Reads the named runs and the dataset and builds the viewer payload (shared by `prism report --html`
 * and `prism view`). Bad input is a {@link UsageError}.
 */
export function loadViewerRuns(
  positionals: readonly string[],
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
  command: string,
): { data: ViewerData; details: ViewerDetail[][]; names: string[] } {
  if (positionals.length === 0) throw new UsageError('name a run directory or a records.jsonl');
  const explicitDataset = values.dataset as string | undefined;
  const responsesPath =
    (values.responses as string | undefined) ??
    (explicitDataset === undefined ? bundledResponsesPath() : undefined);
  const runs: ViewerRunInput[] = [];
  let datasetPath = explicitDataset;
  for (const path of positionals) {
    const loaded = loadViewerInput(path, responsesPath);
    if (!loaded.ok) throw new UsageError(loaded.error);
    for (const w of loaded.warnings) io.stderr(`prism ${command}: ${w}\n`);
    runs.push(loaded.run);
    datasetPath ??= loaded.dataset;
  }
  datasetPath ??= bundledDatasetPath();
  const dataset = loadDataset(datasetPath);
  if (!dataset.readable) throw new UsageError(`the dataset at ${datasetPath} could not be read`);
  // PRiSM instance runs (`<id>#<k>`): their instances are drawn again from run.json's seed.
  const problems = [...dataset.problems];
  const known = new Set(problems.map((p) => p.id));
  for (const run of runs) {
    const config = run.config as { instances?: RunInstances; problem_ids?: unknown } | undefined;
    if (config?.instances === undefined) continue;
    const ids = run.records.map((r) => r.problem_id!).filter((id) => !known.has(id));
    for (const p of resolveProblemIds([...new Set(ids)], dataset.problems, config.instances).problems) {
      known.add(p.id);
      problems.push(p);
    }
  }
  const { data, details } = buildViewerData(runs, problems, {
    perNode: values['no-evidence'] === true ? 0 : 2,
  });
  const dropped =
    runs.reduce((s, r) => s + r.records.length, 0) - data.runs.reduce((s, r) => s + r.items.length, 0);
  if (dropped > 0)
    io.stderr(`prism ${command}: ${dropped} record(s) name problems not in ${datasetPath}; left out\n`);
  return { data, details, names: runs.map((r) => r.name) };
}
