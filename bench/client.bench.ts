// Throughput of the LLM client and of scoring, measured in one process.
// Run: node --import tsx bench/client.bench.ts [requests]
//
// 1. Requests/s through createChatClient (concurrency 32, retries and timeouts armed) against a
//    loopback chat-completions server that answers instantly, versus the baseline: a raw `fetch`
//    loop with 32 workers doing the same POST + body read + JSON.parse. The ratio is the client's
//    overhead (target: ≥ 500 requests/s through the client).
// 2. Records/s of the real scorer over the bundled answers (if the scorer and its parser load),
//    compared with the request rate: how far scoring is from being a run's bottleneck.
import { createChatClient } from '../src/llm/index.js';
import { startFakeOpenAiServer } from '../test/helpers/fake-openai-server.js';

const N = Number(process.argv[2] ?? 4000);
const CONCURRENCY = 32;
const ANSWER = 'The speed is $$v = \\sqrt{2 g h}$$ so $$v = 9.9\\,\\text{m/s}$$.';

const server = await startFakeOpenAiServer(() => ({ kind: 'answer', text: ANSWER }));
const body = JSON.stringify({
  model: 'bench',
  messages: [{ role: 'user', content: 'PROBLEM-ID:b solve' }],
  max_tokens: 8096,
});

async function rawLoop(n: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const worker = async (): Promise<void> => {
    while (next++ < n) {
      const res = await fetch(`${server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      JSON.parse(await res.text());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return n / ((performance.now() - t0) / 1000);
}

async function clientLoop(n: number): Promise<number> {
  const client = createChatClient({ baseUrl: server.url, concurrency: CONCURRENCY, timeoutMs: 10_000 });
  const messages = [{ role: 'user' as const, content: 'PROBLEM-ID:b solve' }];
  const t0 = performance.now();
  const outs = await Promise.all(
    Array.from({ length: n }, () => client.complete(messages, { model: 'bench' })),
  );
  const rate = n / ((performance.now() - t0) / 1000);
  if (!outs.every((o) => o.ok)) throw new Error('a request failed during the benchmark');
  return rate;
}

await rawLoop(500); // warm-up (sockets, JIT)
await clientLoop(500);
const raw: number[] = [];
const viaClient: number[] = [];
for (let round = 0; round < 3; round++) {
  raw.push(await rawLoop(N));
  viaClient.push(await clientLoop(N));
}
await server.close();
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rawRate = median(raw);
const clientRate = median(viaClient);
console.log(
  `requests: ${N} per round, 3 rounds, concurrency ${CONCURRENCY}, loopback server answering instantly`,
);
console.log(`  baseline raw fetch loop : ${rawRate.toFixed(0)} req/s`);
console.log(`  createChatClient        : ${clientRate.toFixed(0)} req/s  (target ≥ 500)`);
console.log(`  ratio client / raw fetch: ${(clientRate / rawRate).toFixed(2)}`);

try {
  const { createScorer } = await import('../src/score/index.js');
  const { loadDataset } = await import('../src/dataset/index.js');
  const { readResponses } = await import('../src/dataset/index.js');
  const { bundledDatasetPath, bundledResponsesPath } = await import('../src/cli/paths.js');
  const dataset = loadDataset(bundledDatasetPath());
  const responses = readResponses(bundledResponsesPath());
  const scorer = createScorer(dataset.problems);
  const rows = responses.responses.filter((r) => scorer.problems.has(r.problem_id));
  if (rows.length === 0) throw new Error('no bundled answers match the bundled problems');
  let scored = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 2000) {
    for (const r of rows) scorer.scoreResponse(r.problem_id, r.response);
    scored += rows.length;
  }
  const rate = scored / ((performance.now() - t0) / 1000);
  console.log(
    `scoring: real scorer over ${rows.length} bundled answers, repeated for 2 s (pair cache warm after the first pass)`,
  );
  console.log(
    `  ${rate.toFixed(0)} records/s; ratio scoring / client request rate: ${(rate / clientRate).toFixed(2)}`,
  );
} catch (error) {
  console.log(
    `scoring: not measured — the real scorer did not load or run (${(error as Error).message.split('\n')[0]})`,
  );
}
