import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readResponses } from '../dataset/read-responses.js';
import { readJsonLines } from '../runs/jsonl-file.js';
import { loadResponses, sampleKey } from '../runs/response-row.js';
import { judgementsPath, loadJudgements } from '../runs/run-judge.js';
import type { ScoreRecord } from '../score/types.js';
import type { ViewerRunInput } from './build-viewer-data.js';

/** What {@link loadViewerInput} found, or why it could not. */
export type LoadedViewerInput =
  | {
      readonly ok: true;
      readonly run: ViewerRunInput;
      readonly dataset?: string;
      readonly warnings: string[];
    }
  | { readonly ok: false; readonly error: string };

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/**
 * Reads a run directory (`run.json`, `records.jsonl`, `summary.json`, `responses.jsonl`), a
 * `prism score --out` directory (`records.jsonl`, `summary.json`) or a records.jsonl file. Response
 * texts come from the run's responses.jsonl, else from `responsesPath` by response_id.
 */
export function loadViewerInput(path: string, responsesPath?: string): LoadedViewerInput {
  if (!existsSync(path)) return { ok: false, error: `${path} does not exist` };
  const isDir = statSync(path).isDirectory();
  const dir = isDir ? path : dirname(path);
  const recordsPath = isDir ? join(path, 'records.jsonl') : path;
  if (!existsSync(recordsPath)) return { ok: false, error: `${path} has no records.jsonl (score it first)` };
  const read = readJsonLines(recordsPath);
  const records = read.rows.filter(
    (r): r is Partial<ScoreRecord> =>
      typeof r === 'object' && r !== null && typeof (r as { problem_id?: unknown }).problem_id === 'string',
  );
  const warnings = read.diagnostics.map((d) => `${d.where ?? recordsPath}: ${d.message}`);
  let summary: unknown;
  let config: unknown;
  try {
    summary = readJson(join(dir, 'summary.json'));
    config = isDir ? readJson(join(path, 'run.json')) : undefined;
  } catch (error) {
    return { ok: false, error: `${dir}: ${(error as Error).message}` };
  }
  let judgements: (Record<string, unknown> | undefined)[] | undefined;
  if (isDir && config !== undefined) {
    // prism judge's verdicts beside the records: the latest per sample and rubric.
    for (const rubric of ['pps', 'binary', 'steps'] as const) {
      if (!existsSync(judgementsPath(path, rubric))) continue;
      const latest = loadJudgements(path, rubric);
      judgements ??= records.map(() => undefined);
      records.forEach((r, i) => {
        const row = latest.get(sampleKey(r.problem_id!, (r as { sample?: number }).sample ?? 0));
        if (row === undefined) return;
        judgements![i] = { ...judgements![i], [rubric]: { ...row.judgement, judge_model: row.judge.model } };
      });
    }
  }
  let responses: (string | null)[] = records.map(() => null);
  let times: (number | null)[] | undefined;
  const runResponses = join(dir, 'responses.jsonl');
  if (config !== undefined && existsSync(runResponses)) {
    const latest = loadResponses(runResponses).latest;
    const rows = records.map((r) =>
      latest.get(sampleKey(r.problem_id!, (r as { sample?: number }).sample ?? 0)),
    );
    responses = rows.map((row) => row?.response ?? null);
    times = rows.map((row) => (row === undefined ? null : row.latency_ms / 1000));
  } else if (responsesPath !== undefined) {
    const file = readResponses(responsesPath);
    if (!file.readable)
      warnings.push(`${responsesPath}: responses not readable; answers shown as formulas only`);
    const byId = new Map(file.responses.map((r) => [r.response_id, r.response]));
    responses = records.map((r) => (r.response_id === undefined ? null : (byId.get(r.response_id) ?? null)));
  }
  const dataset = (config as { dataset?: unknown } | undefined)?.dataset;
  const model = (config as { model?: unknown } | undefined)?.model;
  const technique = (config as { technique?: unknown } | undefined)?.technique;
  const folder = basename(isDir ? path : dir);
  // Two runs of one model (another technique, another folder) must not share a label.
  const name =
    typeof model === 'string'
      ? `${model} · ${typeof technique === 'string' ? technique : 'zero-shot'} · ${folder}`
      : folder;
  return {
    ok: true,
    run: {
      name,
      source: path,
      ...(config === undefined ? {} : { config }),
      ...(summary === undefined ? {} : { summary }),
      records,
      responses,
      ...(times === undefined ? {} : { times }),
      ...(judgements === undefined ? {} : { judgements }),
    },
    ...(typeof dataset === 'string' ? { dataset } : {}),
    warnings,
  };
}
