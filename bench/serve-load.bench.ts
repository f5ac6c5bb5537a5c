// Load benchmark of the reward server on loopback, bounded in count and time (stops by itself).
// Run: node --import tsx bench/serve-load.bench.ts [--seconds S] [--workers N] [--batch B]
//
// Fresh, realistic answers: the 210 bundled sample answers, each copy with every number written in
// it (not exponents or subscripts) scaled by a copy-specific factor 1 + k·1e-9, so canonical texts
// differ from copy to copy and the pair cache cannot answer for them (formulas without a number are
// still cache hits: the baseline prints the hit rate).
//
// 1. Baseline in this process: scoring the fresh answers on the main thread, no HTTP, no workers.
// 2. Peak: closed loop, 8 concurrent clients posting /get_reward batches of B queries (B = 1 is
//    how OpenRLHF's single-turn executor calls it: one query per request).
// 3. Open loop at 50% and 100% of peak: p50 / p99 latency of requests.
// 4. Open loop at 200% of peak with a bounded queue (8 batches): p99 of accepted requests, share
//    answered 503.
// 5. The server's own ceiling: the same closed loop with the cheapest real item (one formula,
//    cached) and with an item no worker scores (unknown problem): HTTP + pool cost apart from the
//    scorer's. The client runs in this process and its CPU is counted too.
// Every rate is also given per CPU-second of this process (main thread + workers), because the
// machine is shared: wall-clock rates fall with other load, CPU-normalized ones much less.
// Traffic goes only to 127.0.0.1; every phase has a time limit.
import { Agent, request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { readResponses } from '../src/dataset/read-responses.js';
import { createApp } from '../src/server/create-app.js';
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import { serveHttp } from '../src/server/serve-http.js';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledProblems } from '../test/server/helpers.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    workers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '1' },
  },
});
const SECONDS = Number(values.seconds);
const WORKERS = Number(values.workers);
const BATCH = Number(values.batch);
const CLIENTS = 8;

const problems = bundledProblems();
const answers = readResponses(new URL('../data/answers', import.meta.url).pathname).responses;

let copy = 0;
let cursor = 0;
let seed = 20261123;
const order = answers.map((_, i) => i);
/** A seeded reshuffle per copy, so every phase samples all domains alike (the files are by domain). */
function shuffle(): void {
  for (let i = order.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
}
shuffle();
/** The next fresh answer: a bundled answer with its numbers scaled for copy `copy`. */
function fresh(): { problem_id: string; response: string } {
  if (cursor === answers.length) {
    cursor = 0;
    copy++;
    shuffle();
  }
  const a = answers[order[cursor++]!]!;
  const factor = 1 + (copy + 1) * 1e-9;
  const response = a.response.replace(
    /(^|[^_^\d.{[\\a-zA-Z])(\d+\.\d+|\d+)(?![\d.])/g,
    (m, pre: string, num: string) =>
      num.length > 12 ? m : `${pre}${Number((Number(num) * factor).toPrecision(12))}`,
  );
  return { problem_id: a.problem_id, response };
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

// 1. Baseline: in-process scoring on this thread.
const scorers = createProblemScorers(problems, []);
const stats = scorers.scorerFor(problems[0]!.id)!.stats;
{
  const t = performance.now();
  while (performance.now() - t < 2000) scoreItem(scorers, fresh(), 'summary', () => performance.now()); // warm-up
}
const pairs0 = stats.pairs;
const hits0 = stats.cacheHits + stats.identical;
let baselineN = 0;
const c0 = process.cpuUsage();
const b0 = performance.now();
while (performance.now() - b0 < SECONDS * 1000) {
  scoreItem(scorers, fresh(), 'summary', () => performance.now());
  baselineN++;
}
const baselineRate = baselineN / ((performance.now() - b0) / 1000);
const baselineCpu = cpuSeconds(c0) / baselineN;
const hitRate = (stats.cacheHits + stats.identical - hits0) / Math.max(1, stats.pairs - pairs0);

// The server: worker pool + app + node:http on an ephemeral loopback port.
const pool = createWorkerPool({
  problems,
  workers: WORKERS,
  itemTimeoutMs: 10_000,
  maxQueue: CLIENTS * BATCH,
});
const app = createApp({ backend: pool, problems });
const server = await serveHttp(app, { host: '127.0.0.1', port: 0, maxBodyBytes: 64 * 1024 * 1024 });
const url = `${server.url}/get_reward`;
for (let i = 0; i < 600 && pool.stats().ready < WORKERS; i++) await new Promise((r) => setTimeout(r, 100));

interface Shot {
  ms: number;
  status: number;
}

// The client: node:http over kept-alive loopback connections (undici's fetch costs ~1 ms of CPU per
// request in this process, which would be charged to the server).
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function post(target: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `fresh`: perturbed bundled answers; `cheap`: one cached formula; `plumbing`: an unknown problem (no scoring). */
let kind: 'fresh' | 'cheap' | 'plumbing' = 'fresh';
function item(): { problem_id: string; response: string } {
  if (kind === 'fresh') return fresh();
  return { problem_id: kind === 'cheap' ? 'mech-01' : 'no-such-problem', response: '$$F = ma$$' };
}

async function send(): Promise<Shot> {
  const items = Array.from({ length: BATCH }, item);
  const body = JSON.stringify({
    query: items.map((x) => `Q: ${x.response}`),
    prompts: items.map(() => 'Q: '),
    labels: items.map((x) => x.problem_id),
  });
  const t = performance.now();
  const status = await post(url, body);
  return { ms: performance.now() - t, status };
}

async function closedLoop(seconds: number): Promise<{ rate: number; cpu: number; shots: Shot[] }> {
  const shots: Shot[] = [];
  const c = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) shots.push(await send());
    }),
  );
  const ok = shots.filter((s) => s.status === 200).length;
  if (ok < shots.length) throw new Error(`${shots.length - ok} requests failed in a closed loop`);
  return {
    rate: (ok * BATCH) / ((performance.now() - t0) / 1000),
    cpu: cpuSeconds(c) / Math.max(1, ok * BATCH),
    shots,
  };
}

/** Sends requests at a fixed rate (items/s) for `seconds`, whatever the answers; at most 5,000 in flight. */
async function openLoop(itemsPerSecond: number, seconds: number): Promise<Shot[]> {
  const interval = (1000 * BATCH) / itemsPerSecond;
  const pending: Promise<Shot>[] = [];
  const t0 = performance.now();
  let sent = 0;
  let inflight = 0;
  while (performance.now() - t0 < seconds * 1000) {
    const due = t0 + sent * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inflight < 5000) {
      inflight++;
      pending.push(send().finally(() => inflight--));
    }
    sent++;
  }
  return Promise.all(pending);
}

