/** Object keys whose children are user names (variables, constants), kept exactly as written. */
const NAME_MAPS = new Set(['assignment', 'constants', 'values', 'parameters', 'domains', 'difficulties']);

/** `nEq` → `n_eq`, `solutionsA` → `solutions_a`; keys already snake_case are unchanged. */
export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Every JSON object the CLI prints or writes uses snake_case keys (the convention of the data format:
 * `problem_id`, `step_score`, `n_eq`). Library objects may be camelCase; this converts them at the
 * edge, deeply, leaving the keys of name maps (an assignment of variables, a constants map) as written.
 */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[snakeCase(key)] = NAME_MAPS.has(key) ? child : snakeCaseKeys(child);
  }
  return out;
}
