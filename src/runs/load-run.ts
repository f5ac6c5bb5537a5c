import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { readJsonLines } from './jsonl-file.js';
import type { RunConfig } from './run-config.js';
import type { RunReport } from './run-report.js';
import type { RunRecord } from './score-run.js';

/** A run directory as stored. */
export interface StoredRun {
  readonly dir: string;
  readonly config: RunConfig;
  readonly records: readonly RunRecord[];
  /** Absent until the run has been scored. */
  readonly summary?: RunReport;
}

/** Reads `run.json`, `records.jsonl` and `summary.json` of a run directory. */
export function loadRun(dir: string): { run?: StoredRun; diagnostics: Diagnostic[] } {
  const configPath = join(dir, 'run.json');
  if (!existsSync(configPath)) {
    return {
      diagnostics: [{ ...diagnostic('run-config-missing', 'error', `no run.json in ${dir}`), where: dir }],
    };
  }
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as RunConfig;
  const read = readJsonLines(join(dir, 'records.jsonl'));
  const records = read.rows as RunRecord[];
  const summaryPath = join(dir, 'summary.json');
  const summary = existsSync(summaryPath)
    ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as RunReport)
    : undefined;
  const run: StoredRun = summary === undefined ? { dir, config, records } : { dir, config, records, summary };
  return { run, diagnostics: [...read.diagnostics] };
}
