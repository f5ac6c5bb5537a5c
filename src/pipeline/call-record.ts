import type { ChatMessage, TokenUsage } from '../llm/chat-types.js';
import type { RoleName } from './project-config.js';

/**
 * One line of a transcript file: one call of one step of one sample, as it happened. A sample's
 * transcript is its lines in file order; a call resumed from an earlier invocation is not written
 * again (its first line stays the record).
 */
export interface CallRecord {
  /** The sample this call belongs to (`problem#sample`). */
  readonly sample: string;
  /** The step's name inside the sample, unique per sample: `solve`, `verify-2`, `meta-1`, `revise-1`, … */
  readonly step: string;
  /** The role that made the call: a config role, or the name a command gave it (build-dag's --role). */
  readonly role: RoleName | (string & {});
  /** Provider name from the config (`cli` for the flags' one-model case). */
  readonly provider: string;
  readonly model: string;
  /** Content address of the call (provider, model, parameters, messages, prompt version, sample). */
  readonly key: string;
  readonly prompt_version: string;
  readonly messages: readonly ChatMessage[];
  /** The model's text; null when the call failed. */
  readonly response: string | null;
  readonly reasoning?: string;
  readonly finish_reason: string | null;
  readonly usage: TokenUsage;
  readonly latency_ms: number;
  readonly attempts: number;
  /** True when the response came from the content-addressed cache (no request). */
  readonly cached: boolean;
  /** What the step's parser made of the response (JSON-safe), when it has one and it succeeded. */
  readonly parsed?: unknown;
  /** Why the parser rejected the response. */
  readonly parse_error?: string;
  readonly error: { readonly code: string; readonly message: string; readonly status?: number } | null;
  readonly at: string;
}
