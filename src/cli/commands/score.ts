import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Diagnostic } from '../../core/diagnostic.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import { readResponses } from '../../dataset/read-responses.js';
import type { EquivalenceMode } from '../../equivalence/types.js';
import { renderSummaryJson, renderSummaryMarkdown } from '../../report/render-summary.js';
import { summarize } from '../../report/summarize.js';
import { SCORER_VERSION } from '../../score/codes.js';
import { createScorer } from '../../score/create-scorer.js';
import type { ScoreRecord } from '../../score/types.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { bundledDatasetPath, bundledResponsesPath } from '../paths.js';
import { createProgress } from '../progress.js';
import { inShard, parseShard, type ShardManifest } from '../shard.js';
import { formatDiagnostic } from './validate.js';

const HELP = `Usage: prism score [--dataset PATH] [--responses PATH] [--out DIR] [--mode physical|strict] [--quiet]

Scores model responses against the reference DAGs (PRISM-Physics step score |Ach(M)|/|F|: matched
nodes plus their ancestors, over all nodes) and checks final answers.

Responses are JSONL {problem_id, response} (also model_response; ids like 02_cleaned_dag:1010), a
file or a directory of *.jsonl. A bad line or an unknown problem id is reported on stderr and
skipped; the rest is scored. Defaults: the bundled data/benchmark/ and data/answers/.

Writes DIR/records.jsonl (one record per response: step_score, final_answer_correct, matched,
achieved, per-node status with the answer formulas that matched, baselines), DIR/summary.md and
DIR/summary.json, and prints the summary table.

Options:
  --dataset PATH     reference problems (JSON array, JSONL or directory)
  --responses PATH   responses JSONL (file or directory)
  --out DIR          output directory (default out/score)
  --mode MODE        physical (default) or strict (the paper's whole solution sets)
  --quiet            no progress and no summary table on the terminal
  --shard i/n        score only responses whose input position ≡ i (mod n), 0 ≤ i < n, and write
                     DIR/shard.json; \`prism merge\` joins the shards' DIRs into the one-machine result
Exit codes: 0 scored, 2 unreadable input or nothing to score.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        dataset: { type: 'string' },
        responses: { type: 'string' },
        out: { type: 'string' },
        mode: { type: 'string' },
        quiet: { type: 'boolean' },
        shard: { type: 'string' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const mode = (values.mode ?? 'physical') as string;
  if (mode !== 'physical' && mode !== 'strict')
    throw new UsageError(`--mode must be physical or strict, not '${mode}'`);
  const quiet = values.quiet === true;
  const datasetPath = (values.dataset as string | undefined) ?? bundledDatasetPath();
  const responsesPath = (values.responses as string | undefined) ?? bundledResponsesPath();
  const outDir = (values.out as string | undefined) ?? join('out', 'score');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard as string);

  const dataset = loadDataset(datasetPath);
  const report = (d: Diagnostic): void => io.stderr(`${formatDiagnostic(d)}\n`);
  if (!dataset.readable) {
    dataset.diagnostics.forEach(report);
    return 2;
  }
  const skippedProblems = dataset.diagnostics.filter((d) => d.severity === 'error');
  if (skippedProblems.length > 0) {
    io.stderr(
      `prism score: ${skippedProblems.length} dataset error finding(s); those problems are skipped (run prism validate)\n`,
    );
  }
  const responses = readResponses(responsesPath);
  if (!responses.readable) {
    responses.diagnostics.forEach(report);
    return 2;
  }
  responses.diagnostics.forEach(report);

  const scorer = createScorer(dataset.problems, { mode: mode as EquivalenceMode });
  const records: ScoreRecord[] = [];
  const positions: number[] = [];
  const rows = responses.responses.map((row, position) => ({ row, position }));
  const mine = shard === undefined ? rows : rows.filter((r) => inShard(shard, r.position));
  const progress = createProgress(io, mine.length, 'scoring', { quiet });
  mine.forEach(({ row, position }, i) => {
    if (!scorer.problems.has(row.problem_id)) {
      report({
        code: 'unknown-problem',
        severity: 'error',
        message: `problem ${row.problem_id} is not in the dataset; skipped`,
        where: `${row.response_id} (line ${row.line})`,
      });
    } else {
      records.push(scorer.scoreResponse(row.problem_id, row.response, { response_id: row.response_id }));
      positions.push(position);
    }
    progress.tick(i + 1);
  });
  progress.finish();
  if (records.length === 0 && shard === undefined) {
    io.stderr('prism score: nothing to score\n');
    return 2;
  }
  const summary = summarize(records, dataset.problems);
  const markdown = renderSummaryMarkdown(summary);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(outDir, 'summary.md'), markdown);
  writeFileSync(join(outDir, 'summary.json'), renderSummaryJson(summary));
  if (shard !== undefined) {
    const manifest: ShardManifest = {
      shard: shard.index,
      of: shard.count,
      total: responses.responses.length,
      positions,
      scorer_version: SCORER_VERSION,
    };
    writeFileSync(join(outDir, 'shard.json'), `${JSON.stringify(manifest)}\n`);
  }
  if (!quiet) io.stdout(markdown);
  io.stderr(`prism score: ${records.length} record(s) written to ${join(outDir, 'records.jsonl')}\n`);
  return 0;
}

/** `prism score`: step scores and final-answer checks of responses against reference DAGs. */
export const scoreCommand: Command = {
  name: 'score',
  summary: 'score responses against reference DAGs (step score, final answer)',
  help: HELP,
  run,
};
