// The Node version floor, read from package.json `engines.node` (one source of truth), and the
// one-line check every entry point runs before loading anything that needs a newer Node.
// Why 20.10: `AbortSignal.any` (chat client) needs 20.3, and `node --test --test-concurrency`
// (the test runner) needs 20.10.
import { readFileSync } from 'node:fs';

/** The floor declared in package.json, e.g. `20.10.0`. */
export function nodeFloor() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(String(pkg.engines?.node ?? ''));
  return match === null ? '0.0.0' : match.slice(1, 4).join('.');
}

/**
 * Undefined when `version` (e.g. `v20.9.0` or `20.9.0`) meets `floor`; otherwise the one-line
 * message to print.
 */
export function nodeVersionProblem(version, floor = nodeFloor()) {
  const parts = (v) =>
    String(v)
      .replace(/^v/, '')
      .split('.')
      .map((x) => Number.parseInt(x, 10) || 0);
  const have = parts(version);
  const need = parts(floor);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return undefined;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return `prism-physics needs Node >= ${floor}; this is Node ${String(version).replace(/^v/, '')}. Install a newer Node (e.g. the current LTS) and run again.`;
    }
  }
  return undefined;
}