await closedLoop(Math.max(2, SECONDS / 2)); // warm-up: sockets, JIT in the workers
const peak = await closedLoop(SECONDS);
const rows: string[] = [];
const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '—');
for (const share of [0.5, 1, 2]) {
  const shots = await openLoop(peak.rate * share, SECONDS);
  const ok = shots.filter((s) => s.status === 200);
  const rejected = shots.filter((s) => s.status === 503).length;
  rows.push(
    `| ${share * 100}% of peak (${fmt(peak.rate * share)} items/s offered) | ${ok.length} | ${fmt(
      quantile(
        ok.map((s) => s.ms),
        0.5,
      ),
    )} | ${fmt(
      quantile(
        ok.map((s) => s.ms),
        0.99,
      ),
    )} | ${rejected} (${fmt((100 * rejected) / Math.max(1, shots.length))}%) |`,
  );
}
kind = 'cheap';
await closedLoop(1);
const ceiling = await closedLoop(Math.min(SECONDS, 4));
kind = 'plumbing';
const plumbing = await closedLoop(Math.min(SECONDS, 4));
await server.close();
await pool.close();

console.log(
  `reward server load, ${WORKERS} workers, batches of ${BATCH}, ${SECONDS} s per phase, fresh answers`,
);
const perCpu = (cpu: number): string => `${fmt(1 / cpu)} per CPU-second`;
console.log(
  `baseline (in-process, one thread, no HTTP): ${fmt(baselineRate)} responses/s, ${perCpu(baselineCpu)}; pair-cache hit rate ${(100 * hitRate).toFixed(1)}%`,
);
console.log(
  `peak through HTTP + ${WORKERS} workers: ${fmt(peak.rate)} responses/s, ${perCpu(peak.cpu)} (wall ratio to baseline ${(peak.rate / baselineRate).toFixed(2)}, CPU ratio ${(baselineCpu / peak.cpu).toFixed(2)})`,
);
console.log(
  `cheapest real item (one cached formula): ${fmt(ceiling.rate)} responses/s, ${perCpu(ceiling.cpu)}`,
);
console.log(
  `server plumbing alone (unknown problem, nothing scored): ${fmt(plumbing.rate)} responses/s, ${perCpu(plumbing.cpu)}`,
);
console.log('| load | accepted requests | p50 ms | p99 ms | 503 |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
process.exit(0);
