/**
 * A problem with what the user gave (a path, a file, an option) found at an edge of the library.
 * Library callers get a plain, catchable error with a stable `code`; the CLI prints its message as
 * one line and exits 2, never with a stack trace.
 */
export class InputError extends Error {
  override readonly name: string = 'InputError';
  /** A stable kebab-case code (see `prism explain`). */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
