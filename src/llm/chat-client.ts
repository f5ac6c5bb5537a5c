import { diagnostic } from '../core/diagnostic.js';
import { type BackoffOptions, backoffDelay } from './backoff-delay.js';
import type { ChatMessage, ChatOutcome, ChatParams, RetryEvent } from './chat-types.js';
import { createLimiter } from './concurrency-limiter.js';
import { parseChatResponse } from './parse-chat-response.js';
import { parseRetryAfter } from './parse-retry-after.js';

/** The PRISM-Physics paper's generation limit, our default `max_tokens`. */
export const DEFAULT_MAX_TOKENS = 8096;

/** How to reach an OpenAI-compatible server and how hard to try. */
export interface ChatClientOptions {
  /** Base URL including the API prefix, e.g. `http://localhost:11434/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** Per-attempt timeout (connect + full body). Default 600 000 ms. */
  readonly timeoutMs?: number;
  /** Attempts per request including the first. Default 6. */
  readonly maxAttempts?: number;
  readonly backoff?: BackoffOptions;
  /** Requests in flight at once (retries hold their slot, so a 429 slows everyone). Default 8. */
  readonly concurrency?: number;
  /** Field carrying the token limit: `max_tokens` (default) or `max_completion_tokens` (OpenAI o-series). */
  readonly tokenLimitField?: 'max_tokens' | 'max_completion_tokens';
  readonly headers?: Readonly<Record<string, string>>;
  readonly onRetry?: (event: RetryEvent) => void;
  /** Jitter source; `Math.random` by default (this is an edge module). */
  readonly random?: () => number;
  readonly fetch?: typeof fetch;
}

/** A chat-completions client with retries, timeouts and a concurrency limit. */
export interface ChatClient {
  readonly baseUrl: string;
  complete(messages: readonly ChatMessage[], params: ChatParams, signal?: AbortSignal): Promise<ChatOutcome>;
}

/** What one attempt produced: a final outcome, or a retryable failure. */
type Attempt =
  | { readonly done: ChatOutcome }
  | { readonly retry: { code: string; message: string; status?: number; retryAfterMs?: number } };

/** Creates a client for an OpenAI-compatible `/chat/completions` endpoint using the global `fetch`. */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const limiter = createLimiter(options.concurrency ?? 8);
  const maxAttempts = options.maxAttempts ?? 6;
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.apiKey !== undefined && options.apiKey !== '')
    headers.authorization = `Bearer ${options.apiKey}`;

  const body = (messages: readonly ChatMessage[], params: ChatParams): string => {
    const payload: Record<string, unknown> = { model: params.model, messages, stream: false };
    if (params.temperature !== undefined) payload.temperature = params.temperature;
    payload[options.tokenLimitField ?? 'max_tokens'] = params.maxTokens ?? DEFAULT_MAX_TOKENS;
    if (params.reasoningEffort !== undefined) payload.reasoning_effort = params.reasoningEffort;
    return JSON.stringify(payload);
  };

  const attempt = async (payload: string, attemptNo: number, signal?: AbortSignal): Promise<Attempt> => {
    const started = performance.now();
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 600_000);
    const combined = signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
    const elapsed = (): number => Math.round(performance.now() - started);
    try {
      const res = await doFetch(url, { method: 'POST', headers, body: payload, signal: combined });
      const text = await res.text();
      if (res.ok) {
        const parsed = parseChatResponse(text);
        if (!parsed.ok)
          return { retry: { code: 'llm-bad-response', message: parsed.message, status: res.status } };
        return { done: { ...parsed.value, ok: true, latencyMs: elapsed(), attempts: attemptNo } };
      }
      const message = `HTTP ${res.status} from ${url}: ${serverMessage(text)}`;
      if (res.status === 429 || res.status === 408 || res.status === 409 || res.status >= 500) {
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
        const code =
          res.status === 429 ? 'llm-rate-limited' : res.status >= 500 ? 'llm-server-error' : 'llm-timeout';
        return {
          retry:
            retryAfterMs === undefined
              ? { code, message, status: res.status }
              : { code, message, status: res.status, retryAfterMs },
        };
      }
      const code = res.status === 401 || res.status === 403 ? 'llm-auth-error' : 'llm-client-error';
      const d = diagnostic(code, 'error', message);
      return {
        done: { ok: false, diagnostic: d, status: res.status, latencyMs: elapsed(), attempts: attemptNo },
      };
    } catch (error) {
      if (signal?.aborted === true) {
        const d = diagnostic('llm-aborted', 'error', 'request cancelled');
        return { done: { ok: false, diagnostic: d, latencyMs: elapsed(), attempts: attemptNo } };
      }
      if (timeout.aborted) {
        return {
          retry: {
            code: 'llm-timeout',
            message: `no complete answer from ${url} within ${options.timeoutMs ?? 600_000} ms`,
          },
        };
      }
      return { retry: { code: 'llm-network-error', message: `${url}: ${networkMessage(error)}` } };
    }
  };

  return {
    baseUrl: options.baseUrl,
    complete: (messages, params, signal) =>
      limiter.run(async () => {
        const payload = body(messages, params);
        let last: { code: string; message: string; status?: number } = {
          code: 'llm-network-error',
          message: '',
        };
        const started = performance.now();
        for (let n = 1; n <= maxAttempts; n++) {
          const result = await attempt(payload, n, signal);
          if ('done' in result) return result.done;
          last = result.retry;
          if (n === maxAttempts) break;
          const delayMs = backoffDelay(n, options.backoff ?? {}, random, result.retry.retryAfterMs);
          options.onRetry?.({
            attempt: n,
            code: last.code,
            delayMs,
            message: last.message,
            ...statusOf(last),
          });
          if (!(await sleep(delayMs, signal))) {
            const d = diagnostic('llm-aborted', 'error', 'request cancelled');
            return {
              ok: false,
              diagnostic: d,
              latencyMs: Math.round(performance.now() - started),
              attempts: n,
            };
          }
        }
        const d = diagnostic(last.code, 'error', `${last.message} (gave up after ${maxAttempts} attempts)`);
        return {
          ok: false,
          diagnostic: d,
          ...statusOf(last),
          latencyMs: Math.round(performance.now() - started),
          attempts: maxAttempts,
        };
      }),
  };
}

function statusOf(x: { status?: number }): { status?: number } {
  return x.status === undefined ? {} : { status: x.status };
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

/** The server's own error message from an OpenAI-style error body, else the body's start. */
function serverMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (typeof m === 'string') return m.slice(0, 300);
  } catch {
    // not JSON; fall through
  }
  return body.trim().slice(0, 300) || '(empty body)';
}

function networkMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return detail === undefined ? error.message : `${error.message} (${detail})`;
}
