/** "Did you mean" lives in the core (dataset checks use it too); the CLI adds flag listing. */
export { suggest } from '../core/suggest.js';

/** The `--flags` a command's help text documents. */
export function helpFlags(help: string): string[] {
  return [...new Set(help.match(/--[a-z][a-z0-9-]*/g) ?? [])];
}
