import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';

/** The lines of a JSONL file that parsed, with diagnostics for the rest. */
export interface JsonLines {
  readonly rows: readonly unknown[];
  /** 1-based line number of each row. */
  readonly lineNumbers: readonly number[];
  readonly diagnostics: readonly Diagnostic[];
  /** True when the last line had no newline and was ignored. */
  readonly truncated: boolean;
}

/**
 * Reads a JSONL file written by {@link createJsonlAppender}: a last line without its newline is
 * an interrupted write and is ignored (reported as `jsonl-truncated-line`); an invalid line elsewhere
 * is skipped with `jsonl-invalid-line`. A missing file reads as empty.
 */
export function readJsonLines(path: string): JsonLines {
  if (!existsSync(path)) return { rows: [], lineNumbers: [], diagnostics: [], truncated: false };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const last = lines.pop() ?? '';
  const rows: unknown[] = [];
  const lineNumbers: number[] = [];
  const diagnostics: Diagnostic[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      rows.push(JSON.parse(line));
      lineNumbers.push(i + 1);
    } catch {
      diagnostics.push({
        ...diagnostic('jsonl-invalid-line', 'warning', `invalid JSON, skipped`),
        where: `${path}:${i + 1}`,
      });
    }
  });
  const truncated = last.trim() !== '';
  if (truncated) {
    diagnostics.push({
      ...diagnostic(
        'jsonl-truncated-line',
        'warning',
        `last line is incomplete (${last.length} bytes without newline), ignored`,
      ),
      where: `${path}:${lines.length + 1}`,
    });
  }
  return { rows, lineNumbers, diagnostics, truncated };
}

/** Appends whole JSON lines to a file, each with one `write` and an `fsync`. */
export interface JsonlAppender {
  append(value: unknown): void;
  close(): void;
}

/**
 * Opens `path` for appending. A trailing partial line (from a killed writer) is cut off first, so
 * the next line starts clean. Each `append` is one `write` of one complete line followed by
 * `fsync`: a SIGKILL leaves either the whole line or a partial last line that readers ignore.
 */
export function createJsonlAppender(path: string): JsonlAppender {
  const fd = openSync(path, 'a+');
  repairTail(fd);
  return {
    append(value) {
      const buffer = Buffer.from(`${JSON.stringify(value)}\n`, 'utf8');
      let offset = 0;
      while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
      fsyncSync(fd);
    },
    close() {
      closeSync(fd);
    },
  };
}

function repairTail(fd: number): void {
  const size = fstatSync(fd).size;
  if (size === 0) return;
  const chunk = Buffer.alloc(Math.min(size, 1 << 16));
  let end = size;
  // Walk back to the last newline; cut everything after it.
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    readSync(fd, chunk, 0, end - start, start);
    const idx = chunk.subarray(0, end - start).lastIndexOf(10);
    if (idx >= 0) {
      const cut = start + idx + 1;
      if (cut !== size) ftruncateSync(fd, cut);
      return;
    }
    end = start;
  }
  ftruncateSync(fd, 0);
}
