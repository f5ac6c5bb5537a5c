import type { ProjectConfig, ProviderConfig } from './project-config.js';

/** The flags of the one-model case (`prism run --model … --base-url …`). */
export interface ModelFlags {
  readonly model: string;
  readonly baseUrl: string;
  readonly provider?: 'openai' | 'anthropic';
  /** The environment variable holding the key. */
  readonly apiKeyEnv: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly reasoningEffort?: string;
  readonly concurrency?: number;
  readonly timeoutS?: number;
  readonly maxAttempts?: number;
}

/** The provider name the flags' one model gets. */
export const FLAGS_PROVIDER = 'cli';

/**
 * A project config equivalent to today's flags: one provider, `cli`, playing every role (solver,
 * reviewer, three verifiers, meta-verifier, judge). The verifiers are three independent draws
 * (their steps differ, so their cache keys differ).
 */
export function configFromFlags(flags: ModelFlags): ProjectConfig {
  const provider: ProviderConfig = {
    type: flags.provider ?? 'openai',
    base_url: flags.baseUrl,
    api_key_env: flags.apiKeyEnv,
    model: flags.model,
    ...(flags.temperature === undefined ? {} : { temperature: flags.temperature }),
    ...(flags.maxTokens === undefined ? {} : { max_tokens: flags.maxTokens }),
    ...(flags.reasoningEffort === undefined ? {} : { reasoning_effort: flags.reasoningEffort }),
    ...(flags.concurrency === undefined ? {} : { concurrency: flags.concurrency }),
    ...(flags.timeoutS === undefined ? {} : { timeout_s: flags.timeoutS }),
    ...(flags.maxAttempts === undefined ? {} : { max_attempts: flags.maxAttempts }),
  };
  const p = FLAGS_PROVIDER;
  return {
    providers: { [p]: provider },
    roles: { solver: p, reviewer: p, verifiers: [p, p, p], meta_verifier: p, judge: p },
  };
}
