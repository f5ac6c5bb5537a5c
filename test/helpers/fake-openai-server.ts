import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake server does with one request. */
export type FakeBehaviour =
  | { readonly kind: 'answer'; readonly text: string; readonly delayMs?: number; readonly tokens?: number }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string; readonly body?: string }
  | { readonly kind: 'malformed' }
  /** Sends headers and half a body, then destroys the socket. */
  | { readonly kind: 'drop' }
  /** Never answers (until the client gives up). */
  | { readonly kind: 'hang' };

/** A request as the script sees it. */
export interface FakeRequest {
  readonly body: { model?: string; messages?: { role: string; content: unknown }[]; [k: string]: unknown };
  readonly headers: IncomingMessage['headers'];
  /** Problem id found in the prompt (`PROBLEM-ID:<id>`), or `?`. */
  readonly problemId: string;
  /** 1-based count of requests for this problem id so far, this one included. */
  readonly nth: number;
}

/** A running fake chat-completions server on 127.0.0.1. */
export interface FakeServer {
  /** Base URL with the `/v1` prefix. */
  readonly url: string;
  /** Requests per problem id (every request counts, including failed ones). */
  readonly counts: Map<string, number>;
  /** Requests answered with an `answer` behaviour, per problem id. */
  readonly answered: Map<string, number>;
  readonly total: () => number;
  close(): Promise<void>;
}

/** The text of the user message of a request body. */
export function userText(body: FakeRequest['body']): string {
  const user = body.messages?.find((m) => m.role === 'user');
  if (typeof user?.content === 'string') return user.content;
  if (Array.isArray(user?.content)) {
    return user.content.map((p: { text?: string }) => p.text ?? '').join('');
  }
  return '';
}

/**
 * Starts a loopback HTTP server (port 0) speaking `POST /v1/chat/completions`. The script decides
 * each request's behaviour: scripted answers, statuses with `Retry-After`, slow or hung responses,
 * malformed JSON, or a dropped connection.
 */
export async function startFakeOpenAiServer(
  script: (req: FakeRequest) => FakeBehaviour,
): Promise<FakeServer> {
  const counts = new Map<string, number>();
  const answered = new Map<string, number>();
  let total = 0;
  const timers = new Set<NodeJS.Timeout>();
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(raw) as FakeRequest['body'];
    } catch {
      res.writeHead(400).end('{"error":{"message":"bad json"}}');
      return;
    }
    const problemId = /PROBLEM-ID:(\S+)/.exec(userText(body))?.[1] ?? '?';
    const nth = (counts.get(problemId) ?? 0) + 1;
    counts.set(problemId, nth);
    total++;
    const b = script({ body, headers: req.headers, problemId, nth });
    switch (b.kind) {
      case 'answer': {
        const send = (): void => {
          if (res.destroyed) return;
          answered.set(problemId, (answered.get(problemId) ?? 0) + 1);
          const tokens = b.tokens ?? 10;
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              id: `cmpl-${total}`,
              object: 'chat.completion',
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: b.text }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 5, completion_tokens: tokens, total_tokens: 5 + tokens },
            }),
          );
        };
        if (b.delayMs === undefined || b.delayMs <= 0) send();
        else {
          const t = setTimeout(() => {
            timers.delete(t);
            send();
          }, b.delayMs);
          timers.add(t);
        }
        return;
      }
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (b.retryAfter !== undefined) headers['retry-after'] = b.retryAfter;
        res
          .writeHead(b.status, headers)
          .end(b.body ?? JSON.stringify({ error: { message: `status ${b.status}` } }));
        return;
      }
      case 'malformed':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"choices": [{"message": {"content": "trunc');
        return;
      case 'drop':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"choices": [');
        setImmediate(() => res.socket?.destroy());
        return;
      case 'hang':
        return;
    }
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    counts,
    answered,
    total: () => total,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
