import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import type { ChatMessage } from '../llm/chat-types.js';
import { callKey } from './call-key.js';
import type { CallRecord } from './call-record.js';
import { isFatalFailure } from './fatal-failure.js';
import { createJsonlAppender, readJsonLines } from './jsonl-file.js';
import type { RoleName } from './project-config.js';
import type { ModelBinding } from './resolve-roles.js';
import type { ResponseCache } from './response-cache.js';

/** What a parser makes of a response. */
export type ParseOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

/** One step of a sample: who is asked what. */
export interface CallSpec<T = string> {
  readonly step: string;
  readonly role: RoleName | (string & {});
  readonly binding: ModelBinding;
  readonly messages: readonly ChatMessage[];
  readonly promptVersion: string;
  /** Sample index (enters the key). Default 0. */
  readonly sample?: number;
  /** Turns the text into the step's result; a rejection is recorded, not thrown. */
  readonly parse?: (text: string) => ParseOutcome<T>;
}

/** What a step got: the text and the parse, or a failure. */
export type CallResult<T = string> =
  | {
      readonly ok: true;
      readonly text: string;
      readonly parsed: ParseOutcome<T>;
      readonly record: CallRecord;
      /** How the answer was obtained. */
      readonly source: 'request' | 'cache' | 'transcript';
    }
  | { readonly ok: false; readonly error: Diagnostic; readonly record?: CallRecord };

/** Counts of how calls were served, per role. */
export interface PipelineCounts {
  requested: Record<string, number>;
  cached: Record<string, number>;
  resumed: Record<string, number>;
  failed: Record<string, number>;
}

/** The call layer of one run directory (or judge directory). */
export interface Pipeline {
  /** Runs one call for a sample (`problem#sample`): from the transcript, else the cache, else a request. */
  call<T = string>(sample: string, spec: CallSpec<T>): Promise<CallResult<T>>;
  /** Every call record of the transcript file (earlier invocations included), in file order. */
  records(): readonly CallRecord[];
  readonly counts: PipelineCounts;
  /** The first fatal failure (auth, unknown model, refused connection), if any; the pipeline then aborts. */
  fatal(): Diagnostic | undefined;
  readonly signal: AbortSignal;
  close(): void;
}

/** Options of {@link createPipeline}. */
export interface PipelineOptions {
  /** The transcript file (JSONL, one {@link CallRecord} per line, fsync'd). */
  readonly transcriptPath: string;
  readonly cache?: ResponseCache;
  /** Cache entries older than this are not used. */
  readonly cacheMaxAgeMs?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
  readonly onCall?: (record: CallRecord, source: 'request' | 'cache') => void;
}

