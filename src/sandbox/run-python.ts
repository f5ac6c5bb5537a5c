import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PYTHON_HARNESS } from './python-harness.js';
import { ownProcessCount, sandboxSupport } from './sandbox-support.js';

/** Limits of one sandboxed run. */
export interface SandboxLimits {
  /** Wall-clock limit; the process group is killed on overrun. Default 10 000 ms. */
  readonly wallMs?: number;
  /** CPU seconds (RLIMIT_CPU). Default 5. */
  readonly cpuSeconds?: number;
  /** Address space (RLIMIT_AS). Default 1 GiB. */
  readonly memoryBytes?: number;
  /** Largest file the code may write (RLIMIT_FSIZE). Default 1 MiB. */
  readonly fileBytes?: number;
  /** Processes beyond the ones the user already runs (RLIMIT_NPROC). Default 8. */
  readonly extraProcesses?: number;
  /** Bytes of standard output kept; more kills the run. Default 1 MiB. */
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
  /** How the run was isolated: namespaces (user, network, PID) when available, always the audit hook. */
  readonly isolation: string;
  /** The process id the run had (its group was killed at the end). */
  readonly pid?: number;
}

/**
 * Runs model-written Python in a child process: a throwaway directory as cwd (removed afterwards),
 * an empty environment, `prlimit` CPU / address-space / file-size / process limits, no network (a
 * new network namespace when unprivileged namespaces work — inside a new PID namespace too, so no
 * child outlives the run — and always a Python audit hook refusing sockets, process creation, ctypes
 * and writes outside the directory), a wall-clock kill of the whole process group and a cap on its
 * output. Defines `source`, then calls `fn(**args)` for each entry of `calls`.
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
  if (support.python === undefined) return fail('sandbox-unavailable', 'python3 not found', 'none');
  const dir = mkdtempSync(join(tmpdir(), 'prism-sandbox-'));
  writeFileSync(join(dir, 'harness.py'), PYTHON_HARNESS);
  writeFileSync(join(dir, 'solution.py'), source);
  writeFileSync(join(dir, 'calls.json'), JSON.stringify({ function: fn, calls }));
  const wallMs = limits.wallMs ?? 10_000;
  const outputCap = limits.outputBytes ?? 1 << 20;
  const python = [support.python, '-I', '-B', 'harness.py'];
  const ns =
    support.unshare === undefined ? [] : [support.unshare, '-r', '-n', '-p', '-f', '--kill-child', '--'];
  const rl =
    support.prlimit === undefined
      ? []
      : [
          support.prlimit,
          `--cpu=${limits.cpuSeconds ?? 5}:${(limits.cpuSeconds ?? 5) + 1}`,
          `--as=${limits.memoryBytes ?? 1 << 30}`,
          `--fsize=${limits.fileBytes ?? 1 << 20}`,
          `--nproc=${ownProcessCount() + (limits.extraProcesses ?? 8)}`,
          '--core=0',
          '--nofile=64',
          '--',
        ];
  const isolation = [
    ns.length > 0 ? 'namespaces (user, network, pid)' : 'no namespaces',
    rl.length > 0 ? 'prlimit' : 'no prlimit',
    'audit hook',
  ].join(' + ');
  const argv = [...rl, ...ns, ...python];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: dir,
    env: {
      PATH: '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C.UTF-8',
      PRISM_PRELOAD: JSON.stringify(preload),
      PRISM_MAX_PRINT: String(limits.printChars ?? 65_536),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  const killGroup = (): void => {
    try {
      if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let stdout = '';
  let stderr = '';
  let bytes = 0;
  let reason: 'timeout' | 'output' | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > outputCap) {
      reason ??= 'output';
      killGroup();
    } else stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('utf8').slice(0, 4096);
  });
  const timer = setTimeout(() => {
    reason ??= 'timeout';
    killGroup();
  }, wallMs);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
    child.on('error', () => resolve({ code: -1, signal: null }));
  });
  clearTimeout(timer);
  killGroup();
  await groupGone(pid);
  rmSync(dir, { recursive: true, force: true });
  const wall = Math.round(performance.now() - started);
  if (reason === 'timeout')
    return fail('sandbox-timeout', `killed after ${wallMs} ms of wall-clock time`, isolation, pid);
  if (reason === 'output')
    return fail('sandbox-output-limit', `more than ${outputCap} bytes of output`, isolation, pid);
  const line = stdout.trim().split('\n').pop() ?? '';
  let parsed: { results?: CallOutcome[]; load_error?: string } | undefined;
  try {
    parsed = JSON.parse(line) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  if (parsed?.load_error !== undefined) return fail('sandbox-load-error', parsed.load_error, isolation, pid);
  if (parsed?.results === undefined || parsed.results.length !== calls.length) {
    const cpu =
      exit.signal === 'SIGXCPU' || exit.signal === 'SIGKILL' || exit.code === 152 || exit.code === 137;
    const why = `exit ${exit.code ?? exit.signal}${stderr === '' ? '' : `: ${stderr.trim().slice(-300)}`}`;
    if (cpu && /XCPU|152/.test(`${exit.signal}${exit.code}`))
      return fail('sandbox-cpu-limit', `CPU-time limit reached (${why})`, isolation, pid);
    return fail('sandbox-crashed', why, isolation, pid);
  }
  return { calls: parsed.results, wallMs: wall, isolation, ...(pid === undefined ? {} : { pid }) };
}

/** Waits (up to 2 s) until no process of the group is left, killed ones reaped by their parent. */
async function groupGone(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  for (let waited = 0; waited < 2000; waited += 20) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
