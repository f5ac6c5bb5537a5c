import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from './create-app.js';
import type { AppRequest } from './http-types.js';
import { tooLarge } from './read-json.js';

/** A listening server. */
export interface RunningServer {
  readonly server: Server;
  /** `http://host:port` as bound (port 0 → the chosen port). */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, answers in-flight requests, closes idle connections; resolves when all are done. */
  close(): Promise<void>;
}

/** Serves an app with node:http; the body is read lazily and never past `maxBodyBytes` + 1. */
export async function serveHttp(
  app: App,
  options: { readonly host: string; readonly port: number; readonly maxBodyBytes: number },
): Promise<RunningServer> {
  const state = { closing: false };
  const server = createServer((req, res) => {
    respond(app, req, res, options.maxBodyBytes, state).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 0;
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
    close: () =>
      new Promise<void>((resolve) => {
        state.closing = true;
        app.drain();
        server.close(() => resolve());
        // Idle keep-alive connections close now; busy ones after their response (Connection: close).
        server.closeIdleConnections();
      }),
  };
}

async function respond(
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  state: { closing: boolean },
): Promise<void> {
  let overflow = false;
  const request: AppRequest = {
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0] ?? '/',
    headers: req.headers as Record<string, string | undefined>,
    body: () =>
      readBody(req, maxBytes).catch((error: unknown) => {
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
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : response.body);
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
