import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
import type { Problem } from '../dag/types.js';
import { validateDataset } from '../dag/validate-dataset.js';
import { rawProblemId } from '../dag/validate-problem.js';
import { checkSchema } from './check-schema.js';
import { parseJson } from './json-error.js';

/** A loaded dataset: the valid problems, every finding, and the files read. */
export interface LoadedDataset {
  readonly problems: Problem[];
  readonly diagnostics: Diagnostic[];
  readonly files: string[];
  /** False when nothing could be read at all (the CLI exits 2). */
  readonly readable: boolean;
  /** With `raw: true`: each item as the file wrote it, by problem id (the first of a repeated id). */
  readonly raw?: ReadonlyMap<string, unknown>;
}

/** Options of {@link loadDataset}. */
export interface LoadDatasetOptions {
  /**
   * Also check every item against the shipped JSON Schema (`schema/problem.schema.json`), as
   * `prism validate` does: structure findings then come as `schema-violation` with the key path,
   * in place of the loader's own messages for the same problem.
   */
  readonly schema?: boolean;
  /** Also keep every item as written (`LoadedDataset.raw`), for a command that writes the file back. */
  readonly raw?: boolean;
}

/** Loader findings about an item's shape that a schema violation of the same item says better. */
const SHAPE_CODES = new Set([
  'problem-not-object',
  'problem-missing-id',
  'problem-bad-field',
  'dag-missing',
  'dag-node-not-object',
  'dag-bad-index',
  'dag-missing-formula',
  'dag-bad-dependency',
  'parameter-bad',
]);

/**
 * Loads problems from a JSON array file, a JSONL file (one problem per line), or a directory of
 * `*.json`/`*.jsonl` files (merged in file-name order; a problem without `domain` takes the file's
 * stem, as in `data/benchmark/<domain>.json`). Invalid JSON is a diagnostic with file, line and
 * column; every problem is validated with `validateDataset`; duplicate ids across files are reported.
 * A path that does not exist throws an {@link InputError} (`file-unreadable`).
 */
export function loadDataset(path: string, options: LoadDatasetOptions = {}): LoadedDataset {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // A library caller must not mistake a wrong path for an empty dataset.
    throw new InputError(
      'file-unreadable',
      `${resolve(path)}: no such file or directory (relative paths resolve against ${process.cwd()}; the bundled benchmark is bundledDatasetPath())`,
    );
  }
  const files = isDir
    ? readdirSync(path)
        .filter((f) => /\.jsonl?$/.test(f))
        .sort()
        .map((f) => join(path, f))
    : [path];
  if (files.length === 0) {
    return {
      problems: [],
      diagnostics: [{ code: 'empty-dataset', severity: 'error', message: 'no *.json files', where: path }],
      files,
      readable: false,
    };
  }
  const problems: Problem[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  let readable = false;
  const raw = options.raw === true ? new Map<string, unknown>() : undefined;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      diagnostics.push(fileError(file, error));
      continue;
    }
    readable = true;
    const stem = basename(file).replace(/\.jsonl?$/, '');
    const items = parseItems(text, file, diagnostics);
    if (raw !== undefined)
      for (const item of items) {
        const id = rawProblemId(item);
        if (id !== undefined && !raw.has(id)) raw.set(id, item);
      }
    const withDomain = isDir
      ? items.map((item) =>
          typeof item === 'object' && item !== null && !('domain' in item) ? { ...item, domain: stem } : item,
        )
      : items;
    const result = validateDataset(withDomain, basename(file));
    if (options.schema === true) {
      const schema = checkSchema(withDomain, basename(file));
      const covered = new Set(schema.filter((d) => d.code === 'schema-violation').map((d) => d.where));
      const said = (where: string | undefined): boolean =>
        where !== undefined && [...covered].some((w) => where === w || where.startsWith(`${w} `));
      diagnostics.push(...schema);
      diagnostics.push(...result.diagnostics.filter((d) => !(SHAPE_CODES.has(d.code) && said(d.where))));
    } else diagnostics.push(...result.diagnostics);
    for (const problem of result.problems) {
      if (seen.has(problem.id)) {
        diagnostics.push({
          code: 'problem-duplicate-id',
          severity: 'error',
          message: `problem id ${problem.id} already loaded from an earlier file; skipped`,
          where: `${basename(file)}: problem ${problem.id}`,
        });
        continue;
      }
      seen.add(problem.id);
      problems.push(problem);
    }
  }
  return raw === undefined
    ? { problems, diagnostics, files, readable }
    : { problems, diagnostics, files, readable, raw };
}

function parseItems(text: string, file: string, diagnostics: Diagnostic[]): unknown[] {
  const trimmed = text.trimStart();
  if (file.endsWith('.jsonl') || (!trimmed.startsWith('[') && /^\{[^\n]*\}\s*\n\s*\{/.test(trimmed))) {
    const items: unknown[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const parsed = parseJson(line, basename(file), i);
      if (parsed.ok) items.push(parsed.value);
      else diagnostics.push(parsed.diagnostic);
    });
    return items;
  }
  const parsed = parseJson(text, basename(file));
  if (!parsed.ok) {
    diagnostics.push(parsed.diagnostic);
    return [];
  }
  return Array.isArray(parsed.value) ? parsed.value : [parsed.value];
}

function fileError(file: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'file-unreadable', severity: 'error', message, where: file };
}
