import type { RunEvent } from './run-events.js';

/** How progress is shown: a redrawn line (TTY), a line every few seconds, nothing, or JSON events. */
export type ProgressMode = 'tty' | 'lines' | 'quiet' | 'jsonl';

/** Options of {@link createProgressDisplay}. */
export interface ProgressOptions {
  readonly mode: ProgressMode;
  /** Where the human display goes (stderr). */
  readonly write: (text: string) => void;
  /** Where JSON events go in `jsonl` mode (stdout). */
  readonly writeEvent?: (line: string) => void;
  /** Non-TTY line interval. Default 10 000 ms. */
  readonly intervalMs?: number;
  /** Monotonic milliseconds; `performance.now` by default. */
  readonly now?: () => number;
}

/** Consumes run events and draws progress. */
export interface ProgressDisplay {
  event(event: RunEvent): void;
  /** Draws the final line (and ends the redrawn line with a newline). */
  finish(): void;
  /** The status line as it would be drawn now. */
  line(): string;
}

/** Creates a progress display: done / total, errors, tokens, elapsed and ETA. */
export function createProgressDisplay(options: ProgressOptions): ProgressDisplay {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let lastLine = started;
  let total = 0;
  let done = 0;
  let before = 0;
  let errors = 0;
  let retries = 0;
  let cached = 0;
  let tokens = 0;
  let drawn = false;
  const line = (): string => {
    const elapsed = (now() - started) / 1000;
    const fresh = done - before;
    const left = total - done;
    const eta = fresh > 0 && left > 0 ? formatDuration((elapsed / fresh) * left) : left === 0 ? '0s' : '?';
    return `${done}/${total} done, ${errors} errors, ${retries} retries, ${cached} cached, ${tokens} tokens, ${formatDuration(elapsed)} elapsed, ETA ${eta}`;
  };
  const draw = (): void => {
    if (options.mode === 'tty') {
      options.write(`\r\x1b[2K${line()}`);
      drawn = true;
    } else if (options.mode === 'lines' && now() - lastLine >= (options.intervalMs ?? 10_000)) {
      lastLine = now();
      options.write(`${line()}\n`);
    }
  };
  return {
    event(event) {
      if (options.mode === 'jsonl') options.writeEvent?.(`${JSON.stringify(event)}\n`);
      switch (event.type) {
        case 'start':
          total = event.total;
          done = before = event.done;
          break;
        case 'response':
          done++;
          if (!event.ok) errors++;
          if (event.cached) cached++;
          tokens += event.tokens;
          break;
        case 'retry':
          retries++;
          break;
        default:
          break;
      }
      if (options.mode !== 'jsonl' && options.mode !== 'quiet') draw();
    },
    finish() {
      if (options.mode === 'tty' && drawn) options.write(`\r\x1b[2K${line()}\n`);
      else if (options.mode === 'lines') options.write(`${line()}\n`);
    },
    line,
  };
}

/** `75s` → `1m15s`; `3725s` → `1h02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
