import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { PYTHON_HARNESS } from './python-harness.js';
import { SANDBOX_UID, sandboxArgv, sandboxSupport } from './sandbox-support.js';
import { socketFilter } from './socket-filter.js';

/** Limits of one sandboxed run. */
export interface SandboxLimits {
  /** Wall-clock limit; the whole sandbox is killed on overrun. Default 10 000 ms. */
  readonly wallMs?: number;
  /** CPU seconds of each process (RLIMIT_CPU). Default 5. */
  readonly cpuSeconds?: number;
  /** Address space of each of the sandbox's two Python processes (RLIMIT_AS). Default 1 GiB. */
  readonly memoryBytes?: number;
  /** Size of the throwaway directory (a tmpfs), also the largest file (RLIMIT_FSIZE). Default 16 MiB. */
  readonly diskBytes?: number;
  /** Bytes the sandbox may write to stdout and stderr together; more kills the run. Default 1 MiB. */
  readonly outputBytes?: number;
  /** Characters the code itself may print (counted inside Python). Default 64 KiB. */
  readonly printChars?: number;
}

/** One call's outcome: the returned values (name → number, or a repr when not numeric) or the error. */
export type CallOutcome =
  | { readonly ok: true; readonly value: Readonly<Record<string, number | string>> }
  | { readonly ok: false; readonly error: string };

/** The outcome of {@link runPythonSandboxed}. */
export interface SandboxResult {
  /** Per call, in order; every call fails with the run's error when the run itself failed. */
  readonly calls: readonly CallOutcome[];
  /** Set when the whole run failed: a `sandbox-*` code (see `SANDBOX_CODES`). */
  readonly failure?: { readonly code: string; readonly message: string };
  readonly wallMs: number;
  /** How the run was isolated (or why it was not run). */
  readonly isolation: string;
  /** The process id of the sandbox's outermost process (prlimit, then bubblewrap). */
  readonly pid?: number;
  /** A random id on the sandboxed Python's command line (to look for survivors). */
  readonly id?: string;
}

/** The most the harness's one results line may weigh. */
const MAX_RESULTS_BYTES = 1 << 23;

/**
 * Runs model-written Python inside bubblewrap (see `sandboxArgv` for the boundary: new user,
 * mount, PID, network, IPC, UTS and cgroup namespaces, uid 65534, the runtime read-only, a
 * size-limited tmpfs as the only writable directory, one model process that can start no other,
 * rlimits on CPU and address space, an empty environment, a new session, no inherited descriptor
 * but stdin, stdout, stderr and the results pipe). Defines `source`, then calls `fn(**args)` for
 * each entry of `calls`. The values come back on fd 3, written by a harness process that the
 * model's process cannot reach; stdout and stderr are only counted (over the cap the run is killed). A
 * wall-clock overrun kills the whole sandbox. Where the sandbox cannot run, nothing runs: every
 * call fails with `sandbox-unavailable` and the missing piece.
 */
export async function runPythonSandboxed(
  source: string,
  fn: string,
  calls: readonly Readonly<Record<string, number>>[],
  limits: SandboxLimits = {},
  preload: readonly string[] = ['math'],
): Promise<SandboxResult> {
  const support = sandboxSupport();
  const started = performance.now();
  const fail = (code: string, message: string, isolation: string, pid?: number): SandboxResult => ({
    calls: calls.map(() => ({ ok: false, error: `${code}: ${message}` })),
    failure: { code, message },
    wallMs: Math.round(performance.now() - started),
    isolation,
    ...(pid === undefined ? {} : { pid }),
  });
  if (support.missing !== undefined) return fail('sandbox-unavailable', support.missing, 'none');
  const wallMs = limits.wallMs ?? 10_000;
  const outputCap = limits.outputBytes ?? 1 << 20;
  const diskBytes = limits.diskBytes ?? 16 << 20;
  const id = randomBytes(8).toString('hex');
  const argv = sandboxArgv(
    support,
    { cpuSeconds: limits.cpuSeconds ?? 5, memoryBytes: limits.memoryBytes ?? 1 << 30, diskBytes },
    ['-c', PYTHON_HARNESS, id],
  );
  const isolation = `bubblewrap (user, mount, pid, network, ipc, uts, cgroup namespaces; uid ${SANDBOX_UID}${support.setpriv === undefined ? '' : ' outside too'}; read-only runtime; ${diskBytes}-byte tmpfs; no sockets) + prlimit`;
  const child = spawn(argv[0]!, argv.slice(1), {
    env: {},
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  const killAll = (): void => {
    try {
      if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  child.stdin.on('error', () => {
    // the sandbox ended before reading its request: reported by its exit
  });
  const filter = child.stdio[4] as Writable;
  filter.on('error', () => {
    // bubblewrap ended before reading it: reported by its exit
  });
  filter.end(socketFilter());
  child.stdin.end(
    JSON.stringify({ source, function: fn, calls, preload, max_print: limits.printChars ?? 65_536 }),
  );
  let bytes = 0;
  let stderr = '';
  let results = '';
  let reason: 'timeout' | 'output' | 'results' | undefined;
  const count = (chunk: Buffer): void => {
    bytes += chunk.length;
    if (bytes > outputCap) {
      reason ??= 'output';
      killAll();
    }
  };
  child.stdout.on('data', count);
  child.stderr.on('data', (chunk: Buffer) => {
    count(chunk);
    stderr = (stderr + chunk.toString('utf8')).slice(-4096);
  });
  (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
    results += chunk.toString('utf8');
    if (results.length > MAX_RESULTS_BYTES) {
      reason ??= 'results';
      killAll();
    }
  });
  const timer = setTimeout(() => {
    reason ??= 'timeout';
    killAll();
  }, wallMs);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
    child.on('error', () => resolve({ code: -1, signal: null }));
  });
  clearTimeout(timer);
  killAll();
  const wall = Math.round(performance.now() - started);
  const failed = (code: string, message: string): SandboxResult => ({
    ...fail(code, message, isolation, pid),
    id,
  });
  if (reason === 'timeout') return failed('sandbox-timeout', `killed after ${wallMs} ms of wall-clock time`);
  if (reason === 'output') return failed('sandbox-output-limit', `more than ${outputCap} bytes of output`);
  let parsed: { results?: CallOutcome[]; load_error?: string; unavailable?: string } | undefined;
  try {
    parsed = reason === 'results' ? undefined : (JSON.parse(results) as typeof parsed);
  } catch {
    parsed = undefined;
  }
  if (parsed?.unavailable !== undefined) return failed('sandbox-unavailable', parsed.unavailable);
  if (parsed?.load_error !== undefined) return failed('sandbox-load-error', parsed.load_error);
  if (parsed?.results === undefined || parsed.results.length !== calls.length) {
    const why = `exit ${exit.code ?? exit.signal}${stderr === '' ? '' : `: ${stderr.trim().slice(-300)}`}`;
    return failed('sandbox-crashed', `the sandbox's harness reported no results (${why})`);
  }
  return { calls: parsed.results, wallMs: wall, isolation, ...(pid === undefined ? {} : { pid }), id };
}
