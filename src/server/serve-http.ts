import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from './create-app.js';
import { HttpError } from './errors.js';
import type { AppRequest } from './http-types.js';
import { tooLarge } from './read-json.js';

/** A listening server. */
export interface RunningServer {
  readonly server: Server;
  /** `http://host:port` as bound (port 0 → the chosen port). */
  readonly url: string;
  readonly port: number;
  /** Bytes of request bodies held by requests in flight (read or being read, until answered). */
  inFlightBytes(): number;
  /**
   * Drains and stops: `/health` says `draining` at once (load balancers stop routing here) while
   * requests are still accepted and answered, until none has arrived for `quietMs` (or `graceMs`
   * has passed); then new requests get 503 `shutting-down`, idle connections close, and this
   * resolves once every in-flight request is answered.
   */
  close(drain?: { readonly quietMs?: number; readonly graceMs?: number }): Promise<void>;
}

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  readonly host: string;
  readonly port: number;
  /** Largest request body; past it 413. */
  readonly maxBodyBytes: number;
  /**
   * Most bytes of request bodies held at once by all requests in flight: a request that would pass
   * it gets 503 `busy` with Retry-After (one request alone is always let in up to `maxBodyBytes`).
   * Default 4 × `maxBodyBytes`.
   */
  readonly maxInFlightBytes?: number;
  /** Time allowed to receive a request's headers. Default 20 s. */
  readonly headersTimeoutMs?: number;
  /** Time allowed to receive a whole request, body included (slow senders are cut off). Default 120 s. */
  readonly requestTimeoutMs?: number;
}

/** Serves an app with node:http; bodies are read lazily, never past `maxBodyBytes` + 1. */
export async function serveHttp(app: App, options: ServeHttpOptions): Promise<RunningServer> {
  const state: EdgeState = {
    closing: false,
    inFlightBytes: 0,
    maxInFlightBytes: options.maxInFlightBytes ?? 4 * options.maxBodyBytes,
    lastArrival: performance.now(),
  };
  // Node checks the header and request deadlines on a timer (30 s by default): every second here.
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    state.lastArrival = performance.now();
    respond(app, req, res, options.maxBodyBytes, state).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = options.headersTimeoutMs ?? 20_000;
  server.requestTimeout = options.requestTimeoutMs ?? 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}`,
    port: address.port,
    inFlightBytes: () => state.inFlightBytes,
    close: async (drain = {}) => {
      app.drain();
      const quietMs = drain.quietMs ?? 0;
      const until = performance.now() + (drain.graceMs ?? 0);
      while (quietMs > 0 && performance.now() < until && performance.now() - state.lastArrival < quietMs)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise<void>((resolve) => {
        state.closing = true;
        app.refuse();
        server.close(() => resolve());
        // Idle keep-alive connections close now; busy ones after their response (Connection: close).
        server.closeIdleConnections();
      });
    },
  };
}

interface EdgeState {
  closing: boolean;
  inFlightBytes: number;
  readonly maxInFlightBytes: number;
  lastArrival: number;
}

async function respond(
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  state: EdgeState,
): Promise<void> {
  let overflow = false;
  let held = 0;
  // Bytes are held from the moment they are reserved until the response is written (or the peer leaves).
  const hold = (bytes: number): boolean => {
    const alone = state.inFlightBytes === held;
    if (!alone && state.inFlightBytes + bytes > state.maxInFlightBytes) return false;
    held += bytes;
    state.inFlightBytes += bytes;
    return true;
  };
  const release = (): void => {
    state.inFlightBytes -= held;
    held = 0;
  };
  res.once('close', release);
  const request: AppRequest = {
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0] ?? '/',
    headers: req.headers as Record<string, string | undefined>,
    body: () =>
      readBody(req, maxBytes, hold, state.maxInFlightBytes).catch((error: unknown) => {
        overflow = true;
        throw error;
      }),
  };
  const response = await app.handle(request);
  const headers: Record<string, string | number> = {
    ...response.headers,
    'content-length': Buffer.byteLength(response.body),
  };
  // A body left unread (413, 401 before reading) would stall a keep-alive connection: close it.
  if (overflow || !req.complete || state.closing) headers.connection = 'close';
  res.writeHead(response.status, reasonOf(response.status, response.body), headers);
  res.end(req.method === 'HEAD' ? undefined : response.body);
}

/**
 * The status line's reason for an error: its message (clients such as aiohttp print the reason
 * of a failed request, not its body, so the trainer's log says what is wrong), cut to one line.
 */
function reasonOf(status: number, body: string): string | undefined {
  if (status < 400) return undefined;
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message !== 'string') return undefined;
    // Visible ASCII and spaces only (a reason phrase is latin-1 text without CR or LF).
    return message.replace(/[^\x20-\x7e]+/g, ' ').slice(0, 300);
  } catch {
    return undefined;
  }
}

function busy(maxInFlight: number): HttpError {
  return new HttpError(
    503,
    'busy',
    `the request bodies in flight would pass ${maxInFlight} bytes (--max-inflight-bytes); retry after Retry-After seconds`,
    { 'retry-after': '1' },
  );
}

function readBody(
  req: IncomingMessage,
  maxBytes: number,
  hold: (bytes: number) => boolean,
  maxInFlight: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A declared length is reserved before a byte is read: a request that cannot fit waits for none.
    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    let reserved = 0;
    if (Number.isInteger(declared) && declared > 0 && declared <= maxBytes) {
      if (!hold(declared)) {
        reject(busy(maxInFlight));
        return;
      }
      reserved = declared;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: HttpError): void => {
      req.removeAllListeners('data');
      req.pause();
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge(maxBytes));
      if (size > reserved) {
        if (!hold(size - reserved)) return stop(busy(maxInFlight));
        reserved = size;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
