/**
 * Failure codes that no other call can escape either (a rejected key, an unknown model or wrong
 * path, nothing listening at the base URL, an exhausted quota): a run stops at the first one and shows the server's
 * message, instead of recording the same failure for every sample.
 */
export const FATAL_CODES: ReadonlySet<string> = new Set([
  'llm-auth-error',
  'llm-not-found',
  'llm-connection-refused',
  'llm-quota-exceeded',
]);

/** True when a failure code should stop the whole run. */
export function isFatalFailure(code: string): boolean {
  return FATAL_CODES.has(code);
}
