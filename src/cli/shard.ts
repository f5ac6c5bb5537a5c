import { createHash } from 'node:crypto';
import { UsageError } from './io.js';

/** One shard of an offline scoring run: responses whose index ≡ `index` (mod `count`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses `--shard i/n` (0 ≤ i < n; 0-based like Slurm array ids and Kubernetes completion indices). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : Number.NaN;
  const count = m ? Number(m[2]) : Number.NaN;
  if (!(count >= 1 && index >= 0 && index < count))
    throw new UsageError(`--shard must be i/n with 0 ≤ i < n (e.g. 0/4), not '${text}'`);
  return { index, count };
}

/** True when response number `position` (0-based, in input order) belongs to the shard. */
export function inShard(shard: Shard, position: number): boolean {
  return position % shard.count === shard.index;
}

/** What `prism score --shard` writes beside the records (`shard.json`), and `prism merge` reads. */
export interface ShardManifest {
  readonly shard: number;
  readonly of: number;
  /** Responses in the whole input, before splitting. */
  readonly total: number;
  /** Input position (0-based) of each record in `records.jsonl`, in order. */
  readonly positions: readonly number[];
  readonly scorer_version: string;
  /**
   * sha256 of what decides the scores: the mode, the selected problems (their content, not only
   * their ids) and every response row in input order. Shards of different runs (another responses
   * file of the same length, another dataset, mode or selection) never merge into one result.
   */
  readonly run?: string;
}

/** The `run` fingerprint of a shard manifest (see ShardManifest.run). */
export function runFingerprint(
  mode: string,
  problems: readonly unknown[],
  responses: readonly { problem_id: string; response: string; response_id: string }[],
): string {
  const hash = createHash('sha256');
  hash.update(`mode ${mode}\n`);
  for (const problem of problems) hash.update(`${JSON.stringify(problem)}\n`);
  hash.update('responses\n');
  for (const r of responses) hash.update(`${JSON.stringify([r.response_id, r.problem_id, r.response])}\n`);
  return hash.digest('hex');
}
