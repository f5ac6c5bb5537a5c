import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
import type { Problem } from '../dag/types.js';
import { datasetInstances } from '../instances/dataset-instances.js';
import { contentHash } from '../pipeline/content-hash.js';
import type { RunConfig } from './run-config.js';

/** How a run's PRiSM instances were drawn (`<id>#<k>` problems), stored in run.json to draw them again. */
export interface RunInstances {
  readonly n: number;
  readonly seed: string;
}

/**
 * The problems named by `ids`, in that order: dataset problems by id, and `<id>#<k>` instances drawn
 * again from their base problem with the run's settings. Ids found nowhere are returned as `missing`.
 */
export function resolveProblemIds(
  ids: readonly string[],
  dataset: readonly Problem[],
  instances?: RunInstances,
): { problems: Problem[]; missing: string[] } {
  const byId = new Map(dataset.map((p) => [p.id, p]));
  const wantedBases = new Set<string>();
  for (const id of ids)
    if (!byId.has(id) && id.includes('#')) wantedBases.add(id.slice(0, id.lastIndexOf('#')));
  if (instances !== undefined && wantedBases.size > 0) {
    const bases = dataset.filter((p) => wantedBases.has(p.id));
    for (const p of datasetInstances(bases, { n: instances.n, seed: instances.seed }).instances)
      if (!byId.has(p.id)) byId.set(p.id, p);
  }
  const problems: Problem[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (p === undefined) missing.push(id);
    else problems.push(p);
  }
  return { problems, missing };
}

/** At most `n` ids of a list, then "…": for messages. */
export function someIds(ids: readonly string[], n = 5): string {
  return ids.length <= n ? ids.join(', ') : `${ids.slice(0, n).join(', ')}, … (${ids.length} in all)`;
}

/**
 * Exactly the problems a stored run used, for every command that reads a run (rescore, judge,
 * errors, compare, report): the ids in run.json, looked up in `dataset`. A run problem the dataset
 * lacks is an `InputError` (`run-problems-missing`) unless `force`; a dataset whose content changed
 * since the run gives the warning `run-dataset-changed`. Runs written before run.json listed its
 * ids fall back to the first `problems` of the dataset, with the warning `run-problem-ids-absent`.
 */
export function problemsOfRun(
  config: RunConfig,
  dataset: readonly Problem[],
  options: { readonly force?: boolean; readonly datasetPath?: string } = {},
): { problems: Problem[]; diagnostics: Diagnostic[] } {
  const where = options.datasetPath ?? config.dataset;
  if (!Array.isArray(config.problem_ids)) {
    return {
      problems: dataset.slice(0, config.problems),
      diagnostics: [
        diagnostic(
          'run-problem-ids-absent',
          'warning',
          `run.json does not list its problem ids (written by an older prism): taking the first ${config.problems} problems of ${where}`,
        ),
      ],
    };
  }
  const { problems, missing } = resolveProblemIds(config.problem_ids, dataset, config.instances);
  const diagnostics: Diagnostic[] = [];
  if (missing.length > 0) {
    const message = `${missing.length} of the run's ${config.problem_ids.length} problems are not in ${where}: ${someIds(missing)}`;
    if (options.force !== true)
      throw new InputError(
        'run-problems-missing',
        `${message}; their answers would be dropped (name the run's dataset with --dataset, or pass --force)`,
      );
    diagnostics.push(diagnostic('run-problems-missing', 'warning', `${message}; --force: left out`));
  } else if (config.dataset_hash !== undefined && contentHash(problems) !== config.dataset_hash) {
    diagnostics.push(
      diagnostic(
        'run-dataset-changed',
        'warning',
        `the run's problems in ${where} changed since the run (content hash differs from run.json's)`,
      ),
    );
  }
  return { problems, diagnostics };
}
