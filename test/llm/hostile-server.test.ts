import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createChatClient } from '../../src/llm/chat-client.js';
import { redactUrl, splitUrlCredentials } from '../../src/llm/url-credentials.js';
import { startFakeOpenAiServer } from '../helpers/fake-openai-server.js';

test('a 50 MB body of [[[[ is not buffered: the request fails fast with llm-response-too-large', async () => {
  let sent = 0;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1024 * 1024, '[');
    const push = (): void => {
      while (sent < 50) {
        sent++;
        if (!res.write(chunk)) {
          res.once('drain', push);
          return;
        }
      }
      res.end();
    };
    res.on('error', () => undefined);
    push();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const client = createChatClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      maxResponseBytes: 2 * 1024 * 1024,
    });
    const before = process.memoryUsage().rss;
    const out = await client.complete([{ role: 'user', content: 'hi' }], { model: 'm' });
    assert.equal(out.ok, false);
    if (!out.ok) assert.equal(out.diagnostic.code, 'llm-response-too-large');
    assert.equal(out.attempts, 1);
    // Far less than the 50 MB the server meant to send was taken in.
    assert.ok(process.memoryUsage().rss - before < 40 * 1024 * 1024);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('credentials in a base URL become a Basic header and appear in no URL we keep or print', async () => {
  let authorization: string | undefined;
  const fake = await startFakeOpenAiServer((req) => {
    authorization = req.headers.authorization;
    return { kind: 'status', status: 500, body: '{"error":{"message":"boom"}}' };
  });
  try {
    const withCreds = fake.url.replace('http://', 'http://alice:s3cret@');
    const client = createChatClient({ baseUrl: withCreds, maxAttempts: 1 });
    assert.doesNotMatch(client.baseUrl, /s3cret|alice/);
    const out = await client.complete([{ role: 'user', content: 'hi' }], { model: 'm' });
    assert.equal(out.ok, false);
    if (!out.ok) assert.doesNotMatch(out.diagnostic.message, /s3cret/);
    assert.equal(authorization, `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
  } finally {
    await fake.close();
  }
  assert.deepEqual(splitUrlCredentials('https://api.example/v1'), { url: 'https://api.example/v1' });
  assert.equal(redactUrl('https://u:p@h/v1'), 'https://***@h/v1');
});
