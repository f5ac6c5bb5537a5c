import type { Span } from './span.js';

/** How bad a diagnostic is: `error` means the result must not be trusted. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * An expected failure or remark, with a stable kebab-case `code` (explained by the code registry),
 * a human message and, where it applies, the span in the source it is about.
 */
export interface Diagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly span?: Span;
  /** Where the input came from, outside the formula: e.g. `problem 1023 node 4`. */
  readonly where?: string;
}

/** Builds a diagnostic; omits `span` when it is undefined (exactOptionalPropertyTypes-friendly). */
export function diagnostic(code: string, severity: Severity, message: string, span?: Span): Diagnostic {
  return span === undefined ? { code, severity, message } : { code, severity, message, span };
}

/** True when any diagnostic in the list is an error. */
export function hasError(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
