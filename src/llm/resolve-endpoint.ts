/** Where to send requests and with which key. */
export interface Endpoint {
  readonly baseUrl: string;
  readonly apiKey?: string;
}

/** The default when no flag or variable names a server: the OpenAI API. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * The endpoint from a `--base-url` flag, else `PRISM_BASE_URL`, else `OPENAI_BASE_URL`, else the
 * OpenAI API; the key from `PRISM_API_KEY`, else `OPENAI_API_KEY` (local servers need none).
 */
export function resolveEndpoint(
  flags: { readonly baseUrl?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): Endpoint {
  const baseUrl =
    flags.baseUrl ?? nonEmpty(env.PRISM_BASE_URL) ?? nonEmpty(env.OPENAI_BASE_URL) ?? DEFAULT_BASE_URL;
  const apiKey = nonEmpty(env.PRISM_API_KEY) ?? nonEmpty(env.OPENAI_API_KEY);
  return apiKey === undefined ? { baseUrl } : { baseUrl, apiKey };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
