import { diagnostic } from '../core/diagnostic.js';
import { type BackoffOptions, backoffDelay } from './backoff-delay.js';
import type { ChatProvider, ProviderKind } from './chat-provider.js';
import type { ChatMessage, ChatOutcome, ChatParams, ChatSuccess, RetryEvent } from './chat-types.js';
import { createLimiter } from './concurrency-limiter.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { splitUrlCredentials } from './url-credentials.js';

/** Transport settings shared by every provider. */
export interface TransportOptions {
  /** Per-attempt timeout (connect + full body). Default 600 000 ms. */
  readonly timeoutMs?: number;
  /** Attempts per request including the first. Default 6. */
  readonly maxAttempts?: number;
  readonly backoff?: BackoffOptions;
  /** Requests in flight at once (retries hold their slot, so a 429 slows everyone). Default 8. */
  readonly concurrency?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly onRetry?: (event: RetryEvent) => void;
  /** Jitter source; `Math.random` by default (this is an edge module). */
  readonly random?: () => number;
  readonly fetch?: typeof fetch;
  /**
   * Largest response body read, in bytes (default 16 MiB). A body past it is not read further: the
   * request fails with `llm-response-too-large` (a hostile or broken server cannot make us buffer
   * and parse gigabytes, and the timeout keeps its meaning).
   */
  readonly maxResponseBytes?: number;
}

/** What a protocol contributes: where to post, how to encode, how to decode. */
export interface ProtocolSpec {
  readonly kind: ProviderKind;
  readonly baseUrl: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  encode(messages: readonly ChatMessage[], params: ChatParams): string;
  decode(
    body: string,
  ): { ok: true; value: Omit<ChatSuccess, 'ok' | 'latencyMs' | 'attempts'> } | { ok: false; message: string };
  /** The server's own error message from an error body. */
  errorMessage(body: string): string;
}

type Retry = { code: string; message: string; status?: number; retryAfterMs?: number };
type Attempt = { readonly done: ChatOutcome } | { readonly retry: Retry };

/**
 * Wraps a protocol in the shared transport: a concurrency limit, a timeout per attempt, jittered
 * exponential backoff honouring `Retry-After`, retries on 408/409/429/5xx, dropped connections and
 * malformed bodies; no retry on other 4xx (401/403 → `llm-auth-error`, 404 → `llm-not-found`) nor
 * on a refused connection or an unknown host (`llm-connection-refused`: the base URL is wrong or
 * the server is not running, and waiting will not help).
 */
