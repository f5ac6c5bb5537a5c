import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ViewerData, ViewerDetail } from './viewer-data.js';

/** A running `prism view` server. */
export interface ViewerServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the viewer on 127.0.0.1 only: `/` the app shell, `/api/data` the runs (items, tables,
 * problems), `/api/detail/R/I` one response's detail, loaded by the page when it is opened.
 */
export function startViewerServer(input: {
  readonly data: ViewerData;
  readonly details: readonly (readonly ViewerDetail[])[];
  readonly shell: string;
  readonly port?: number;
}): Promise<ViewerServer> {
  const dataJson = JSON.stringify(input.data);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (req.method !== 'GET') return send(405, 'text/plain', 'only GET');
    if (url.pathname === '/' || url.pathname === '/index.html')
      return send(200, 'text/html; charset=utf-8', input.shell);
    if (url.pathname === '/api/data') return send(200, 'application/json', dataJson);
    const m = /^\/api\/detail\/(\d+)\/(\d+)$/.exec(url.pathname);
    const detail = m === null ? undefined : input.details[Number(m[1])]?.[Number(m[2])];
    if (detail !== undefined) return send(200, 'application/json', JSON.stringify(detail));
    return send(404, 'application/json', '{"error":"not found"}');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
