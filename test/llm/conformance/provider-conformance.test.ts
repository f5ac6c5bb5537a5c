// One conformance suite for every ChatProvider: the same behaviours, checked against a loopback
// fake speaking each provider's real wire protocol.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { type ChatProvider, createProvider, type ProviderKind } from '../../../src/llm/index.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../../helpers/fake-llm-server.js';

const fast = { baseMs: 1, maxMs: 4 };

async function withServer(
  kind: ProviderKind,
  script: (req: LlmRequest) => LlmBehaviour,
  body: (provider: ChatProvider, log: LlmRequest[]) => Promise<void>,
  extra: { timeoutMs?: number; concurrency?: number; maxAttempts?: number } = {},
): Promise<void> {
  const server = await startFakeLlmServer(script);
  try {
    const provider = createProvider({
      kind,
      baseUrl: server.url,
      apiKey: 'sk-test',
      backoff: fast,
      maxAttempts: extra.maxAttempts ?? 4,
      ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
      ...(extra.concurrency === undefined ? {} : { concurrency: extra.concurrency }),
    });
    await body(provider, server.log);
  } finally {
    await server.close();
  }
}

const params = { model: 'm', temperature: 0, maxTokens: 123 };
const messages = [
  { role: 'system' as const, content: 'You are terse.' },
  { role: 'user' as const, content: 'Solve x.' },
  { role: 'assistant' as const, content: 'x = 1' },
  { role: 'user' as const, content: 'I have some feedback.' },
];

