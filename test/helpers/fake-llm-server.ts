import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which wire protocol a request used. */
export type FakeProtocol = 'openai' | 'anthropic';

/** A request as a script sees it, normalised across both protocols. */
export interface LlmRequest {
  readonly protocol: FakeProtocol;
  readonly model: string;
  /** System text (OpenAI: the system messages; Anthropic: the top-level `system`). */
  readonly system: string;
  /** The non-system turns, content flattened to text. */
  readonly turns: readonly { readonly role: string; readonly text: string }[];
  readonly body: Record<string, unknown>;
  readonly headers: IncomingMessage['headers'];
  /** 1-based index of this request among all requests to this model. */
  readonly nth: number;
}

/** What the fake does with one request. */
export type LlmBehaviour =
  | { readonly kind: 'answer'; readonly text: string; readonly delayMs?: number; readonly tokens?: number }
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly retryAfter?: string;
      readonly message?: string;
      /** Error code in the protocol's place (OpenAI `error.code`, Anthropic `error.details.error_code`). */
      readonly code?: string;
    }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'hang' };

/** A running fake speaking both `POST /v1/chat/completions` and `POST /v1/messages` on 127.0.0.1. */
export interface FakeLlmServer {
  /** Base URL with `/v1`. */
  readonly url: string;
  /** Every request in arrival order. */
  readonly log: LlmRequest[];
  /** Requests per model name. */
  count(model: string): number;
  close(): Promise<void>;
}

function flatten(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((p: { text?: unknown }) => (typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

function normalise(
  protocol: FakeProtocol,
  body: Record<string, unknown>,
): Pick<LlmRequest, 'system' | 'turns'> {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as {
    role: string;
    content: unknown;
  }[];
  if (protocol === 'anthropic') {
    return {
      system: typeof body.system === 'string' ? body.system : flatten(body.system),
      turns: messages.map((m) => ({ role: m.role, text: flatten(m.content) })),
    };
  }
  return {
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => flatten(m.content))
      .join('\n\n'),
    turns: messages
      .filter((m) => m.role !== 'system')
      .map((m) => ({ role: m.role, text: flatten(m.content) })),
  };
}

/**
 * Starts a loopback server (port 0) that answers each request as its script says, in the wire
 * format of the protocol the request used (OpenAI chat completions or Anthropic Messages, with
 * each protocol's error body shape). The Anthropic side insists on `anthropic-version` and
 * `max_tokens`, as the real API does.
 */
export async function startFakeLlmServer(script: (req: LlmRequest) => LlmBehaviour): Promise<FakeLlmServer> {
  const log: LlmRequest[] = [];
  const perModel = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let serial = 0;
  const error = (
    res: ServerResponse,
    protocol: FakeProtocol,
    status: number,
    message: string,
    extra = {},
    code?: string,
  ) => {
    const type = status === 529 ? 'overloaded_error' : status === 429 ? 'rate_limit_error' : 'api_error';
    const body =
      protocol === 'anthropic'
        ? {
            type: 'error',
            error: { type, message, ...(code === undefined ? {} : { details: { error_code: code } }) },
          }
        : { error: { message, type: 'error', code: code ?? null } };
    res.writeHead(status, { 'content-type': 'application/json', ...extra }).end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const protocol: FakeProtocol | undefined =
      req.url === '/v1/chat/completions' ? 'openai' : req.url === '/v1/messages' ? 'anthropic' : undefined;
    if (req.method !== 'POST' || protocol === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such route"}}');
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      error(res, protocol, 400, 'body is not JSON');
      return;
    }
    if (protocol === 'anthropic') {
      if (req.headers['anthropic-version'] === undefined)
        return error(res, protocol, 400, 'anthropic-version header is required');
      if (typeof body.max_tokens !== 'number') return error(res, protocol, 400, 'max_tokens: Field required');
      if (Array.isArray(body.messages) && body.messages.some((m: { role?: string }) => m.role === 'system'))
        return error(res, protocol, 400, 'messages: system role is not allowed; use the system field');
    }
    const model = String(body.model ?? '');
    const nth = (perModel.get(model) ?? 0) + 1;
    perModel.set(model, nth);
    const request: LlmRequest = {
      protocol,
      model,
      ...normalise(protocol, body),
      body,
      headers: req.headers,
      nth,
    };
    log.push(request);
    const b = script(request);
    serial++;
    switch (b.kind) {
      case 'answer': {
        const tokens = b.tokens ?? 10;
        const payload =
          protocol === 'anthropic'
            ? {
                id: `msg_${serial}`,
                type: 'message',
                role: 'assistant',
                model,
                content: [{ type: 'text', text: b.text }],
                stop_reason: 'end_turn',
                usage: { input_tokens: 7, output_tokens: tokens },
              }
            : {
                id: `cmpl-${serial}`,
                object: 'chat.completion',
                model,
                choices: [
                  { index: 0, message: { role: 'assistant', content: b.text }, finish_reason: 'stop' },
                ],
                usage: { prompt_tokens: 7, completion_tokens: tokens, total_tokens: 7 + tokens },
              };
        const send = (): void => {
          if (!res.destroyed)
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
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
      case 'status':
        return error(
          res,
          protocol,
          b.status,
          b.message ?? `status ${b.status}`,
          b.retryAfter === undefined ? {} : { 'retry-after': b.retryAfter },
          b.code,
        );
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"content": [{"type": "te');
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
    log,
    count: (model) => perModel.get(model) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
