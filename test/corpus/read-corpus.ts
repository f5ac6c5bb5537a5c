import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A formula-equivalence pair (`fixtures/equivalence/*.jsonl`). */
export interface EquivalenceRow {
  readonly id: string;
  readonly category: string;
  readonly a: string;
  readonly b: string;
  readonly constants?: Readonly<Record<string, string>>;
  readonly expected: 'equivalent' | 'different';
  /** The verdict under `mode: 'strict'` when it differs from `expected`. */
  readonly expected_strict?: 'equivalent' | 'different';
  readonly note: string;
}

/** A parse/evaluate row (`fixtures/parse/*.jsonl`): exactly one of `value`, `holds`, `items`, `error`. */
export interface ParseRow {
  readonly id: string;
  readonly domain: string;
  readonly latex: string;
  /** Symbol LaTeX → number. */
  readonly at?: Readonly<Record<string, number>>;
  readonly value?: number;
  readonly holds?: boolean;
  readonly items?: number;
  readonly error?: string;
}

/** One parsed line with the file it came from, for messages. */
export interface Located<T> {
  readonly file: string;
  readonly line: number;
  readonly row: T;
}

/**
 * Reads every `*.jsonl` file of a fixtures folder (relative to the repo root), one JSON object per
 * non-empty line, in file-name order. Throws on unparsable JSON: a broken corpus must fail loudly.
 */
export function readCorpus<T>(folder: string): Located<T>[] {
  const dir = fileURLToPath(new URL(`../../${folder}/`, import.meta.url));
  const out: Located<T>[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(`${dir}${file}`, 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (text.trim() === '') return;
      out.push({ file: `${folder}/${file}`, line: i + 1, row: JSON.parse(text) as T });
    });
  }
  return out;
}
