import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
import type { Problem } from '../dag/types.js';
import { contentHash } from '../pipeline/content-hash.js';
import { compareRunConfig, type RunConfig } from './run-config.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** Reads a run directory's `run.json`; a damaged one is an `InputError` (one line, exit 2), never a stack. */
export function readRunConfig(dir: string): RunConfig | undefined {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(
      'run-config-invalid',
      `${path} is not a valid run.json (${(error as Error).message})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InputError('run-config-invalid', `${path} is not a valid run.json (not an object)`);
  return parsed as RunConfig;
}

/**
 * Opens (or starts) a run directory's `run.json` for an invocation working on `problems`: a stored
 * config whose identity differs is refused (`mismatch`); otherwise the stored problem ids and samples
 * are kept and this invocation's added (a resume never drops what an earlier one answered). Returns
 * the config written and the problems to score: this invocation's, then the stored ones that
 * `resolve` finds (those it cannot find stay in run.json, and their records are kept by scoreRun's
 * refusal to shrink).
 */
export function openRunConfig(
  dir: string,
  next: RunConfig,
  problems: readonly Problem[],
  resolve?: (ids: readonly string[]) => readonly Problem[],
): { config?: RunConfig; scoreProblems: readonly Problem[]; mismatch: Diagnostic[] } {
  const stored = readRunConfig(dir);
  const path = join(dir, 'run.json');
  if (stored === undefined) {
    const config: RunConfig = { ...next, problem_ids: problems.map((p) => p.id) };
    writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`);
    return { config, scoreProblems: problems, mismatch: [] };
  }
  const mismatch = compareRunConfig(stored, next);
  if (mismatch.length > 0) return { scoreProblems: [], mismatch };
  const here = new Set(problems.map((p) => p.id));
  const earlier = (stored.problem_ids ?? []).filter((id) => !here.has(id));
  const found = earlier.length === 0 || resolve === undefined ? [] : resolve(earlier);
  const scoreProblems = [...problems, ...found];
  const ids = [...problems.map((p) => p.id), ...earlier];
  const config: RunConfig = {
    ...next,
    samples: Math.max(stored.samples, next.samples),
    problem_ids: ids,
    problems: ids.length,
    dataset_hash: contentHash(scoreProblems),
    created_at: stored.created_at,
  };
  writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`);
  return { config, scoreProblems, mismatch: [] };
}