for (const kind of ['openai', 'anthropic'] as const) {
  describe(`ChatProvider conformance: ${kind}`, () => {
    test('answers with the text, token usage and finish reason', async () => {
      await withServer(
        kind,
        () => ({ kind: 'answer', text: 'E = mc^2', tokens: 11 }),
        async (p) => {
          const out = await p.complete(messages, params);
          assert.equal(out.ok, true);
          if (!out.ok) return;
          assert.equal(out.text, 'E = mc^2');
          assert.deepEqual(out.usage, { prompt: 7, completion: 11, total: 18 });
          assert.ok(out.finishReason === 'stop' || out.finishReason === 'end_turn');
          assert.equal(out.attempts, 1);
          assert.equal(p.kind, kind);
        },
      );
    });

    test('sends the system text, the turns in order, the model, temperature and token limit', async () => {
      await withServer(
        kind,
        () => ({ kind: 'answer', text: 'ok' }),
        async (p, log) => {
          await p.complete(messages, params);
          const req = log[0]!;
          assert.equal(req.system, 'You are terse.');
          assert.deepEqual(
            req.turns.map((t) => [t.role, t.text]),
            [
              ['user', 'Solve x.'],
              ['assistant', 'x = 1'],
              ['user', 'I have some feedback.'],
            ],
          );
          assert.equal(req.model, 'm');
          assert.equal(req.body.temperature, 0);
          assert.equal(req.body.max_tokens, 123);
        },
      );
    });

    test('retries 429 honouring Retry-After, then succeeds', async () => {
      await withServer(
        kind,
        (r) =>
          r.nth === 1 ? { kind: 'status', status: 429, retryAfter: '0' } : { kind: 'answer', text: 'ok' },
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(out.ok, true);
          assert.equal(out.attempts, 2);
          assert.equal(log.length, 2);
        },
      );
    });

    test('retries overloaded / 5xx answers, then gives up with the server message', async () => {
      const status = kind === 'anthropic' ? 529 : 503;
      await withServer(
        kind,
        () => ({ kind: 'status', status, message: 'Overloaded right now' }),
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(out.ok, false);
          if (out.ok) return;
          assert.equal(out.diagnostic.code, 'llm-server-error');
          assert.match(out.diagnostic.message, /Overloaded right now/);
          assert.equal(log.length, 3);
        },
        { maxAttempts: 3 },
      );
    });

    test('401 is not retried and carries the server message', async () => {
      await withServer(
        kind,
        () => ({ kind: 'status', status: 401, message: 'invalid x-api-key' }),
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(out.ok, false);
          if (out.ok) return;
          assert.equal(out.diagnostic.code, 'llm-auth-error');
          assert.match(out.diagnostic.message, /invalid x-api-key/);
          assert.equal(out.status, 401);
          assert.equal(log.length, 1);
        },
      );
    });

    test('a 429 for an exhausted quota or spend cap is not retried (llm-quota-exceeded)', async () => {
      const code = kind === 'anthropic' ? 'enforced_spend_limit_reached' : 'insufficient_quota';
      await withServer(
        kind,
        () => ({
          kind: 'status',
          status: 429,
          code,
          retryAfter: '0',
          message: 'You exceeded your current quota',
        }),
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(!out.ok && out.diagnostic.code, 'llm-quota-exceeded');
          assert.match(!out.ok ? out.diagnostic.message : '', /You exceeded your current quota/);
          assert.equal(log.length, 1);
        },
      );
    });

    test('404 (unknown model) is llm-not-found, not retried', async () => {
      await withServer(
        kind,
        () => ({ kind: 'status', status: 404, message: 'model: no-such-model' }),
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(!out.ok && out.diagnostic.code, 'llm-not-found');
          assert.equal(log.length, 1);
        },
      );
    });

    test('a malformed 2xx body is retried', async () => {
      await withServer(
        kind,
        (r) => (r.nth === 1 ? { kind: 'malformed' } : { kind: 'answer', text: 'fine' }),
        async (p) => {
          const out = await p.complete(messages, params);
          assert.equal(out.ok && out.text, 'fine');
        },
      );
    });

    test('a timeout is retried and reported as llm-timeout', async () => {
      await withServer(
        kind,
        () => ({ kind: 'hang' }),
        async (p, log) => {
          const out = await p.complete(messages, params);
          assert.equal(!out.ok && out.diagnostic.code, 'llm-timeout');
          assert.equal(out.attempts, 2);
          assert.ok(log.length >= 1);
        },
        { timeoutMs: 120, maxAttempts: 2 },
      );
    });

    test('at most `concurrency` requests are in flight', async () => {
      let inFlight = 0;
      let peak = 0;
      await withServer(
        kind,
        () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          setTimeout(() => inFlight--, 15);
          return { kind: 'answer', text: 'ok', delayMs: 15 };
        },
        async (p) => {
          await Promise.all(Array.from({ length: 6 }, () => p.complete(messages, params)));
          assert.ok(peak <= 2, `peak ${peak}`);
        },
        { concurrency: 2 },
      );
    });

    test('a refused connection fails at once with llm-connection-refused', async () => {
      const port = await freePort();
      const p = createProvider({
        kind,
        baseUrl: `http://127.0.0.1:${port}/v1`,
        backoff: fast,
        maxAttempts: 5,
      });
      const out = await p.complete(messages, params);
      assert.equal(!out.ok && out.diagnostic.code, 'llm-connection-refused');
      assert.equal(out.attempts, 1);
    });

    test('aborting cancels the request', async () => {
      await withServer(
        kind,
        () => ({ kind: 'hang' }),
        async (p) => {
          const controller = new AbortController();
          setTimeout(() => controller.abort(), 20);
          const out = await p.complete(messages, params, controller.signal);
          assert.equal(!out.ok && out.diagnostic.code, 'llm-aborted');
        },
      );
    });
  });
}

describe('wire details', () => {
  test('openai: Bearer key, messages keep the system role', async () => {
    await withServer(
      'openai',
      () => ({ kind: 'answer', text: 'ok' }),
      async (p, log) => {
        await p.complete(messages, params);
        assert.equal(log[0]!.headers.authorization, 'Bearer sk-test');
        assert.equal((log[0]!.body.messages as { role: string }[])[0]!.role, 'system');
      },
    );
  });
  test('anthropic: x-api-key and anthropic-version, system as a top-level field, max_tokens always sent', async () => {
    await withServer(
      'anthropic',
      () => ({ kind: 'answer', text: 'ok' }),
      async (p, log) => {
        await p.complete(messages, { model: 'claude-x' });
        const req = log[0]!;
        assert.equal(req.headers['x-api-key'], 'sk-test');
        assert.equal(req.headers['anthropic-version'], '2023-06-01');
        assert.equal(req.headers.authorization, undefined);
        assert.equal(req.body.system, 'You are terse.');
        assert.equal(req.body.max_tokens, 8096);
        assert.ok(!(req.body.messages as { role: string }[]).some((m) => m.role === 'system'));
      },
    );
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
