import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../dataset/load-dataset.js';
import { writeFileAtomic } from '../../pipeline/write-file-atomic.js';
import { renderSummaryJson, renderSummaryMarkdown } from '../../report/render-summary.js';
import { summarize } from '../../report/summarize.js';
import type { ScoreRecord } from '../../score/types.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';
import type { ShardManifest } from '../shard.js';

const FLAGS = {
  out: { type: 'string', arg: 'DIR', help: 'where the merged files go (required)' },
  dataset: {
    type: 'string',
    arg: 'PATH',
    help: 'the dataset the shards were scored on, for the summary (default: bundled)',
  },
  quiet: { type: 'boolean', help: 'no summary table on the terminal' },
} as const satisfies FlagTable;

const HELP = `Usage: prism merge OUT_DIR... --out DIR [--dataset PATH] [--quiet]

Joins the output directories of \`prism score --shard i/n\` (one per shard, each with records.jsonl and
shard.json) into DIR: records.jsonl in the original input order, summary.md and summary.json —
the same files a one-machine \`prism score\` writes. Every shard 0..n-1 must be present exactly once,
from the same run: the same responses, dataset, mode, selection and scorer version (shard.json
carries a fingerprint of them).

  # Slurm: #SBATCH --array=0-3, then
  prism score --responses big.jsonl --shard $SLURM_ARRAY_TASK_ID/4 --out shards/$SLURM_ARRAY_TASK_ID
  prism merge shards/* --out merged

Options:
${flagHelp(FLAGS)}
Exit codes: 0 merged, 2 missing, duplicate or inconsistent shards.`;

function readText(dir: string, file: string, hint: string): string {
  try {
    return readFileSync(join(dir, file), 'utf8');
  } catch {
    throw new UsageError(`${dir}: no ${file} (${hint})`);
  }
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${where}: not JSON (${(error as Error).message})`);
  }
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

function readManifest(dir: string): ShardManifest {
  const text = readText(dir, 'shard.json', 'was it written by prism score --shard i/n?');
  const m = parseJson(text, `${dir}/shard.json`) as Partial<ShardManifest> | null;
  if (
    m === null ||
    typeof m !== 'object' ||
    !isCount(m.shard) ||
    !isCount(m.of) ||
    !isCount(m.total) ||
    m.shard >= m.of ||
    typeof m.scorer_version !== 'string' ||
    !Array.isArray(m.positions) ||
    (m.run !== undefined && typeof m.run !== 'string')
  )
    throw new UsageError(`${dir}/shard.json: not a shard manifest`);
  // Every position belongs to this shard, lies inside the input, and comes in input order: a
  // hand-edited or foreign manifest cannot place a record twice or outside the run.
  let last = -1;
  for (const at of m.positions) {
    if (!isCount(at) || at >= m.total || at % m.of !== m.shard || at <= last)
      throw new UsageError(
        `${dir}/shard.json: position ${JSON.stringify(at)} is not a position of shard ${m.shard}/${m.of} of ${m.total} responses in input order`,
      );
    last = at;
  }
  return m as ShardManifest;
}

function readRecords(dir: string): ScoreRecord[] {
  const lines = readText(dir, 'records.jsonl', 'an unfinished prism score?').split('\n');
  const records: ScoreRecord[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== '')
      records.push(parseJson(line, `${dir}/records.jsonl line ${i + 1}`) as ScoreRecord);
  });
  return records;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals: dirs } = parseFlags(argv, FLAGS, true);
  const out = values.out as string | undefined;
  if (out === undefined) throw new UsageError('--out DIR is required');
  if (dirs.length === 0) throw new UsageError('name the shard output directories to merge');
  const shards = dirs.map((dir) => ({ dir, manifest: readManifest(dir), records: readRecords(dir) }));
  const first = shards[0]!.manifest;
  const seen = new Set<number>();
  for (const { dir, manifest, records } of shards) {
    if (
      manifest.of !== first.of ||
      manifest.total !== first.total ||
      manifest.scorer_version !== first.scorer_version
    )
      throw new UsageError(
        `${dir}: shard ${manifest.shard}/${manifest.of} of ${manifest.total} responses does not match ${dirs[0]}`,
      );
    if (manifest.run !== first.run)
      throw new UsageError(
        `${dir}: shard ${manifest.shard}/${manifest.of} was scored on other input than ${dirs[0]} (responses, dataset, mode or selection differ)`,
      );
    if (seen.has(manifest.shard))
      throw new UsageError(`${dir}: shard ${manifest.shard}/${manifest.of} given twice`);
    if (records.length !== manifest.positions.length)
      throw new UsageError(
        `${dir}: ${records.length} records but shard.json lists ${manifest.positions.length}`,
      );
    seen.add(manifest.shard);
  }
  const missing = Array.from({ length: first.of }, (_, i) => i).filter((i) => !seen.has(i));
  if (missing.length > 0)
    throw new UsageError(`missing shard(s) ${missing.map((i) => `${i}/${first.of}`).join(', ')}`);

  const placed = shards.flatMap(({ manifest, records }) =>
    records.map((r, k) => ({ at: manifest.positions[k]!, r })),
  );
  placed.sort((a, b) => a.at - b.at);
  const records = placed.map((p) => p.r);
  const dataset = loadDataset((values.dataset as string | undefined) ?? bundledDatasetPath());
  if (!dataset.readable) throw new UsageError('cannot read the dataset for the summary (--dataset)');
  const summary = summarize(records, dataset.problems);
  const markdown = renderSummaryMarkdown(summary);
  mkdirSync(out, { recursive: true });
  // Renamed into place, as prism score does: a merge killed midway leaves no half-written file
  // that a later step would read as the result.
  writeFileAtomic(join(out, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileAtomic(join(out, 'summary.md'), markdown);
  writeFileAtomic(join(out, 'summary.json'), renderSummaryJson(summary));
  if (values.quiet !== true) io.stdout(markdown);
  io.stderr(
    `prism merge: ${records.length} record(s) from ${shards.length} shard(s) written to ${join(out, 'records.jsonl')}\n`,
  );
  return 0;
}

/** `prism merge`: joins `prism score --shard i/n` outputs into the one-machine result. */
export const mergeCommand: Command = {
  name: 'merge',
  summary: 'join the outputs of prism score --shard i/n into one result',
  help: HELP,
  flags: FLAGS,
  run,
};