export function createRetryingProvider(given: ProtocolSpec, options: TransportOptions): ChatProvider {
  // Credentials in a base URL (`https://user:pass@host/v1`) become a Basic header; only the clean URL
  // is ever shown, stored or keyed on.
  const target = splitUrlCredentials(given.url);
  const spec: ProtocolSpec = { ...given, url: target.url, baseUrl: splitUrlCredentials(given.baseUrl).url };
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
  const limiter = createLimiter(options.concurrency ?? 8);
  const maxAttempts = options.maxAttempts ?? 6;
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(target.authorization === undefined ? {} : { authorization: target.authorization }),
    ...spec.headers,
    ...options.headers,
  };

  const attempt = async (payload: string, attemptNo: number, signal?: AbortSignal): Promise<Attempt> => {
    const started = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
    const elapsed = (): number => Math.round(performance.now() - started);
    const fail = (code: string, message: string, status?: number): Attempt => ({
      done: {
        ok: false,
        diagnostic: diagnostic(code, 'error', message),
        ...(status === undefined ? {} : { status }),
        latencyMs: elapsed(),
        attempts: attemptNo,
      },
    });
    try {
      const res = await doFetch(spec.url, { method: 'POST', headers, body: payload, signal: combined });
      const text = await readCapped(res, maxResponseBytes);
      if (text === undefined) {
        return fail(
          'llm-response-too-large',
          `the response from ${spec.url} is larger than ${maxResponseBytes} bytes (maxResponseBytes); not read further`,
          res.status,
        );
      }
      if (res.ok) {
        const parsed = spec.decode(text);
        if (!parsed.ok)
          return { retry: { code: 'llm-bad-response', message: parsed.message, status: res.status } };
        return { done: { ...parsed.value, ok: true, latencyMs: elapsed(), attempts: attemptNo } };
      }
      const message = `HTTP ${res.status} from ${spec.url}: ${spec.errorMessage(text)}`;
      if (res.status === 429 && isQuotaExhausted(text))
        return fail('llm-quota-exceeded', message, res.status);
      if (res.status === 429 || res.status === 408 || res.status === 409 || res.status >= 500) {
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
        const code =
          res.status === 429 ? 'llm-rate-limited' : res.status >= 500 ? 'llm-server-error' : 'llm-timeout';
        const retry: Retry = { code, message, status: res.status };
        return { retry: retryAfterMs === undefined ? retry : { ...retry, retryAfterMs } };
      }
      const code =
        res.status === 401 || res.status === 403
          ? 'llm-auth-error'
          : res.status === 404
            ? 'llm-not-found'
            : 'llm-client-error';
      return fail(code, message, res.status);
    } catch (error) {
      if (signal?.aborted === true) return fail('llm-aborted', 'request cancelled');
      if (timeout.aborted) {
        return {
          retry: {
            code: 'llm-timeout',
            message: `no complete answer from ${spec.url} within ${timeoutMs} ms`,
          },
        };
      }
      const detail = networkDetail(error);
      if (detail.code === 'ECONNREFUSED' || detail.code === 'ENOTFOUND' || detail.code === 'EAI_AGAIN') {
        return fail('llm-connection-refused', `${spec.url}: ${detail.message}`);
      }
      return { retry: { code: 'llm-network-error', message: `${spec.url}: ${detail.message}` } };
    }
  };

  const complete = (
    messages: readonly ChatMessage[],
    params: ChatParams,
    signal?: AbortSignal,
  ): Promise<ChatOutcome> =>
    limiter.run(async () => {
      const payload = spec.encode(messages, params);
      const started = performance.now();
      const since = (): number => Math.round(performance.now() - started);
      let last: Retry = { code: 'llm-network-error', message: '' };
      for (let n = 1; n <= maxAttempts; n++) {
        const result = await attempt(payload, n, signal);
        if ('done' in result) return result.done;
        last = result.retry;
        if (n === maxAttempts) break;
        const delayMs = backoffDelay(n, options.backoff ?? {}, random, last.retryAfterMs);
        options.onRetry?.({
          attempt: n,
          code: last.code,
          delayMs,
          message: last.message,
          ...(last.status === undefined ? {} : { status: last.status }),
        });
        if (!(await sleep(delayMs, signal))) {
          const d = diagnostic('llm-aborted', 'error', 'request cancelled');
          return { ok: false, diagnostic: d, latencyMs: since(), attempts: n };
        }
      }
      const d = diagnostic(last.code, 'error', `${last.message} (gave up after ${maxAttempts} attempts)`);
      return {
        ok: false,
        diagnostic: d,
        ...(last.status === undefined ? {} : { status: last.status }),
        latencyMs: since(),
        attempts: maxAttempts,
      };
    });

  return { kind: spec.kind, baseUrl: spec.baseUrl, complete };
}

/** The body as text, or undefined once it passes `max` bytes (the rest is not read: the stream is cancelled). */
async function readCapped(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function networkDetail(error: unknown): { code?: string; message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const detail = code ?? cause?.message;
  const message = detail === undefined ? error.message : `${error.message} (${detail})`;
  return code === undefined ? { message } : { code, message };
}

/**
 * A 429 that waiting cannot fix: OpenAI's `insufficient_quota` (no credit left) or Anthropic's
 * `enforced_spend_limit_reached` (monthly spend cap), read from the JSON error body.
 */
export function isQuotaExhausted(body: string): boolean {
  try {
    const json = JSON.parse(body) as {
      error?: { code?: unknown; type?: unknown; details?: { error_code?: unknown } };
    };
    const e = json.error;
    return (
      e?.code === 'insufficient_quota' ||
      e?.type === 'insufficient_quota' ||
      e?.details?.error_code === 'enforced_spend_limit_reached'
    );
  } catch {
    return false;
  }
}

/** The `message` of a JSON error body (`{error:{message}}`, `{error:"…"}`, `{message}`), else the body's start. */
export function jsonErrorMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (typeof m === 'string') return m.slice(0, 300);
  } catch {
    // not JSON; fall through
  }
  return body.trim().slice(0, 300) || '(empty body)';
}
