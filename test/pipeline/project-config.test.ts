import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configFromFlags, resolveRoles, validateProjectConfig } from '../../src/pipeline/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = JSON.parse(readFileSync(`${root}schema/prism.config.example.json`, 'utf8'));
const messages = (value: unknown): string[] => {
  const r = validateProjectConfig(value);
  return r.ok ? [] : r.diagnostics.map((d) => d.message);
};

test('the shipped example config is valid', () => {
  assert.deepEqual(messages(example), []);
});

test('every provider key of the schema file is accepted by the validator; an unknown key is named', () => {
  const schema = JSON.parse(readFileSync(`${root}schema/prism.config.schema.json`, 'utf8'));
  const providerKeys = Object.keys(schema.properties.providers.additionalProperties.properties);
  for (const key of providerKeys) {
    const value =
      key === 'type'
        ? 'openai'
        : key === 'model' || key === 'api_key_env'
          ? 'X_KEY'
          : key === 'base_url'
            ? 'http://x/v1'
            : key === 'reasoning_effort'
              ? 'low'
              : key === 'reasoning'
                ? true
                : 1;
    const cfg = { providers: { p: { type: 'openai', model: 'm', [key]: value } }, roles: { solver: 'p' } };
    assert.deepEqual(messages(cfg), [], `schema key ${key} rejected`);
  }
  const unknown = {
    providers: { p: { type: 'openai', model: 'm', tempreature: 0 } },
    roles: { solver: 'p' },
  };
  assert.match(
    messages(unknown)[0]!,
    /^providers\.p\.tempreature: unknown key: did you mean 'temperature'\?/,
  );
  // Near miss: a key far from every known one gets no guess, only the list.
  const far = { providers: { p: { type: 'openai', model: 'm', zzzzzzzz: 0 } }, roles: { solver: 'p' } };
  assert.match(messages(far)[0]!, /^providers\.p\.zzzzzzzz: unknown key \(expected one of /);
});

test('messages name the key path', () => {
  const bad = {
    providers: {
      openai: { type: 'openai', model: 'o4-mini', temperature: 'hot', max_tokens: 1.5 },
      claude: { type: 'anthropc', model: '' },
    },
    roles: { solver: 'openai', verifiers: ['openai', 'nope'] },
    technique: { rounds: 0 },
  };
  const m = messages(bad);
  assert.ok(m.includes('providers.openai.temperature: expected a number, got a string'), m.join('\n'));
  assert.ok(m.some((x) => x.startsWith('providers.openai.max_tokens: expected an integer')));
  assert.ok(m.some((x) => x.startsWith('providers.claude.type: expected one of "openai", "anthropic"')));
  assert.ok(m.some((x) => x.startsWith('providers.claude.model: expected a non-empty string')));
  assert.ok(m.some((x) => x.startsWith('technique.rounds: expected a number in [1, 10]')));
});

test('roles must name declared providers; weights must match the verifiers; a key in api_key_env is refused', () => {
  const m = messages({
    providers: { a: { type: 'openai', model: 'm', api_key_env: 'sk-abc123' } },
    roles: { solver: 'a', verifiers: ['a', 'b'] },
  });
  assert.ok(m.some((x) => x.startsWith('providers.a.api_key_env: looks like a key')));
  const r = messages({
    providers: { a: { type: 'openai', model: 'm' } },
    roles: { solver: 'a', verifiers: ['a', 'b'], judge: 'c' },
    technique: { meta_weights: [1] },
  });
  assert.ok(r.includes('roles.verifiers[1]: no provider named "b" (declared: a)'), r.join('\n'));
  assert.ok(r.some((x) => x.startsWith('roles.judge: no provider named "c"')));
  const w = messages({
    providers: { a: { type: 'openai', model: 'm' } },
    roles: { solver: 'a', verifiers: ['a', 'a'] },
    technique: { meta_weights: [1, 2, 3] },
  });
  assert.ok(w.includes('technique.meta_weights: expected 2 weights, one per verifier'));
  assert.match(messages({ providers: {}, roles: {} }).join('\n'), /providers: declare at least one provider/);
  const anthropic = messages({
    providers: {
      c: { type: 'anthropic', model: 'claude', reasoning_effort: 'high', max_completion_tokens: 10 },
    },
    roles: { solver: 'c' },
  });
  assert.ok(anthropic.includes('providers.c.max_completion_tokens: the Anthropic API takes max_tokens'));
  // Extended thinking is accepted, but not with a temperature nor with max_tokens at or below its minimum budget.
  const thinking = (extra: Record<string, unknown>) =>
    messages({
      providers: { c: { type: 'anthropic', model: 'claude', reasoning_effort: 'high', ...extra } },
      roles: { solver: 'c' },
    });
  assert.deepEqual(thinking({}), []);
  assert.ok(
    thinking({ temperature: 0 }).some((x) => x.startsWith('providers.c.temperature: extended thinking')),
  );
  assert.ok(
    thinking({ max_tokens: 1024 }).some((x) => x.startsWith('providers.c.max_tokens: extended thinking')),
  );
  assert.deepEqual(thinking({ max_tokens: 1025 }), []);
  assert.ok(
    messages({
      providers: { c: { type: 'openai', model: 'm', reasoning: false, reasoning_effort: 'low' } },
      roles: { solver: 'c' },
    }).some((x) => x.startsWith('providers.c.reasoning_effort: set, but "reasoning" is false')),
  );
  assert.match(messages([]).join('\n'), /^: expected an object|expected an object, got an array/);
});

test('resolving roles: one provider per name, keys from the named variable, a warning for a hosted endpoint without a key', () => {
  const { roles, warnings } = resolveRoles(example, { env: { OPENAI_API_KEY: 'sk-1' } });
  assert.equal(roles.solver.params.model, 'o4-mini');
  assert.equal(roles.solver.params.maxTokens, 8096);
  assert.equal(roles.solver.identity.token_field, 'max_completion_tokens');
  assert.equal(roles.verifiers.length, 3);
  assert.equal(roles.verifiers[1], roles.judge, 'one binding per provider, shared between roles');
  assert.deepEqual(
    warnings.map((w) => w.provider),
    ['claude'],
  );
  assert.match(
    warnings[0]!.message,
    /no key in \$ANTHROPIC_API_KEY for the hosted endpoint https:\/\/api\.anthropic\.com\/v1/,
  );
});

test('the flags make one provider play every role (three verifier draws)', () => {
  const cfg = configFromFlags({
    model: 'llama3',
    baseUrl: 'http://localhost:11434/v1',
    apiKeyEnv: 'OPENAI_API_KEY',
  });
  assert.deepEqual(messages(cfg), []);
  assert.deepEqual(cfg.roles.verifiers, ['cli', 'cli', 'cli']);
  const { warnings } = resolveRoles(cfg, { env: {} });
  assert.deepEqual(warnings, [], 'a local server needs no key');
});
