import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of a file under `../shared` (beside the repo), or `undefined` when it is absent —
 * a user's clone has no shared/; CI always has it. Tests pass the result to `t.skip(...)`.
 */
export function sharedFile(relative: string): string | undefined {
  const path = fileURLToPath(new URL(`../../../shared/${relative}`, import.meta.url));
  return existsSync(path) ? path : undefined;
}

/** The skip message for a missing shared file. */
export function missingShared(relative: string): string {
  return `../shared/${relative} is absent (only CI and developer machines have it); skipped`;
}
