import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
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
  let config: RunConfig;
  try {
    config = JSON.parse(readFileSync(configPath, 'utf8')) as RunConfig;
    if (typeof config !== 'object' || config === null || Array.isArray(config))
      throw new Error('not an object');
  } catch (error) {
    // A damaged run directory is the user's input, not our bug: one line, exit 2 (InputError).
    throw new InputError(
      'run-config-invalid',
      `${configPath} is not a valid run.json (${(error as Error).message})`,
    );
  }
  const read = readJsonLines(join(dir, 'records.jsonl'));
  const records = read.rows as RunRecord[];
  const summaryPath = join(dir, 'summary.json');
  const summary = existsSync(summaryPath) ? readSummary(summaryPath) : undefined;
  const run: StoredRun = summary === undefined ? { dir, config, records } : { dir, config, records, summary };
  return { run, diagnostics: [...read.diagnostics] };
}

/** summary.json is derived (rescore rewrites it): a damaged one is ignored rather than fatal. */
function readSummary(path: string): RunReport | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RunReport;
  } catch {
    return undefined;
  }
}
