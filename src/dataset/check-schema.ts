import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { suggest } from '../core/suggest.js';
import { rawProblemId } from '../dag/validate-problem.js';
import { packageRoot } from './bundled-dataset.js';

let compiled: { validate: ValidateFunction; fields: readonly string[] } | undefined;

/** The path of the shipped JSON Schema of one problem (`schema/problem.schema.json`). */
export function problemSchemaPath(): string {
  return join(packageRoot(), 'schema', 'problem.schema.json');
}

function problemSchema(): { validate: ValidateFunction; fields: readonly string[] } {
  if (compiled !== undefined) return compiled;
  const schema = JSON.parse(readFileSync(problemSchemaPath(), 'utf8')) as {
    properties: Record<string, unknown>;
  };
  // allErrors: one pass names every problem of an item, as `validate` lists every finding.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  compiled = { validate: ajv.compile(schema), fields: Object.keys(schema.properties) };
  return compiled;
}

/**
 * Checks raw dataset items against the shipped JSON Schema (`schema/problem.schema.json`), so the
 * documented format and `prism validate` cannot drift apart. Each violation is a `schema-violation`
 * diagnostic whose message names the key path (`/grading_standard/2/dependency/0: must be
 * integer`); it is an error where the loader would skip the problem (the id, the DAG, a parameter)
 * and a warning where the loader drops the field and goes on. A top-level field the schema does not
 * know, but close to one it does (`grading_standards`), is an `unknown-field` warning with the
 * suggestion; other extra fields are allowed (released data carries some). `where` prefixes every
 * location (a file name).
 */
export function checkSchema(items: readonly unknown[], where: string): Diagnostic[] {
  const { validate, fields } = problemSchema();
  const out: Diagnostic[] = [];
  items.forEach((item, i) => {
    const id = rawProblemId(item);
    const at = `${where}: ${id === undefined ? `item ${i + 1}` : `problem ${id}`}`;
    if (!validate(item)) {
      for (const error of relevant(validate.errors ?? [])) {
        out.push({
          code: 'schema-violation',
          severity: isFatal(error) ? 'error' : 'warning',
          message: describe(error),
          where: at,
        });
      }
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return;
    for (const key of Object.keys(item)) {
      if (fields.includes(key)) continue;
      const close = suggest(key, fields);
      if (close === undefined) continue;
      out.push({
        code: 'unknown-field',
        severity: 'warning',
        message: `field \`${key}\` is not part of the format (did you mean \`${close}\`?); ignored`,
        where: at,
      });
    }
  });
  return out;
}

/** `anyOf` reports every branch's failure and then its own; keep the branch errors only when useful. */
function relevant(errors: readonly ErrorObject[]): ErrorObject[] {
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  return errors.filter((e) => {
    if (e.keyword === 'anyOf') return true;
    // A branch error under an anyOf at the same place says less than the anyOf itself.
    return !anyOfPaths.has(e.instancePath) || e.keyword === 'required';
  });
}

function isFatal(error: ErrorObject): boolean {
  const path = error.instancePath;
  if (path === '' || path === '/id') return true;
  return path.startsWith('/grading_standard') || path.startsWith('/parameters');
}

function describe(error: ErrorObject): string {
  const path = error.instancePath === '' ? '(the problem)' : error.instancePath;
  if (error.keyword === 'required')
    return `${path}: missing required field \`${String(error.params.missingProperty)}\``;
  if (error.keyword === 'enum')
    return `${path}: must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'anyOf') return `${path}: ${anyOfHint(error.instancePath)}`;
  if (error.keyword === 'pattern' && error.instancePath.endsWith('/difficulty'))
    return `${path}: must be easy, medium or hard`;
  if (error.keyword === 'pattern' && error.params.pattern === '\\S') return `${path}: must not be blank`;
  return `${path}: ${error.message ?? error.keyword}`;
}

function anyOfHint(path: string): string {
  if (path === '/id') return 'must be a non-blank string or a number';
  if (path.endsWith('/final_answer')) return 'must be a string or a list of strings';
  if (path === '/witness') return 'must be a {symbol: number} object or a list of them';
  if (/^\/parameters\/\d+$/.test(path)) return 'needs `min` and `max`, or `values`';
  return 'matches none of the allowed forms';
}
