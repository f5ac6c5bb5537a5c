/**
 * An error that becomes an HTTP response: thrown anywhere below the app, turned into
 * `{error: {code, message}}` with `status` in exactly one place (`createApp`).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    /** A code in `SERVER_CODES`. */
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
