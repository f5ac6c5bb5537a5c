/** A request as the app sees it: no socket, so tests build one in-process. */
export interface AppRequest {
  readonly method: string;
  /** The path without the query string, e.g. `/get_reward`. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body; rejects with a 413 `HttpError` past the size limit. */
  readonly body: () => Promise<Buffer>;
}

/** A response as the app returns it. */
export interface AppResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A JSON response. */
export function json(
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): AppResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}
