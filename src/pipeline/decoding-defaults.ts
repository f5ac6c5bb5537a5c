import type { ProviderConfig } from './project-config.js';

/**
 * Model names taken for reasoning models when the config does not say (`reasoning`): OpenAI's
 * o-series, GPT-5 and gpt-oss, DeepSeek-R1 / deepseek-reasoner, QwQ, and names with "thinking".
 * A vendor prefix (`openai/`, `deepseek-ai/`) is ignored. Claude is not matched: extended thinking
 * is opt-in (`reasoning: true` or a `reasoning_effort`).
 */
const REASONING_NAME =
  /^(?:[\w.-]+\/)*(?:o[1-9](?:-|$)|gpt-5|gpt-oss|deepseek-r1|deepseek-reasoner|qwq|.*thinking)/i;

/** The decoding parameters a provider's requests carry after the defaults. */
export interface Decoding {
  /** Whether the model is treated as a reasoning model. */
  readonly reasoning: boolean;
  /** Sent when defined. */
  readonly temperature?: number;
  /** Sent when defined (OpenAI `reasoning_effort`; Anthropic extended thinking). */
  readonly reasoningEffort?: string;
}

/**
 * PRISM-Physics's decoding defaults (spec C9), each overridable by the config or a flag: temperature
 * 0.0 for models that take it, reasoning effort `medium` for reasoning models. A reasoning model
 * gets no default temperature (OpenAI's reasoning models refuse one other than 1, and Anthropic's
 * extended thinking refuses one). Pure.
 */
export function decodingDefaults(p: ProviderConfig): Decoding {
  const reasoning = p.reasoning ?? (p.reasoning_effort !== undefined || REASONING_NAME.test(p.model));
  const reasoningEffort = p.reasoning_effort ?? (reasoning ? 'medium' : undefined);
  const temperature = p.temperature ?? (reasoning ? undefined : 0);
  return {
    reasoning,
    ...(temperature === undefined ? {} : { temperature }),
    ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
  };
}
