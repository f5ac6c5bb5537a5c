import { availableParallelism } from 'node:os';
import { loadDataset } from '../../dataset/load-dataset.js';
import type { EquivalenceMode } from '../../equivalence/types.js';
import { createApp } from '../../server/create-app.js';
import { formatRewardMix, parseRewardMix } from '../../server/reward-mix.js';
import { serveHttp } from '../../server/serve-http.js';
import { createWorkerPool } from '../../server/worker-pool.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';
import { formatDiagnostic } from './validate.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'reference problems (default: the bundled benchmark)' },
  host: {
    type: 'string',
    arg: 'HOST',
    help: 'bind address (default 127.0.0.1; another needs PRISM_SERVER_TOKEN)',
  },
  port: { type: 'string', arg: 'N', help: 'port (default 8000; 0 picks a free one)' },
  workers: { type: 'string', arg: 'N', help: 'worker threads (default: available CPUs)' },
  'item-timeout-ms': { type: 'string', arg: 'T', help: 'hard per-item deadline (default 10000)' },
  'max-queue': {
    type: 'string',
    arg: 'N',
    help: 'most items queued for the workers at once; further batches wait their\nturn, whatever their size (default 4096)',
  },
  'max-body-bytes': {
    type: 'string',
    arg: 'B',
    help: 'largest request body; beyond: 413 (default 67108864)',
  },
  'max-inflight-bytes': {
    type: 'string',
    arg: 'B',
    help: 'most bytes of request bodies held by all requests in flight; a request\npast it gets 503 + Retry-After (default 4 × --max-body-bytes)',
  },
  'headers-timeout-ms': {
    type: 'string',
    arg: 'T',
    help: "time to receive a request's headers (default 20000)",
  },
  'request-timeout-ms': {
    type: 'string',
    arg: 'T',
    help: 'time to receive a whole request, body included (default 120000)',
  },
  'drain-quiet-ms': {
    type: 'string',
    arg: 'T',
    help: 'on SIGTERM, keep accepting until no request came for T ms (default 2000)',
  },
  'drain-grace-ms': { type: 'string', arg: 'T', help: '... but no longer than T ms (default 20000)' },
  'warmup-items': {
    type: 'string',
    arg: 'N',
    help: 'answers each worker scores before /health says ready (default 200; 0: none)',
  },
  reward: {
    type: 'string',
    arg: 'MIX',
    help: 'reward = w1*step + w2*final (+ constant), default 0.5*step+0.5*final',
  },
  mode: { type: 'string', arg: 'MODE', help: 'physical (default) or strict' },
  'work-budget': {
    type: 'string',
    arg: 'UNITS',
    help: "the scorer's deterministic work budget per response (default 10,000,000\nwork-meter units; a trainer wanting tighter bounds passes e.g. 1000000)",
  },
} as const satisfies FlagTable;

