/**
 * The reward server's own cost per answer: the same fresh answers scored in this process on one
 * thread (baseline: `scoreItem`, no HTTP, no worker) and through `prism serve`'s path (node:http on
 * loopback, `/get_reward` with one query per request as OpenRLHF sends it, the queue, one worker
 * thread), each after the same warm-up pass, so both scorers have seen the same answers. Rates are per
 * CPU-second (the machine is shared). The loopback client runs in a child process, as a trainer
 * does: the server's rate counts this process's CPU (main thread, worker, V8's helper threads), and
 * a second figure adds the client's CPU as well. The ratio is what the server delivers of the
 * in-process rate per CPU. The plumbing alone is measured with the cheapest real item (one cached
 * formula), minus its scoring. Loopback only; stops by itself.
 * Run: npm run bench -- serve-overhead [-- --workers N]
 */
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/create-app.js';
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import { serveHttp } from '../src/server/serve-http.js';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const { values: flags } = parseArgs({
  args: process.argv[2] === '--client' ? [] : process.argv.slice(2),
  options: { workers: { type: 'string' } },
});
/** Worker threads in the pool (`--workers N`, default 1); the client keeps 2 requests in flight per worker. */
const WORKERS = Math.max(1, Number(flags.workers ?? process.env.PRISM_BENCH_WORKERS ?? 1));
/** Warm-up passes, for the baseline and the server alike (see main). */
const WARM_PASSES = WORKERS === 1 ? 1 : 3 * WORKERS;

const { problems, answers } = bundledAnswers();
const copies = freshAnswers(answers, 3);
const warmSet = copies.slice(answers.length, 2 * answers.length);
const measured = copies.slice(2 * answers.length);
const CHEAP = { problemId: 'mech-01', text: '$$F = ma$$' };
const CHEAP_N = 1500;

/** The loopback client's lists, by name (the child builds them as the parent does: seeded). */
const lists: Record<string, readonly { problemId: string; text: string }[]> = {
  warm: warmSet,
  cheapWarm: Array.from({ length: 300 }, () => CHEAP),
  cheap: Array.from({ length: CHEAP_N }, () => CHEAP),
};
lists.measured = measured;

const cpu = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const now = () => performance.now();

// Client mode (the child process): sends the lists the parent names, reports its own CPU for each.
let serverUrl = '';
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
function post(body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${serverUrl}/get_reward`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
/** Sends every answer as its own request, two in flight per worker (a worker never waits for the client). */
async function send(list: readonly { problemId: string; text: string }[], lanes: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const a = list[next++]!;
      await post(JSON.stringify({ query: [a.text], prompts: [''], labels: [a.problemId] }));
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}
if (process.argv[2] === '--client') {
  serverUrl = process.argv[3] ?? '';
  const lanes = 2 * Math.max(1, Number(process.argv[4] ?? 1));
  process.on('message', async (name: string) => {
    if (name === 'exit') {
      agent.destroy();
      process.exit(0);
    }
    const c0 = process.cpuUsage();
    await send(lists[name] ?? [], lanes);
    process.send?.({ name, cpu: cpu(c0) });
  });
} else await main();

async function main(): Promise<void> {
  // Baseline: in this process, one thread.
  const scorers = createProblemScorers(problems, []);
  const local = (list: readonly { problemId: string; text: string }[]): number => {
    const c0 = process.cpuUsage();
    for (const a of list) scoreItem(scorers, { problem_id: a.problemId, response: a.text }, 'summary', now);
    return cpu(c0);
  };
  // The warm-up pass as many times as each of the server's workers gets it on average (below): the
  // same JIT warm-up per isolate (a scorer keeps getting faster over its first ~1,000 answers).
  for (let w = 0; w < WARM_PASSES / WORKERS; w++) local(warmSet);
  // Measured before the server starts: process-wide CPU cannot tell one isolate's background GC and
  // compiles from the other's, so the two are not interleaved.
  const wallIn0 = now();
  const inProcess = local(measured) / measured.length;
  const inProcessWall = (now() - wallIn0) / 1000;
  const cheapInProcess = local(lists.cheap ?? []) / CHEAP_N;

  // The server: N workers, no warm-up of their own. They get the baseline's warm-up pass, sent once to
  // one worker and 3N times to N > 1 (the queue gives each item to whichever worker is free, so each
  // must see the pass several times to have seen nearly all of it once, as the baseline has: each
  // worker's caches are its own); the baseline scores it as many times, for the same JIT warm-up.
  const pool = createWorkerPool({
    problems,
    workers: WORKERS,
    itemTimeoutMs: 60_000,
    maxQueue: 64,
    warmupItems: 0,
  });
  const app = createApp({ backend: pool, problems });
  const server = await serveHttp(app, { host: '127.0.0.1', port: 0, maxBodyBytes: 64 * 1024 * 1024 });
  while (pool.stats().ready < WORKERS) await new Promise((r) => setTimeout(r, 20));
  const client = fork(new URL(import.meta.url), ['--client', server.url, String(WORKERS)], {
    execArgv: process.execArgv,
  });
  /** Has the child client send one list; returns [this process's CPU, the client's CPU] in seconds. */
  const remote = (name: string): Promise<[number, number]> =>
    new Promise((resolve) => {
      const c0 = process.cpuUsage();
      client.once('message', (m: { cpu: number }) => resolve([cpu(c0), m.cpu]));
      client.send(name);
    });
  for (let w = 0; w < WARM_PASSES; w++) await remote('warm');
  const wall0 = now();
  const [servedServer, servedClient] = await remote('measured');
  const servedWall = (now() - wall0) / 1000;
  const served = servedServer / measured.length;
  const servedWithClient = (servedServer + servedClient) / measured.length;
  await remote('cheapWarm');
  const [cheapServer, cheapClient] = await remote('cheap');
  const cheapServed = cheapServer / CHEAP_N;
  const cheapWithClient = (cheapServer + cheapClient) / CHEAP_N;
  client.send('exit');
  await server.close();
  await pool.close();

  const us = (s: number) => `${(s * 1e6).toFixed(0)} µs`;
  console.log(`${measured.length} fresh answers, CPU per answer (after one warm-up pass each):`);
  console.log(
    `  in process, one thread (baseline): ${us(inProcess)}  (${(1 / inProcess).toFixed(0)} per CPU-s)`,
  );
  console.log(
    `  through /get_reward, ${WORKERS} worker${WORKERS === 1 ? '' : 's'}, the server's process: ${us(served)}  (${(1 / served).toFixed(0)} per CPU-s)`,
  );
  console.log(
    `  server overhead per answer: ${us(served - inProcess)}; server / in-process rate per CPU: ${(inProcess / served).toFixed(2)}×`,
  );
  console.log(
    `  with the loopback client's CPU too: ${us(servedWithClient)} per answer, ${(inProcess / servedWithClient).toFixed(2)}×`,
  );
  // Wall clock means something only on a machine with N + 1 idle cores; printed for that case.
  console.log(
    `  wall clock: in process ${(measured.length / inProcessWall).toFixed(0)}/s, through the server ${(measured.length / servedWall).toFixed(0)}/s: ${(inProcessWall / servedWall / WORKERS).toFixed(2)} × N × in-process (meaningful only with N + 1 idle cores; load average now ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    `plumbing alone (one cached formula, ${CHEAP_N} requests): ${us(cheapServed)} per request in the server's process, of which scoring ${us(cheapInProcess)}: ${us(cheapServed - cheapInProcess)} per request; the client ${us(cheapWithClient - cheapServed)} per request`,
  );
}
