import type { ChatProvider } from '../llm/chat-provider.js';
import type { ChatParams, RetryEvent } from '../llm/chat-types.js';
import { createProvider, HOSTED_BASE_URLS, isLocalBaseUrl } from '../llm/create-provider.js';
import { redactUrl, splitUrlCredentials } from '../llm/url-credentials.js';
import { decodingDefaults } from './decoding-defaults.js';
import type { ProjectConfig, ProviderConfig } from './project-config.js';

/** A provider bound to its model and sampling parameters: what a role calls. */
export interface ModelBinding {
  /** Provider name in the config. */
  readonly name: string;
  readonly provider: Pick<ChatProvider, 'complete' | 'baseUrl' | 'kind'>;
  readonly params: ChatParams;
  /** The provider settings that change answers (part of cache keys and run.json). */
  readonly identity: Readonly<Record<string, unknown>>;
}

/** Every role of a run, bound. */
export interface Roles {
  readonly solver: ModelBinding;
  readonly reviewer?: ModelBinding;
  readonly verifiers: readonly ModelBinding[];
  readonly meta_verifier?: ModelBinding;
  readonly judge?: ModelBinding;
  readonly paraphraser?: ModelBinding;
}

/** A warning found while binding (e.g. no key for a hosted endpoint). */
export interface RoleWarning {
  readonly provider: string;
  readonly message: string;
}

/** Options of {@link resolveRoles}. */
export interface ResolveRolesOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly onRetry?: (provider: string, event: RetryEvent) => void;
  /** Overrides transport settings (tests: fast backoff). */
  readonly transport?: { readonly backoff?: { baseMs?: number; maxMs?: number } };
}

/**
 * Creates one provider per declared provider (so a provider shared by two roles shares its
 * concurrency limit) and binds the roles. Keys are read from the environment variable each
 * provider names; a hosted (non-local) base URL without a key gives a warning before any request.
 */
export function resolveRoles(
  config: ProjectConfig,
  options: ResolveRolesOptions,
): { roles: Roles; warnings: RoleWarning[] } {
  const warnings: RoleWarning[] = [];
  const bound = new Map<string, ModelBinding>();
  const bind = (name: string): ModelBinding => {
    const known = bound.get(name);
    if (known !== undefined) return known;
    const p = config.providers[name] as ProviderConfig;
    const baseUrl = p.base_url ?? HOSTED_BASE_URLS[p.type];
    const keyVar = p.api_key_env ?? (p.type === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY');
    const apiKey = options.env[keyVar]?.trim();
    if ((apiKey === undefined || apiKey === '') && !isLocalBaseUrl(baseUrl))
      warnings.push({
        provider: name,
        message: `no key in $${keyVar} for the hosted endpoint ${redactUrl(baseUrl)}`,
      });
    const provider = createProvider({
      kind: p.type,
      baseUrl,
      ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
      ...(p.max_completion_tokens === undefined ? {} : { tokenLimitField: 'max_completion_tokens' as const }),
      ...(p.concurrency === undefined ? {} : { concurrency: p.concurrency }),
      ...(p.timeout_s === undefined ? {} : { timeoutMs: p.timeout_s * 1000 }),
      ...(p.max_attempts === undefined ? {} : { maxAttempts: p.max_attempts }),
      ...(options.transport?.backoff === undefined ? {} : { backoff: options.transport.backoff }),
      ...(options.onRetry === undefined ? {} : { onRetry: (e: RetryEvent) => options.onRetry?.(name, e) }),
    });
    const maxTokens = p.max_completion_tokens ?? p.max_tokens;
    const decoding = decodingDefaults(p);
    const params: ChatParams = {
      model: p.model,
      ...(decoding.temperature === undefined ? {} : { temperature: decoding.temperature }),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(decoding.reasoningEffort === undefined ? {} : { reasoningEffort: decoding.reasoningEffort }),
    };
    const identity = {
      type: p.type,
      base_url: splitUrlCredentials(baseUrl).url,
      model: p.model,
      temperature: decoding.temperature,
      max_tokens: maxTokens,
      token_field: p.max_completion_tokens === undefined ? 'max_tokens' : 'max_completion_tokens',
      reasoning_effort: decoding.reasoningEffort,
    };
    const binding: ModelBinding = { name, provider, params, identity };
    bound.set(name, binding);
    return binding;
  };
  const r = config.roles;
  const roles: Roles = {
    solver: bind(r.solver),
    verifiers: (r.verifiers ?? []).map(bind),
    ...(r.reviewer === undefined ? {} : { reviewer: bind(r.reviewer) }),
    ...(r.meta_verifier === undefined ? {} : { meta_verifier: bind(r.meta_verifier) }),
    ...(r.judge === undefined ? {} : { judge: bind(r.judge) }),
    ...(r.paraphraser === undefined ? {} : { paraphraser: bind(r.paraphraser) }),
  };
  return { roles, warnings };
}
