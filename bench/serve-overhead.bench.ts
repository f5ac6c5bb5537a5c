/**
 * The reward server's own cost per answer: the same fresh answers scored in this process on one
 * thread (baseline: `scoreItem`, no HTTP, no worker) and through `prism serve`'s path (node:http on
 * loopback, `/get_reward` with one query per request as OpenRLHF sends it, the queue, one worker
 * thread), each after the same warm-up pass, so both scorers have seen the same answers. Rates are per
 * CPU-second of this process (main thread, worker and the client), since the machine is shared: the
 * ratio is what the server delivers of the in-process rate per CPU, and the difference per answer is
 * the server's overhead. The plumbing alone is measured with the cheapest real item (one cached
 * formula), minus its scoring. Loopback only; stops by itself.
 * Run: npm run bench -- serve-overhead
 */
import { Agent, request as httpRequest } from 'node:http';
import { createApp } from '../src/server/create-app.js';
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import { serveHttp } from '../src/server/serve-http.js';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const { problems, answers } = bundledAnswers();
const copies = freshAnswers(answers, 3);
const warmSet = copies.slice(answers.length, 2 * answers.length);
const measured = copies.slice(2 * answers.length);
const CHEAP = { problemId: 'mech-01', text: '$$F = ma$$' };
const CHEAP_N = 1500;

const cpu = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const now = () => performance.now();

// Baseline: in this process, one thread.
const scorers = createProblemScorers(problems, []);
for (const a of warmSet) scoreItem(scorers, { problem_id: a.problemId, response: a.text }, 'summary', now);
let c = process.cpuUsage();
for (const a of measured) scoreItem(scorers, { problem_id: a.problemId, response: a.text }, 'summary', now);
const inProcess = cpu(c) / measured.length;
c = process.cpuUsage();
for (let i = 0; i < CHEAP_N; i++)
  scoreItem(scorers, { problem_id: CHEAP.problemId, response: CHEAP.text }, 'summary', now);
const cheapInProcess = cpu(c) / CHEAP_N;

// The server: one worker, no warm-up of its own (it gets the same warm-up pass as the baseline).
const pool = createWorkerPool({ problems, workers: 1, itemTimeoutMs: 60_000, maxQueue: 64, warmupItems: 0 });
const app = createApp({ backend: pool, problems });
const server = await serveHttp(app, { host: '127.0.0.1', port: 0, maxBodyBytes: 64 * 1024 * 1024 });
while (pool.stats().ready === 0) await new Promise((r) => setTimeout(r, 20));
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
function post(body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/get_reward`,
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
/** Sends every answer as its own request, two in flight (the worker never waits for the client). */
async function send(list: readonly { problemId: string; text: string }[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const a = list[next++]!;
      await post(JSON.stringify({ query: [a.text], prompts: [''], labels: [a.problemId] }));
    }
  };
  await Promise.all([lane(), lane()]);
}
await send(warmSet);
c = process.cpuUsage();
await send(measured);
const served = cpu(c) / measured.length;
const cheapList = Array.from({ length: CHEAP_N }, () => CHEAP);
await send(cheapList.slice(0, 300));
c = process.cpuUsage();
await send(cheapList);
const cheapServed = cpu(c) / CHEAP_N;
await server.close();
await pool.close();
agent.destroy();

const us = (s: number) => `${(s * 1e6).toFixed(0)} µs`;
console.log(`${measured.length} fresh answers, CPU per answer (after one warm-up pass each):`);
console.log(
  `  in process, one thread (baseline): ${us(inProcess)}  (${(1 / inProcess).toFixed(0)} per CPU-s)`,
);
console.log(`  through /get_reward, one worker:    ${us(served)}  (${(1 / served).toFixed(0)} per CPU-s)`);
console.log(
  `  server overhead per answer: ${us(served - inProcess)}; server / in-process rate per CPU: ${(inProcess / served).toFixed(2)}×`,
);
console.log(
  `plumbing alone (one cached formula, ${CHEAP_N} requests): ${us(cheapServed)} per request, of which scoring ${us(cheapInProcess)}: ${us(cheapServed - cheapInProcess)} per request`,
);
