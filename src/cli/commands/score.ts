import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import { readResponses } from '../../dataset/read-responses.js';
import type { EquivalenceMode } from '../../equivalence/types.js';
import { contentHash } from '../../pipeline/content-hash.js';
import { writeFileAtomic } from '../../pipeline/write-file-atomic.js';
import { renderSummaryJson, renderSummaryMarkdown } from '../../report/render-summary.js';
import { summarize } from '../../report/summarize.js';
import { recordsCsv, summaryCsv } from '../../report/to-csv.js';
import { SCORER_VERSION } from '../../score/codes.js';
import { createScorer } from '../../score/create-scorer.js';
import { SCORE_POLICIES, type ScorePolicy } from '../../score/step-credit.js';
import type { ScoreRecord } from '../../score/types.js';
import { fileLevelErrors } from '../dataset-errors.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath, bundledResponsesPath } from '../paths.js';
import { createProgress } from '../progress.js';
import { type ProblemSelection, readSelection, SELECTION_FLAGS, selectProblems } from '../select-problems.js';
import { inShard, parseShard, runFingerprint, type ShardManifest } from '../shard.js';
import { formatDiagnostic } from './validate.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'reference problems (JSON array, JSONL or directory)' },
  responses: { type: 'string', arg: 'PATH', help: 'responses JSONL (file or directory)' },
  out: {
    type: 'string',
    arg: 'DIR',
    help: "output directory (default out/score; with a selection out/score-<selection>,\ne.g. out/score-domain-optics, so that it never replaces the whole run's);\nreplacing an output of another size is said on stderr",
  },
  mode: {
    type: 'string',
    arg: 'MODE',
    help: "physical (default) or strict (the paper's whole solution sets)",
  },
  policy: {
    type: 'string',
    arg: 'POLICY',
    help: 'derived (default: given nodes earn nothing) or paper (plain |Ach(M)|/|F|);\nevery record also carries paper_step_score',
  },
  json: { type: 'boolean', help: 'print the summary as JSON (as in DIR/summary.json) instead of the table' },
  quiet: { type: 'boolean', help: 'no progress and no summary table on the terminal' },
  shard: {
    type: 'string',
    arg: 'i/n',
    help: "score only responses whose input position ≡ i (mod n), 0 ≤ i < n, and write\nDIR/shard.json; `prism merge` joins the shards' DIRs into the one-machine result",
  },
  ...SELECTION_FLAGS,
} as const satisfies FlagTable;