const HELP = `Usage: prism serve [--dataset PATH] [--host 127.0.0.1] [--port 8000] [--workers N]
                   [--item-timeout-ms T] [--max-queue N] [--max-body-bytes B]
                   [--max-inflight-bytes B] [--reward "0.5*step+0.5*final"] [--mode physical|strict]

A reward server for RL trainers (OpenRLHF, verl, TRL). Endpoints:
  POST /get_reward    OpenRLHF remote reward: {query[], prompts[], labels[]} -> {rewards[], scores[], extra_logs{}}
  POST /v1/score      {items: [{problem_id, response}]} -> records, reward and dense rewards (span + credit per formula)
  POST /v1/problems   add or replace problems at runtime (needs the token)
  GET  /health        200 when a worker is ready; GET /metrics: Prometheus text

Token: PRISM_SERVER_TOKEN (clients send "Authorization: Bearer <token>", or Basic auth with the token
as password: http://prism:<token>@host/get_reward). Without a token the server binds loopback only.
Each item is scored in a worker thread with a hard deadline: a worker still busy past
--item-timeout-ms is terminated and replaced, and the item gets reward 0 with timeout=1 in its logs.
SIGTERM/SIGINT: /health turns 503 (draining) at once while requests are still accepted and answered,
until none has arrived for --drain-quiet-ms (at most --drain-grace-ms); then new requests get 503,
what is in flight is answered, and the server exits 0 (in Kubernetes, add a preStop sleep).
Labels or problem ids naming no loaded problem are never a silent 0: /get_reward answers 400
(missing-label / unknown-problem, the reason also in the status line); /v1/score gives that item
reward null with its error.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 after a clean shutdown, 2 bad options or unreadable dataset.`;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function positiveInt(value: unknown, name: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${name} must be an integer ≥ ${min}, not '${String(value)}'`);
  return n;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, FLAGS, false);
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const token = process.env.PRISM_SERVER_TOKEN?.trim() || undefined;
  if (token === undefined && !LOOPBACK.has(host))
    throw new UsageError(
      `refusing to bind ${host} without a token: set PRISM_SERVER_TOKEN (clients send it as a Bearer token), or bind 127.0.0.1`,
    );
  const port = positiveInt(values.port, '--port', 8000, 0);
  if (port > 65535) throw new UsageError('--port must be ≤ 65535');
  const workers = positiveInt(values.workers, '--workers', availableParallelism());
  const itemTimeoutMs = positiveInt(values['item-timeout-ms'], '--item-timeout-ms', 10_000);
  const maxQueue = positiveInt(values['max-queue'], '--max-queue', 4096);
  const maxBodyBytes = positiveInt(values['max-body-bytes'], '--max-body-bytes', 64 * 1024 * 1024);
  const maxInFlightBytes = positiveInt(
    values['max-inflight-bytes'],
    '--max-inflight-bytes',
    4 * maxBodyBytes,
  );
  const headersTimeoutMs = positiveInt(values['headers-timeout-ms'], '--headers-timeout-ms', 20_000);
  const requestTimeoutMs = positiveInt(values['request-timeout-ms'], '--request-timeout-ms', 120_000);
  const quietMs = positiveInt(values['drain-quiet-ms'], '--drain-quiet-ms', 2_000, 0);
  const graceMs = positiveInt(values['drain-grace-ms'], '--drain-grace-ms', 20_000, 0);
  const warmupItems = positiveInt(values['warmup-items'], '--warmup-items', 200, 0);
  const mode = (values.mode as string | undefined) ?? 'physical';
  if (mode !== 'physical' && mode !== 'strict')
    throw new UsageError(`--mode must be physical or strict, not '${mode}'`);
  const workBudget =
    values['work-budget'] === undefined ? undefined : positiveInt(values['work-budget'], '--work-budget', 1);
  const mix = parseRewardMix((values.reward as string | undefined) ?? '0.5*step+0.5*final');
  if ('error' in mix) throw new UsageError(`--reward: ${mix.error}`);

  const dataset = loadDataset((values.dataset as string | undefined) ?? bundledDatasetPath());
  if (!dataset.readable || dataset.problems.length === 0) {
    for (const d of dataset.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    if (dataset.readable) io.stderr('prism serve: no valid problem in the dataset\n');
    return 2;
  }
  const skipped = dataset.diagnostics.filter((d) => d.severity === 'error').length;
  if (skipped > 0)
    io.stderr(`prism serve: ${skipped} dataset error finding(s); those problems are skipped\n`);

  const pool = createWorkerPool({
    problems: dataset.problems,
    workers,
    itemTimeoutMs,
    maxQueue,
    warmupItems,
    mode: mode as EquivalenceMode,
    ...(workBudget === undefined ? {} : { workBudget }),
  });
  const app = createApp({ backend: pool, problems: dataset.problems, token, mix, maxBodyBytes });
  let running: Awaited<ReturnType<typeof serveHttp>>;
  try {
    running = await serveHttp(app, {
      host,
      port,
      maxBodyBytes,
      maxInFlightBytes,
      headersTimeoutMs,
      requestTimeoutMs,
    });
  } catch (error) {
    await pool.close();
    throw new UsageError(`cannot listen on ${host}:${port}: ${(error as Error).message}`);
  }
  io.stderr(
    `prism serve: listening on ${running.url} — ${dataset.problems.length} problems, ${workers} workers, ` +
      `item timeout ${itemTimeoutMs} ms, reward ${formatRewardMix(mix)}, ` +
      `${token === undefined ? 'no token (PRISM_SERVER_TOKEN unset): loopback only' : 'token required'}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      io.stderr(`prism serve: ${signal}: draining (accepting until quiet for ${quietMs} ms)\n`);
      resolve();
    };
    const onTerm = (): void => stop('SIGTERM');
    const onInt = (): void => stop('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
  });
  await running.close({ quietMs, graceMs });
  await pool.close();
  io.stderr('prism serve: stopped\n');
  return 0;
}

/** `prism serve`: the reward server (OpenRLHF remote reward, native batches with dense rewards). */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'reward server for RL trainers (OpenRLHF /get_reward, dense rewards, metrics)',
  help: HELP,
  flags: FLAGS,
  run,
};