/**
 * Opens the call layer over a transcript file. Every call is content-addressed ({@link callKey});
 * a call whose key already has a successful line for the same sample and step is answered from
 * the transcript (resume: a killed run repeats no finished call), else from the cache (another
 * run asked the same), else requested, and its line appended with one fsync'd write. A fatal
 * failure (see {@link isFatalFailure}) aborts every other call of the pipeline.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const now = options.now ?? (() => new Date());
  const loaded = readJsonLines(options.transcriptPath).rows as CallRecord[];
  const all: CallRecord[] = [...loaded];
  const done = new Map<string, CallRecord>();
  const id = (sample: string, step: string, key: string): string => `${sample}\u0000${step}\u0000${key}`;
  for (const r of loaded)
    if (r.response !== null && r.error === null) done.set(id(r.sample, r.step, r.key), r);
  const appender = createJsonlAppender(options.transcriptPath);
  const controller = new AbortController();
  const signal =
    options.signal === undefined ? controller.signal : AbortSignal.any([options.signal, controller.signal]);
  const counts: PipelineCounts = { requested: {}, cached: {}, resumed: {}, failed: {} };
  const bump = (m: Record<string, number>, role: string): void => {
    m[role] = (m[role] ?? 0) + 1;
  };
  let fatal: Diagnostic | undefined;
  const append = (record: CallRecord): void => {
    appender.append(record);
    all.push(record);
  };

  const call = async <T>(sample: string, spec: CallSpec<T>): Promise<CallResult<T>> => {
    const parse =
      spec.parse ?? ((text: string) => ({ ok: true, value: text as unknown as T }) as ParseOutcome<T>);
    const key = callKey(spec.binding, spec.messages, spec.promptVersion, spec.sample ?? 0, spec.step);
    const previous = done.get(id(sample, spec.step, key));
    if (previous?.response != null) {
      bump(counts.resumed, spec.role);
      return {
        ok: true,
        text: previous.response,
        parsed: parse(previous.response),
        record: previous,
        source: 'transcript',
      };
    }
    if (signal.aborted)
      return { ok: false, error: fatal ?? diagnostic('llm-aborted', 'error', 'run interrupted') };
    const base = {
      sample,
      step: spec.step,
      role: spec.role,
      provider: spec.binding.name,
      model: spec.binding.params.model,
      key,
      prompt_version: spec.promptVersion,
      messages: spec.messages,
    };
    const finish = (
      text: string,
      rest: Omit<CallRecord, keyof typeof base | 'response' | 'parsed' | 'parse_error' | 'error' | 'at'>,
      source: 'request' | 'cache',
    ): CallResult<T> => {
      const parsed = parse(text);
      const record: CallRecord = {
        ...base,
        response: text,
        ...rest,
        ...(parsed.ok
          ? spec.parse === undefined
            ? {}
            : { parsed: parsed.value }
          : { parse_error: parsed.error }),
        error: null,
        at: now().toISOString(),
      };
      append(record);
      done.set(id(sample, spec.step, key), record);
      options.onCall?.(record, source);
      return { ok: true, text, parsed, record, source };
    };
    const hit = options.cache?.get(key, options.cacheMaxAgeMs);
    if (hit !== undefined) {
      bump(counts.cached, spec.role);
      return finish(
        hit.response,
        {
          ...(hit.reasoning === undefined ? {} : { reasoning: hit.reasoning }),
          finish_reason: hit.finish_reason,
          usage: hit.usage,
          latency_ms: hit.latency_ms,
          attempts: 0,
          cached: true,
        },
        'cache',
      );
    }
    bump(counts.requested, spec.role);
    const outcome = await spec.binding.provider.complete(spec.messages, spec.binding.params, signal);
    if (outcome.ok) {
      const stored = {
        response: outcome.text,
        ...(outcome.reasoning === undefined ? {} : { reasoning: outcome.reasoning }),
        finish_reason: outcome.finishReason,
        usage: outcome.usage,
        latency_ms: outcome.latencyMs,
      };
      options.cache?.put(key, stored);
      const { response: _, ...rest } = stored;
      return finish(outcome.text, { ...rest, attempts: outcome.attempts, cached: false }, 'request');
    }
    if (outcome.diagnostic.code === 'llm-aborted') return { ok: false, error: fatal ?? outcome.diagnostic };
    bump(counts.failed, spec.role);
    const record: CallRecord = {
      ...base,
      response: null,
      finish_reason: null,
      usage: { prompt: 0, completion: 0, total: 0 },
      latency_ms: outcome.latencyMs,
      attempts: outcome.attempts,
      cached: false,
      error: {
        code: outcome.diagnostic.code,
        message: outcome.diagnostic.message,
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
      },
      at: now().toISOString(),
    };
    append(record);
    if (isFatalFailure(outcome.diagnostic.code) && fatal === undefined) {
      fatal = {
        ...outcome.diagnostic,
        where: `${spec.role} ${spec.binding.name} (${spec.binding.params.model})`,
      };
      controller.abort();
    }
    return { ok: false, error: outcome.diagnostic, record };
  };

  return {
    call,
    records: () => all,
    counts,
    fatal: () => fatal,
    signal,
    close: () => appender.close(),
  };
}
