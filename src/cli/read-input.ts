import { readFileSync } from 'node:fs';
import type { CliIo } from './io.js';
import { UsageError } from './io.js';

/** Reads a file argument, or standard input for `-`; a missing file is a usage error (exit 2). */
export async function readInput(path: string, io: CliIo): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read '${path}'${code === undefined ? '' : ` (${code})`}`);
  }
}

/** Parses a JSON option value, naming the option in the usage error. */
export function parseJsonOption(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
}

/** One non-blank line of a JSONL input: its parsed value, or why it is not JSON. */
export type JsonLine =
  | { readonly line: number; readonly ok: true; readonly value: unknown }
  | { readonly line: number; readonly ok: false; readonly error: string };

/** The non-blank lines of a JSONL text, each parsed on its own (a bad line does not stop the rest). */
export function jsonLines(text: string): JsonLine[] {
  const out: JsonLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      out.push({ line: i + 1, ok: true, value: JSON.parse(raw) });
    } catch (error) {
      out.push({ line: i + 1, ok: false, error: `invalid JSON: ${(error as Error).message}` });
    }
  });
  return out;
}
