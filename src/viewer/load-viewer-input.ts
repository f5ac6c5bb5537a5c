import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readResponses } from '../dataset/read-responses.js';
import type { ChatMessage } from '../llm/chat-types.js';
import type { CallRecord } from '../pipeline/call-record.js';
import { readJsonLines } from '../runs/jsonl-file.js';
import { loadResponses, sampleKey } from '../runs/response-row.js';
import { judgementsPath, loadJudgements } from '../runs/run-judge.js';
import type { ScoreRecord } from '../score/types.js';
import type { ViewerRunInput } from './build-viewer-data.js';
import type { ViewerPrismTask, ViewerTranscriptCall } from './viewer-data.js';

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
  const prismRead = isDir ? readPrismTasks(path) : { tasks: [], warnings: [] };
  const prism = prismRead.tasks;
  if (!existsSync(recordsPath) && prism.length === 0)
    return { ok: false, error: `${path} has no records.jsonl (score it first)` };
  const read = readJsonLines(recordsPath);
  const records = read.rows.filter(
    (r): r is Partial<ScoreRecord> =>
      typeof r === 'object' && r !== null && typeof (r as { problem_id?: unknown }).problem_id === 'string',
  );
  const warnings = [
    ...read.diagnostics.map((d) => `${d.where ?? recordsPath}: ${d.message}`),
    ...prismRead.warnings,
  ];
  let summary: unknown;
  let config: unknown;
  try {
    summary = readJson(join(dir, 'summary.json'));
    config = isDir ? readJson(join(path, 'run.json')) : undefined;
  } catch (error) {
    return { ok: false, error: `${dir}: ${(error as Error).message}` };
  }
  // The summaries of prism judge and prism errors beside the run (the figures' numbers).
  const judgeSummaries: Record<string, unknown> = {};
  let errors: unknown;
  if (isDir) {
    for (const rubric of ['pps', 'binary', 'steps'] as const) {
      try {
        const summary = readJson(join(path, `judgements-${rubric}.summary.json`));
        if (summary !== undefined) judgeSummaries[rubric] = summary;
      } catch {
        warnings.push(`${path}: judgements-${rubric}.summary.json is not valid JSON; left out`);
      }
    }
    try {
      errors = readJson(join(path, 'errors.summary.json'));
    } catch {
      warnings.push(`${path}: errors.summary.json is not valid JSON; left out`);
    }
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
  let transcripts: (ViewerTranscriptCall[] | undefined)[] | undefined;
  const transcriptPath = join(dir, 'transcripts.jsonl');
  if (config !== undefined && existsSync(transcriptPath)) {
    const bySample = transcriptsBySample(transcriptPath);
    transcripts = records.map((r) =>
      bySample.get(sampleKey(r.problem_id!, (r as { sample?: number }).sample ?? 0)),
    );
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
      ...(transcripts === undefined ? {} : { transcripts }),
      ...(prism.length === 0 ? {} : { prism }),
      ...(Object.keys(judgeSummaries).length === 0 ? {} : { judgeSummaries }),
      ...(errors === undefined ? {} : { errors }),
    },
    ...(typeof dataset === 'string' ? { dataset } : {}),
    warnings,
  };
}

const messageText = (m: ChatMessage | undefined): string =>
  m === undefined
    ? ''
    : typeof m.content === 'string'
      ? m.content
      : m.content.map((p) => (p.type === 'text' ? p.text : '[image]')).join('\n');

/**
 * A run's transcripts.jsonl grouped by sample (`problem#sample`): per step the latest successful
 * call (else the latest attempt), in the order the steps first ran. Each call keeps only the turn
 * it added, not the whole chat it resent.
 */
export function transcriptsBySample(path: string): Map<string, ViewerTranscriptCall[]> {
  const bySample = new Map<string, Map<string, CallRecord>>();
  for (const row of readJsonLines(path).rows) {
    const r = row as Partial<CallRecord> | null;
    if (typeof r !== 'object' || r === null || typeof r.sample !== 'string' || typeof r.step !== 'string')
      continue;
    const steps = bySample.get(r.sample) ?? new Map<string, CallRecord>();
    bySample.set(r.sample, steps);
    const held = steps.get(r.step);
    if (held === undefined || held.error !== null || r.error === null) steps.set(r.step, r as CallRecord);
  }
  const out = new Map<string, ViewerTranscriptCall[]>();
  for (const [sample, steps] of bySample) {
    out.set(
      sample,
      [...steps.values()].map((c) => {
        const messages = Array.isArray(c.messages) ? c.messages : [];
        return {
          step: c.step,
          role: String(c.role),
          model: String(c.model),
          prompt: messageText(messages[messages.length - 1]),
          turns: messages.length,
          response: typeof c.response === 'string' ? c.response : null,
          ...(c.parsed === undefined ? {} : { parsed: c.parsed }),
          ...(c.parse_error === undefined ? {} : { parse_error: c.parse_error }),
          ...(c.error === null || c.error === undefined
            ? {}
            : { error: `${c.error.code}: ${c.error.message}` }),
          latency_ms: typeof c.latency_ms === 'number' ? c.latency_ms : 0,
          tokens: typeof c.usage?.total === 'number' ? c.usage.total : 0,
          cached: c.cached === true,
        };
      }),
    );
  }
  return out;
}

const PRISM_FILES = [
  ['I', 'prism.json'],
  ['III', 'prism-iii.json'],
  ['IV', 'prism-iv.json'],
  ['V', 'prism-v.json'],
] as const;

/** The PRiSM task results a run directory holds; a damaged file is left out with a warning naming it. */
export function readPrismTasks(dir: string): { tasks: ViewerPrismTask[]; warnings: string[] } {
  const out: ViewerPrismTask[] = [];
  const warnings: string[] = [];
  for (const [task, file] of PRISM_FILES) {
    let json: Record<string, unknown>;
    try {
      const parsed = readJson(join(dir, file));
      if (parsed === undefined) continue;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not a JSON object');
      json = parsed as Record<string, unknown>;
    } catch (error) {
      warnings.push(`${join(dir, file)}: not read (${(error as Error).message}); Task ${task} left out`);
      continue;
    }
    // Task I's file is the report itself; III and IV hold {report, outcomes}; V {outcomes, shares}.
    const report = task === 'I' ? json : json.report;
    const outcomes = Array.isArray(json.outcomes) ? json.outcomes : undefined;
    const shares = json.shares ?? json.behaviour;
    out.push({
      task,
      ...(report === undefined ? {} : { report }),
      ...(outcomes === undefined ? {} : { outcomes }),
      ...(typeof shares === 'object' && shares !== null ? { shares: shares as Record<string, number> } : {}),
      ...(Array.isArray(json.unmaskable) ? { unmaskable: json.unmaskable } : {}),
    });
  }
  return { tasks: out, warnings };
}
