import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Problem } from '../dag/types.js';
import type { EquivalenceMode } from '../equivalence/types.js';
import { HttpError } from './errors.js';
import { pickJob, problemOfItem } from './pick-job.js';
import type { ItemDetail, ItemOutcome } from './types.js';
import type { WorkerInit, WorkerReply, WorkerRequest } from './worker-messages.js';

/** Options of {@link createWorkerPool}. */
export interface WorkerPoolOptions {
  readonly problems: readonly Problem[];
  readonly workers: number;
  /** Hard deadline per item: past it the worker is terminated and replaced. */
  readonly itemTimeoutMs: number;
  /** Most items queued for the workers at once; further batches wait their turn (never refused). */
  readonly maxQueue: number;
  /** Answers each worker scores before it is ready (JIT warm-up). Default 0. */
  readonly warmupItems?: number;
  readonly mode?: EquivalenceMode;
  /**
   * The core's deterministic work budget per response (`createScorer`'s `workBudget`). It bounds
   * almost every item well inside the deadline; the hard deadline is the backstop for what it misses.
   */
  readonly workBudget?: number;
  /**
   * Heap limit of each worker (MB): a runaway item kills its worker, not the server. Default
   * {@link DEFAULT_WORKER_HEAP_MB}.
   */
  readonly workerHeapMb?: number;
  /**
   * Young generation of each worker (MB): where new objects live until a scavenge. Default
   * {@link DEFAULT_WORKER_YOUNG_GENERATION_MB}.
   */
  readonly workerYoungGenerationMb?: number;
  /**
   * Which queued item a free worker takes: `affinity` (the default) prefers items of the problems it
   * has scored before ({@link pickJob}), `fifo` takes the oldest. Both keep every worker busy.
   */
  readonly schedule?: 'affinity' | 'fifo';
}

/**
 * The default heap limit of a worker, in MB. V8 lets a heap grow by a factor that depends on its
 * limit: below 2 GB (on 64-bit Node 20) it collects far more often (at 1 GB the worker spent ~20%
 * more CPU per answer than the same scorer on the main thread, whose limit is ~4 GB); from 2 GB it
 * grows as the main thread's heap does. The scorer's caches stay near 130 MB whatever the limit.
 */
export const DEFAULT_WORKER_HEAP_MB = 2048;

/**
 * A worker's young generation (MB), kept at what V8 gives a 1 GB heap: with the 2 GB limit's larger
 * default, a new worker scored its first answers more slowly (a 300 ms deadline on a new worker's
 * first items was missed in 2 of 3 runs on a loaded machine, none at this size), and a larger
 * young generation did not lower the steady cost.
 */
export const DEFAULT_WORKER_YOUNG_GENERATION_MB = 24;

/** Counters of a pool, for `/metrics` and `/health`. */
export interface PoolStats {
  readonly workers: number;
  readonly ready: number;
  readonly busy: number;
  readonly queued: number;
  readonly timeouts: number;
  readonly restarts: number;
  readonly crashes: number;
  /** Items given to the worker that owns their problem (or claims it), under `affinity`. */
  readonly affine?: number;
}

/** Something that scores batches of items: the worker pool, or in-process for tests and baselines. */
export interface ScoreBackend {
  /** Scores every item (one outcome each, in order); throws a 503 `HttpError` once closing. */
  score(items: readonly unknown[], detail: ItemDetail): Promise<ItemOutcome[]>;
  /** Adds or replaces problems; items queued after this call see them. */
  upsertProblems(problems: readonly Problem[]): void;
  stats(): PoolStats;
  /** Waits for queued items, then stops. */
  close(): Promise<void>;
}

interface Job {
  readonly id: number;
  readonly item: unknown;
  /** The problem the item names, for scheduling (undefined: malformed, any worker answers it). */
  readonly problem: string | undefined;
  readonly detail: ItemDetail;
  readonly resolve: (outcome: ItemOutcome) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  started: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * A pool of worker threads, each holding its own scorer. One item per worker at a time, with a
 * hard deadline: a worker still busy past `itemTimeoutMs` is terminated and replaced, and the
 * item's outcome is `timeout` — the rest of the batch is unaffected. Batches are queued by items.
 */
export function createWorkerPool(options: WorkerPoolOptions): ScoreBackend {
  const overlay = new Map<string, Problem>();
  const queue: Job[] = [];
  /** Batches waiting for room in the queue, in arrival order. */
  const waiting: Job[][] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let timeouts = 0;
  let restarts = 0;
  let crashes = 0;
  let affine = 0;
  let closing = false;
  /** Problem id → index of the slot that first scored it (a replaced worker's slot keeps its problems). */
  const owners = new Map<string, number>();
  const ownerOf = (problem: string): number | undefined => owners.get(problem);
  const affinity = (options.schedule ?? 'affinity') === 'affinity';
  let drained: (() => void) | undefined;
  const entry = workerEntry();

  const spawn = (): Slot => {
    const init: WorkerInit = {
      base: options.problems,
      overlay: [...overlay.values()],
      mode: options.mode ?? 'physical',
      ...(options.workBudget === undefined ? {} : { workBudget: options.workBudget }),
      ...(options.warmupItems === undefined ? {} : { warmupItems: options.warmupItems }),
    };
    const worker = new Worker(entry.url, {
      eval: entry.eval,
      workerData: init,
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: options.workerYoungGenerationMb ?? DEFAULT_WORKER_YOUNG_GENERATION_MB,
      },
    });
    const slot: Slot = { worker, ready: false, job: undefined, started: 0, timer: undefined };
    worker.on('message', (message: WorkerReply) => {
      if (message.type === 'ready') slot.ready = true;
      else if (slot.job?.id === message.id) finish(slot, message.outcome);
      pump();
    });
    const fail = (why: string): void => {
      if (slots.indexOf(slot) < 0) return;
      crashes++;
      const outcome: ItemOutcome = {
        status: 'error',
        code: 'worker-failed',
        message: `the worker ${why}; it was replaced`,
        ms: 0,
      };
      // A worker that dies before it is ready (it cannot build its scorer) is replaced after a pause, not in a loop.
      if (slot.ready) replace(slot, outcome);
      else setTimeout(() => replace(slot, outcome), 1000).unref();
    };
    worker.on('error', (error) => fail(`failed: ${error.message}`));
    worker.on('exit', (code) => fail(`exited with code ${code}`));
    return slot;
  };

