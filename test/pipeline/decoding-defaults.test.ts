import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAnthropicProvider } from '../../src/llm/anthropic-provider.js';
import { thinkingBudget } from '../../src/llm/thinking-budget.js';
import { decodingDefaults } from '../../src/pipeline/decoding-defaults.js';
import { resolveRoles } from '../../src/pipeline/resolve-roles.js';

// Spec C9: temperature 0.0 where the API takes it, reasoning effort medium for reasoning models.

test('a non-reasoning model gets temperature 0 and no effort', () => {
  for (const model of [
    'gpt-4.1',
    'deepseek-chat',
    'Qwen/Qwen2.5-72B-Instruct',
    'claude-sonnet-4',
    'o',
    'gpt-4o-mini',
  ])
    assert.deepEqual(
      decodingDefaults({ type: 'openai', model }),
      { reasoning: false, temperature: 0 },
      model,
    );
});

test('a reasoning model (by name) gets effort medium and no temperature', () => {
  for (const model of [
    'o4-mini',
    'o3',
    'gpt-5',
    'gpt-5-mini',
    'openai/gpt-oss-120b',
    'deepseek-reasoner',
    'deepseek-ai/DeepSeek-R1',
    'Qwen/QwQ-32B',
    'qwen3-235b-thinking',
  ])
    assert.deepEqual(
      decodingDefaults({ type: 'openai', model }),
      { reasoning: true, reasoningEffort: 'medium' },
      model,
    );
});

test('explicit settings override the defaults', () => {
  assert.deepEqual(decodingDefaults({ type: 'openai', model: 'gpt-4.1', temperature: 0.7 }), {
    reasoning: false,
    temperature: 0.7,
  });
  assert.deepEqual(decodingDefaults({ type: 'openai', model: 'gpt-5', reasoning_effort: 'high' }), {
    reasoning: true,
    reasoningEffort: 'high',
  });
  assert.deepEqual(decodingDefaults({ type: 'openai', model: 'gpt-5', reasoning: false }), {
    reasoning: false,
    temperature: 0,
  });
  // Claude thinks only when asked to.
  assert.deepEqual(decodingDefaults({ type: 'anthropic', model: 'claude-sonnet-4', reasoning: true }), {
    reasoning: true,
    reasoningEffort: 'medium',
  });
});

test('resolved roles carry the defaults in their params and identity (what run.json records)', () => {
  const { roles } = resolveRoles(
    {
      providers: {
        a: { type: 'openai', model: 'gpt-4.1', base_url: 'http://127.0.0.1:9/v1' },
        r: { type: 'openai', model: 'o4-mini', base_url: 'http://127.0.0.1:9/v1' },
      },
      roles: { solver: 'a', judge: 'r' },
    },
    { env: {} },
  );
  assert.equal(roles.solver.params.temperature, 0);
  assert.equal(roles.solver.params.reasoningEffort, undefined);
  assert.equal(roles.solver.identity.temperature, 0);
  assert.equal(roles.judge!.params.reasoningEffort, 'medium');
  assert.equal(roles.judge!.params.temperature, undefined);
  assert.equal(roles.judge!.identity.reasoning_effort, 'medium');
});

test('thinking budgets: shares of max_tokens, at least 1024, below max_tokens', () => {
  assert.equal(thinkingBudget('medium', 8096), 4048);
  assert.equal(thinkingBudget('high', 8096), 6072);
  assert.equal(thinkingBudget('low', 8096), 2024);
  assert.equal(thinkingBudget('minimal', 8096), 1024);
  assert.equal(thinkingBudget('low', 2000), 1024);
  assert.equal(thinkingBudget('high', 1025), 1024);
  assert.equal(thinkingBudget('medium', 1024), undefined);
  assert.equal(thinkingBudget('extreme', 8096), undefined);
});

test('the Anthropic provider sends extended thinking for an effort, and then no temperature', async () => {
  const bodies: Record<string, unknown>[] = [];
  const transport = async (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body));
    return new Response(
      JSON.stringify({
        type: 'message',
        content: [{ type: 'text', text: 'ok' }],
        stop_reason: 'end_turn',
        usage: {},
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  const provider = createAnthropicProvider({ baseUrl: 'http://127.0.0.1:9/v1', fetch: transport } as never);
  await provider.complete([{ role: 'user', content: 'q' }], {
    model: 'c',
    reasoningEffort: 'medium',
    temperature: 0,
  });
  await provider.complete([{ role: 'user', content: 'q' }], { model: 'c', temperature: 0 });
  assert.equal(bodies.length, 2);
  assert.deepEqual(bodies[0]!.thinking, { type: 'enabled', budget_tokens: 4048 });
  assert.equal(bodies[0]!.temperature, undefined);
  assert.equal(bodies[1]!.thinking, undefined);
  assert.equal(bodies[1]!.temperature, 0);
});
