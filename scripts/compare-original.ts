/**
 * Scores the real PRISM-Physics responses in ../shared/peers/prism-physics/ with our scorer and
 * prints, per answer, our step score beside the original implementation's (`original_score`) with
 * the reason for each difference taken from our record: which node matched which answer formula,
 * and how many nodes the original credited.
 *
 * Usage: npx tsx scripts/compare-original.ts [--dataset FILE] [--responses FILE] [--mode physical|strict]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { readResponses } from '../src/dataset/read-responses.js';
import type { EquivalenceMode } from '../src/equivalence/types.js';
import { createScorer } from '../src/score/create-scorer.js';
import type { ScoreRecord } from '../src/score/types.js';

/** One compared answer. */
export interface Comparison {
  readonly problem_id: string;
  readonly ours: number;
  readonly original: number | undefined;
  /** The original rule-based final-answer verdict (`rule_based_binary_score`). */
  readonly originalFinal: number | undefined;
  /** Nodes the original score corresponds to (original × n, rounded). */
  readonly originalNodes: number | undefined;
  readonly record: ScoreRecord;
  /** Human explanation of the difference ('' when equal). */
  readonly reason: string;
}

const DEFAULT_DIR = fileURLToPath(new URL('../../shared/peers/prism-physics/', import.meta.url));

/** Scores every response of the subset and explains each difference with the original score. */
export function compareOriginal(
  datasetPath = `${DEFAULT_DIR}dag_02_subset.json`,
  responsesPath = `${DEFAULT_DIR}responses_02_subset.jsonl`,
  mode: EquivalenceMode = 'physical',
): Comparison[] {
  const dataset = loadDataset(datasetPath);
  const responses = readResponses(responsesPath);
  const scorer = createScorer(dataset.problems, { mode });
  return responses.responses
    .filter((row) => scorer.problems.has(row.problem_id))
    .map((row) => {
      const record = scorer.scoreResponse(row.problem_id, row.response, { response_id: row.response_id });
      const original = typeof row.meta.original_score === 'number' ? row.meta.original_score : undefined;
      const originalNodes = original === undefined ? undefined : Math.round(original * record.total_nodes);
      const binary = row.meta.rule_based_binary_score;
      return {
        problem_id: row.problem_id,
        ours: record.step_score,
        original,
        originalFinal: typeof binary === 'number' ? binary : undefined,
        originalNodes,
        record,
        reason: explain(record, originalNodes),
      };
    });
}

/** Why our credit differs from the original's, from the record's matches. */
export function explain(record: ScoreRecord, originalNodes: number | undefined): string {
  const ours = record.achieved.length;
  if (originalNodes === undefined || originalNodes === ours) return '';
  const matches = record.nodes
    .filter((n) => n.status === 'matched')
    .map((n) => `node ${n.index} ← \`${record.formulas[n.matched_by?.[0] ?? 0]?.latex ?? '?'}\``);
  const missed = record.nodes.filter((n) => n.status === 'missed').map((n) => n.index);
  const direction = ours > originalNodes ? 'we credit more' : 'we credit fewer';
  const unprepared = record.formulas.filter((f) => !f.prepared).length;
  return [
    `${direction}: ${ours} vs ${originalNodes} of ${record.total_nodes} nodes`,
    matches.length > 0 ? `matched ${matches.join('; ')}` : 'no node matched',
    missed.length > 0 ? `missed nodes ${missed.join(', ')}` : '',
    unprepared > 0 ? `${unprepared} answer formula(s) could not be prepared` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
}

function main(): void {
  const { values } = parseArgs({
    options: { dataset: { type: 'string' }, responses: { type: 'string' }, mode: { type: 'string' } },
  });
  const mode = values.mode === 'strict' ? 'strict' : 'physical';
  const rows = compareOriginal(values.dataset, values.responses, mode);
  const fmt = (x: number | undefined): string => (x === undefined ? '  —  ' : x.toFixed(4));
  console.log(`problem  ours    original  achieved  final ours/orig  reason (mode ${mode})`);
  for (const r of rows) {
    console.log(
      `${r.problem_id.padEnd(8)} ${fmt(r.ours)}  ${fmt(r.original)}    ${`${r.record.achieved.length}/${r.record.total_nodes}`.padEnd(8)}  ${`${r.record.final_answer_correct ? 1 : 0}/${r.originalFinal ?? '—'}`.padEnd(15)}  ${r.reason || 'same'}`,
    );
  }
  const same = rows.filter((r) => r.reason === '').length;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\n${same}/${rows.length} equal; mean ours ${mean(rows.map((r) => r.ours)).toFixed(4)}, original ${mean(rows.map((r) => r.original ?? 0)).toFixed(4)}`,
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
