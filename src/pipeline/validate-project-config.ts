import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { suggest } from '../core/suggest.js';
import { DEFAULT_MAX_TOKENS } from '../llm/chat-client.js';
import { MIN_THINKING_BUDGET } from '../llm/thinking-budget.js';
import { decodingDefaults } from './decoding-defaults.js';
import { CRITERIA, type ProjectConfig, VERIFIER_CRITERIA } from './project-config.js';

type Check = (value: unknown, path: string, out: Diagnostic[]) => void;

const fail = (out: Diagnostic[], path: string, message: string): void => {
  out.push({ ...diagnostic('config-invalid', 'error', `${path}: ${message}`), where: path });
};
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;

const str: Check = (v, path, out) => {
  if (typeof v !== 'string' || v.trim() === '')
    fail(out, path, `expected a non-empty string, got ${typeName(v)}`);
};
const num =
  (min: number, max = Number.POSITIVE_INFINITY, integer = false): Check =>
  (v, path, out) => {
    if (typeof v !== 'number' || !Number.isFinite(v))
      fail(out, path, `expected a number, got ${typeName(v)}`);
    else if (integer && !Number.isInteger(v)) fail(out, path, `expected an integer, got ${v}`);
    else if (v < min || v > max) fail(out, path, `expected a number in [${min}, ${max}], got ${v}`);
  };
const bool: Check = (v, path, out) => {
  if (typeof v !== 'boolean') fail(out, path, `expected true or false, got ${typeName(v)}`);
};
const oneOf =
  (...values: string[]): Check =>
  (v, path, out) => {
    if (typeof v !== 'string' || !values.includes(v))
      fail(out, path, `expected one of ${values.map((x) => `"${x}"`).join(', ')}, got ${JSON.stringify(v)}`);
  };
const arrayOf =
  (item: Check, minItems = 0): Check =>
  (v, path, out) => {
    if (!Array.isArray(v)) return fail(out, path, `expected an array, got ${typeName(v)}`);
    if (v.length < minItems) fail(out, path, `expected at least ${minItems} item(s)`);
    v.forEach((x, i) => {
      item(x, `${path}[${i}]`, out);
    });
  };
const object =
  (fields: Record<string, Check>, required: readonly string[] = []): Check =>
  (v, path, out) => {
    if (!isObject(v)) return fail(out, path, `expected an object, got ${typeName(v)}`);
    for (const key of required) if (!(key in v)) fail(out, `${path}.${key}`, 'required');
    for (const [key, value] of Object.entries(v)) {
      const check = fields[key];
      if (check === undefined) {
        if (key !== '$schema') {
          const guess = suggest(key, Object.keys(fields));
          const hint = guess === undefined ? '' : `: did you mean '${guess}'?`;
          fail(
            out,
            `${path}.${key}`,
            `unknown key${hint} (expected one of ${Object.keys(fields).join(', ')})`,
          );
        }
      } else check(value, `${path}.${key}`, out);
    }
  };
const weightsOf = (names: readonly string[]): Check =>
  object(Object.fromEntries(names.map((c) => [c, num(0)])), names);
const weights = weightsOf(CRITERIA);
const verifierWeights = weightsOf(VERIFIER_CRITERIA);