const HELP = `Usage: prism score [--dataset PATH] [--responses PATH] [--out DIR] [--mode physical|strict]
                   [--policy derived|paper] [--domain D] [--difficulty L] [--problem ID] [--limit N] [--json] [--quiet]

Scores model responses against the reference DAGs (PRISM-Physics step score |Ach(M)|/|F|: matched
nodes plus their ancestors, over all nodes) and checks final answers. By default nodes the problem
itself states (given relations, definitions, values: \`prism validate\` lists them) count for nothing:
repeating the problem earns no credit; --policy paper counts them as the paper does.

Responses are JSONL {problem_id, response} (also model_response; ids like 02_cleaned_dag:1010), a
file or a directory of *.jsonl. A bad line or an unknown problem id is reported on stderr and
skipped; the rest is scored. Defaults: the bundled data/benchmark/ and data/answers/.

Writes DIR/records.jsonl (one record per response: step_score, final_answer_correct, matched,
achieved, per-node status with the answer formulas that matched, baselines), DIR/summary.md and
DIR/summary.json (schema/prism.summary.schema.json: each mean with n, standard error and 95%
interval), the same as CSV (DIR/records.csv, DIR/summary.csv), and prints the summary table.

Options:
${flagHelp(FLAGS)}
Responses to problems outside the selection are skipped silently.
Exit codes: 0 scored, 2 unreadable input or nothing to score.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, FLAGS, false);
  const mode = (values.mode ?? 'physical') as string;
  if (mode !== 'physical' && mode !== 'strict')
    throw new UsageError(`--mode must be physical or strict, not '${mode}'`);
  const policy = (values.policy ?? 'derived') as string;
  if (!(SCORE_POLICIES as readonly string[]).includes(policy))
    throw new UsageError(`--policy must be ${SCORE_POLICIES.join(' or ')}, not '${policy}'`);
  const quiet = values.quiet === true;
  const shard = values.shard === undefined ? undefined : parseShard(values.shard as string);
  if (values.dataset !== undefined && values.responses === undefined) {
    throw new UsageError(
      '--dataset needs --responses too (the bundled sample answers belong to the bundled benchmark)',
    );
  }
  const datasetPath = (values.dataset as string | undefined) ?? bundledDatasetPath();
  const bundledAnswers = values.responses === undefined;
  const responsesPath = (values.responses as string | undefined) ?? bundledResponsesPath();
  const selection = readSelection(values);
  // A selection writes beside the whole benchmark's output, never over it: out/score-domain-optics.
  const outDir = (values.out as string | undefined) ?? join('out', `score${selectionSlug(selection)}`);

  const dataset = loadDataset(datasetPath);
  const report = (d: Diagnostic): void => io.stderr(`${formatDiagnostic(d)}\n`);
  const lost = fileLevelErrors(dataset.diagnostics);
  if (!dataset.readable || lost.length > 0) {
    (lost.length > 0 ? lost : dataset.diagnostics).forEach(report);
    io.stderr(
      `prism score: the dataset at ${datasetPath} could not be read whole; nothing scored (exit 2)\n`,
    );
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

  const selected = selectProblems(dataset.problems, selection);
  const selectedIds = new Set(selected.map((p) => p.id));
  const known = new Set(dataset.problems.map((p) => p.id));
  const scorer = createScorer(selected, { mode: mode as EquivalenceMode, policy: policy as ScorePolicy });
  const records: ScoreRecord[] = [];
  const positions: number[] = [];
  const rows = responses.responses.map((row, position) => ({ row, position }));
  // Responses to problems outside the selection are neither scored nor counted in the progress.
  const mine = rows.filter(
    (r) =>
      (shard === undefined || inShard(shard, r.position)) &&
      !(known.has(r.row.problem_id) && !selectedIds.has(r.row.problem_id)),
  );
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
    io.stderr(
      `prism score: nothing to score: ${responsesPath} holds ${responses.responses.length} response(s), none to a selected problem of ${datasetPath}\n`,
    );
    return 2;
  }
  const previous = countLines(join(outDir, 'records.jsonl'));
  const summary = summarize(records, selected);
  const markdown = renderSummaryMarkdown(summary);
  mkdirSync(outDir, { recursive: true });
  // Each output is written to a temporary file and renamed: an interrupted run never leaves a
  // half-written records.jsonl that a later rescore or merge would read as complete.
  writeFileAtomic(join(outDir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileAtomic(join(outDir, 'summary.md'), markdown);
  writeFileAtomic(join(outDir, 'summary.json'), renderSummaryJson(summary));
  writeFileAtomic(join(outDir, 'records.csv'), recordsCsv(records as unknown as Record<string, unknown>[]));
  writeFileAtomic(join(outDir, 'summary.csv'), summaryCsv(summary.metrics));
  if (shard !== undefined) {
    const manifest: ShardManifest = {
      shard: shard.index,
      of: shard.count,
      total: responses.responses.length,
      positions,
      scorer_version: SCORER_VERSION,
      run: runFingerprint(mode, selected, responses.responses),
    };
    writeFileAtomic(join(outDir, 'shard.json'), `${JSON.stringify(manifest)}\n`);
  }
  if (values.json === true) io.stdout(renderSummaryJson(summary));
  else if (!quiet) io.stdout(markdown);
  if (!quiet && values.json !== true && bundledAnswers) {
    io.stdout(
      '\nNote: these are the bundled *sample* answers, written to exercise the scorer: 70 of the 210 are\n' +
        'partial on purpose (wrong or missing final answer). The table describes those answers, not the\n' +
        "accuracy of prism-physics; `npx tsx scripts/label-agreement.ts` compares the scorer's verdicts\n" +
        'with their hand labels.\n',
    );
  }
  io.stderr(`prism score: ${records.length} record(s) written to ${join(outDir, 'records.jsonl')}\n`);
  if (previous !== undefined && previous !== records.length)
    io.stderr(`prism score: replaced the ${previous} record(s) that ${outDir} held before\n`);
  return 0;
}

/** `-domain-optics_limit-10`: the default output folder's suffix for a selection ('' for none). */
export function selectionSlug(selection: ProblemSelection): string {
  const parts: string[] = [];
  const add = (name: string, v: readonly string[] | number | undefined): void => {
    if (v !== undefined) parts.push(`${name}-${Array.isArray(v) ? v.join('+') : String(v)}`);
  };
  add('domain', selection.domains);
  add('difficulty', selection.difficulties);
  add('problem', selection.ids);
  add('limit', selection.limit);
  if (parts.length === 0) return '';
  const slug = parts.join('_').replace(/[^A-Za-z0-9.+_-]+/g, '_');
  return `-${slug.length > 80 ? `${slug.slice(0, 64)}-${contentHash(slug).slice(0, 12)}` : slug}`;
}

function countLines(path: string): number | undefined {
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;
}

/** `prism score`: step scores and final-answer checks of responses against reference DAGs. */
export const scoreCommand: Command = {
  name: 'score',
  summary: 'score responses against reference DAGs (step score, final answer)',
  help: HELP,
  flags: FLAGS,
  run,
};
