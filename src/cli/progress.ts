import type { CliIo } from './io.js';

/** A progress reporter on stderr. */
export interface Progress {
  tick(done: number): void;
  finish(): void;
}

/**
 * Progress on stderr: a redrawn bar when stderr is a terminal; otherwise a plain line at most every
 * `intervalMs` (and at the end), so logs stay readable. `quiet` silences it.
 */
export function createProgress(
  io: CliIo,
  total: number,
  label: string,
  options: { quiet?: boolean; intervalMs?: number; now?: () => number } = {},
): Progress {
  const now = options.now ?? (() => Date.now());
  const interval = options.intervalMs ?? 2000;
  const started = now();
  let last = started;
  let current = 0;
  const silent = options.quiet === true || total === 0;
  const bar = (done: number): string => {
    const width = 30;
    const filled = Math.round((width * done) / total);
    return `\r${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`;
  };
  return {
    tick(done) {
      current = done;
      if (silent) return;
      if (io.isTTY) {
        io.stderr(bar(done));
        return;
      }
      const t = now();
      if (t - last >= interval) {
        last = t;
        io.stderr(`${label}: ${done}/${total} (${((t - started) / 1000).toFixed(1)} s)\n`);
      }
    },
    finish() {
      if (silent) return;
      const seconds = ((now() - started) / 1000).toFixed(1);
      io.stderr(
        io.isTTY ? `${bar(current)} ${seconds} s\n` : `${label}: ${current}/${total} done in ${seconds} s\n`,
      );
    },
  };
}
