import type { PoolStats } from './worker-pool.js';

/** Latency histogram bucket bounds, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Counters of the reward server, rendered in the Prometheus text format. */
export interface Metrics {
  request(route: string, status: number, seconds: number): void;
  items(status: string, count?: number): void;
  render(pool: PoolStats): string;
}

/** Creates the server's metrics (in memory, per process: the server is stateless). */
export function createMetrics(): Metrics {
  const requests = new Map<string, number>();
  const items = new Map<string, number>();
  const hist = new Map<string, { counts: number[]; sum: number; n: number }>();
  return {
    request(route, status, seconds) {
      const key = `route="${route}",status="${status}"`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      let h = hist.get(route);
      if (h === undefined) {
        h = { counts: BUCKETS.map(() => 0), sum: 0, n: 0 };
        hist.set(route, h);
      }
      BUCKETS.forEach((b, i) => {
        if (seconds <= b) h.counts[i]!++;
      });
      h.sum += seconds;
      h.n++;
    },
    items(status, count = 1) {
      items.set(status, (items.get(status) ?? 0) + count);
    },
    render(pool) {
      const out: string[] = [];
      const family = (name: string, type: string, help: string): void => {
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      };
      family('prism_requests_total', 'counter', 'HTTP requests by route and status code.');
      for (const [k, v] of requests) out.push(`prism_requests_total{${k}} ${v}`);
      family('prism_items_total', 'counter', 'Scored items by outcome (ok, error, timeout).');
      for (const [k, v] of items) out.push(`prism_items_total{status="${k}"} ${v}`);
      family('prism_request_duration_seconds', 'histogram', 'Request latency by route.');
      for (const [route, h] of hist) {
        BUCKETS.forEach((b, i) => {
          out.push(`prism_request_duration_seconds_bucket{route="${route}",le="${b}"} ${h.counts[i]}`);
        });
        out.push(`prism_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${h.n}`);
        out.push(`prism_request_duration_seconds_sum{route="${route}"} ${h.sum}`);
        out.push(`prism_request_duration_seconds_count{route="${route}"} ${h.n}`);
      }
      family(
        'prism_item_timeouts_total',
        'counter',
        'Items cut off at --item-timeout-ms (their worker was replaced).',
      );
      out.push(`prism_item_timeouts_total ${pool.timeouts}`);
      family('prism_worker_restarts_total', 'counter', 'Workers replaced after a timeout or a crash.');
      out.push(`prism_worker_restarts_total ${pool.restarts}`);
      family('prism_worker_crashes_total', 'counter', 'Workers that died on their own (e.g. out of memory).');
      out.push(`prism_worker_crashes_total ${pool.crashes}`);
      family('prism_queue_depth', 'gauge', 'Items waiting for a worker.');
      out.push(`prism_queue_depth ${pool.queued}`);
      family('prism_workers', 'gauge', 'Worker threads by state.');
      out.push(`prism_workers{state="ready"} ${pool.ready}`, `prism_workers{state="busy"} ${pool.busy}`);
      return `${out.join('\n')}\n`;
    },
  };
}