const provider: Check = object(
  {
    type: oneOf('openai', 'anthropic'),
    base_url: (v, path, out) => {
      str(v, path, out);
      if (typeof v === 'string' && !/^https?:\/\//.test(v))
        fail(out, path, `expected an http(s) URL, got "${v}"`);
    },
    api_key_env: (v, path, out) => {
      str(v, path, out);
      if (typeof v === 'string' && /^(sk-|sk_|ey)/.test(v))
        fail(out, path, 'looks like a key; give the NAME of the environment variable holding it');
    },
    model: str,
    temperature: num(0, 2),
    max_tokens: num(1, Number.POSITIVE_INFINITY, true),
    max_completion_tokens: num(1, Number.POSITIVE_INFINITY, true),
    reasoning_effort: oneOf('minimal', 'low', 'medium', 'high'),
    reasoning: bool,
    concurrency: num(1, 1024, true),
    timeout_s: num(0.001),
    max_attempts: num(1, 100, true),
  },
  ['type', 'model'],
);

const root: Check = object(
  {
    providers: (v, path, out) => {
      if (!isObject(v)) return fail(out, path, `expected an object, got ${typeName(v)}`);
      if (Object.keys(v).length === 0) fail(out, path, 'declare at least one provider');
      for (const [name, p] of Object.entries(v)) provider(p, `${path}.${name}`, out);
    },
    roles: object(
      {
        solver: str,
        reviewer: str,
        verifiers: arrayOf(str, 1),
        meta_verifier: str,
        judge: str,
        paraphraser: str,
      },
      ['solver'],
    ),
    technique: object({
      rounds: num(1, 10, true),
      meta_weights: arrayOf(num(0), 1),
      verifier_weights: verifierWeights,
    }),
    judge: object({ pps_weights: weights, pps_normaliser: oneOf('min-max', 'times-20') }),
    cache_ttl_hours: num(0),
  },
  ['providers', 'roles'],
);

/**
 * Validates untrusted JSON as a {@link ProjectConfig}: every problem is a `config-invalid`
 * diagnostic whose message starts with the key path (`providers.openai.temperature: expected a
 * number, got a string`); unknown keys are reported (typos would otherwise be silently ignored);
 * roles must name declared providers; `max_tokens` and `max_completion_tokens` exclude each other.
 */
export function validateProjectConfig(
  value: unknown,
): { ok: true; config: ProjectConfig } | { ok: false; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  root(value, 'config', out);
  const v = value as { providers?: unknown; roles?: unknown };
  if (isObject(value) && isObject(v.providers) && isObject(v.roles)) {
    const config = value as unknown as ProjectConfig;
    const declared = new Set(Object.keys(config.providers));
    const roles = config.roles as unknown as Record<string, unknown>;
    for (const [role, ref] of Object.entries(roles)) {
      const names = Array.isArray(ref) ? ref : [ref];
      names.forEach((name, i) => {
        if (typeof name === 'string' && name !== '' && !declared.has(name)) {
          const path = Array.isArray(ref) ? `config.roles.${role}[${i}]` : `config.roles.${role}`;
          fail(out, path, `no provider named "${name}" (declared: ${[...declared].join(', ')})`);
        }
      });
    }
  }
  if (out.length === 0) {
    const config = value as ProjectConfig;
    for (const [name, p] of Object.entries(config.providers)) {
      if (p.max_tokens !== undefined && p.max_completion_tokens !== undefined)
        fail(out, `config.providers.${name}`, 'give max_tokens or max_completion_tokens, not both');
      if (p.type === 'anthropic' && p.max_completion_tokens !== undefined)
        fail(out, `config.providers.${name}.max_completion_tokens`, 'the Anthropic API takes max_tokens');
      if (p.reasoning === false && p.reasoning_effort !== undefined)
        fail(out, `config.providers.${name}.reasoning_effort`, 'set, but "reasoning" is false; remove one');
      const thinking = p.type === 'anthropic' && decodingDefaults(p).reasoningEffort !== undefined;
      if (thinking && p.temperature !== undefined)
        fail(
          out,
          `config.providers.${name}.temperature`,
          'extended thinking (reasoning) takes no temperature on the Anthropic API; remove one',
        );
      if (thinking && (p.max_tokens ?? DEFAULT_MAX_TOKENS) <= MIN_THINKING_BUDGET)
        fail(
          out,
          `config.providers.${name}.max_tokens`,
          `extended thinking needs max_tokens above its minimum budget of ${MIN_THINKING_BUDGET}`,
        );
    }
    const mw = config.technique?.meta_weights;
    if (
      mw !== undefined &&
      config.roles.verifiers !== undefined &&
      mw.length !== config.roles.verifiers.length
    )
      fail(
        out,
        'config.technique.meta_weights',
        `expected ${config.roles.verifiers.length} weights, one per verifier`,
      );
    if (out.length === 0) return { ok: true, config };
  }
  const strip = (s: string): string => s.replace(/^config\./, '');
  return {
    ok: false,
    diagnostics: out.map((d) => ({ ...d, message: strip(d.message), where: strip(d.where ?? '') })),
  };
}