  const finish = (slot: Slot, outcome: ItemOutcome): void => {
    const job = slot.job;
    if (slot.timer !== undefined) clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    job?.resolve(outcome);
  };

  // Terminates a slot's worker (stuck or dead), answers its item, and puts a fresh worker in its place.
  const replace = (slot: Slot, outcome: ItemOutcome): void => {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    finish(slot, outcome);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    if (closing) slots.splice(at, 1);
    else {
      slots[at] = spawn();
      restarts++;
    }
    pump();
  };

  const pump = (): void => {
    while (
      waiting.length > 0 &&
      (queue.length === 0 || queue.length + waiting[0]!.length <= options.maxQueue)
    )
      queue.push(...waiting.shift()!);
    for (const [index, slot] of slots.entries()) {
      if (queue.length === 0) break;
      if (!slot.ready || slot.job !== undefined) continue;
      const at = affinity ? pickJob(queue, index, ownerOf) : 0;
      const job = at === 0 ? queue.shift()! : queue.splice(at, 1)[0]!;
      if (affinity && job.problem !== undefined) {
        const owner = owners.get(job.problem);
        if (owner === undefined) owners.set(job.problem, index);
        if (owner === undefined || owner === index) affine++;
      }
      slot.job = job;
      slot.started = performance.now();
      slot.timer = setTimeout(() => {
        timeouts++;
        replace(slot, {
          status: 'timeout',
          code: 'timeout',
          message: `scoring took longer than ${options.itemTimeoutMs} ms; the worker was replaced`,
          ms: performance.now() - slot.started,
        });
      }, options.itemTimeoutMs);
      const request: WorkerRequest = { type: 'score', id: job.id, item: job.item, detail: job.detail };
      slot.worker.postMessage(request);
    }
    if (
      drained !== undefined &&
      queue.length === 0 &&
      waiting.length === 0 &&
      slots.every((s) => s.job === undefined)
    )
      drained();
  };

  for (let i = 0; i < Math.max(1, options.workers); i++) slots.push(spawn());

  return {
    score(items, detail) {
      if (closing)
        throw new HttpError(503, 'shutting-down', 'the server is shutting down', { 'retry-after': '1' });
      // Queued by items: a batch that does not fit in the queue waits its turn (any size is taken:
      // what bounds memory is the edge's cap on request bytes in flight).
      const jobs = items.map((item) => {
        let resolve!: (outcome: ItemOutcome) => void;
        const done = new Promise<ItemOutcome>((r) => {
          resolve = r;
        });
        return { job: { id: nextId++, item, problem: problemOfItem(item), detail, resolve }, done };
      });
      waiting.push(jobs.map((j) => j.job));
      pump();
      return Promise.all(jobs.map((j) => j.done));
    },
    upsertProblems(problems) {
      for (const p of problems) overlay.set(p.id, p);
      const message: WorkerRequest = { type: 'problems', problems };
      for (const slot of slots) slot.worker.postMessage(message);
    },
    stats: () => ({
      workers: slots.length,
      ready: slots.filter((s) => s.ready).length,
      busy: slots.filter((s) => s.job !== undefined).length,
      queued: queue.length + waiting.reduce((n, batch) => n + batch.length, 0),
      timeouts,
      restarts,
      crashes,
      affine,
    }),
    async close() {
      closing = true;
      if (queue.length > 0 || waiting.length > 0 || slots.some((s) => s.job !== undefined))
        await new Promise<void>((resolve) => {
          drained = resolve;
        });
      const all = slots.splice(0);
      await Promise.all(
        all.map((s) => {
          s.worker.removeAllListeners();
          return s.worker.terminate();
        }),
      );
    },
  };
}

/**
 * The worker's entry: the compiled `score-worker.js` beside this module after a build; else the
 * TypeScript source (dev and tests under tsx), started by a one-line bootstrap that registers tsx
 * in the worker first (Node 20 does not apply a parent's `--import` loader to a worker's entry).
 */
function workerEntry(): { url: URL | string; eval: boolean } {
  const js = new URL('./score-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { url: js, eval: false };
  const ts = new URL('./score-worker.ts', import.meta.url).href;
  const api = import.meta.resolve('tsx/esm/api');
  return {
    url: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(ts)}); });`,
    eval: true,
  };
}
