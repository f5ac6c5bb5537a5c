import type { ChatMessage } from '../llm/chat-types.js';
import { contentHash } from './content-hash.js';
import type { ModelBinding } from './resolve-roles.js';

/** Version of the call-key layout; bump to invalidate every cached call. */
export const CALL_KEY_VERSION = 'call-v1';

/**
 * The content address of one call: protocol, base URL, model and every sampling parameter
 * (`identity`), the exact messages, the prompt template version, the sample index and the step
 * name (so K samples of one prompt, or three verifiers played by one model, are different draws,
 * while the `solve` step of two techniques on one problem is one call). Equal keys share one response.
 */
export function callKey(
  binding: Pick<ModelBinding, 'identity'>,
  messages: readonly ChatMessage[],
  promptVersion: string,
  sample: number,
  step: string,
): string {
  return contentHash({ v: CALL_KEY_VERSION, ...binding.identity, messages, promptVersion, sample, step });
}
