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
