import { spawnSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { socketFilter } from './socket-filter.js';

/** The Python interpreter the sandbox runs and the read-only host paths its runtime needs. */
export interface PythonRuntime {
  /** The path the interpreter is started by (as Python reports it: a venv's own path is kept). */
  readonly executable: string;
  /** Host directories bound read-only at the same path (none inside another). */
  readonly dirs: readonly string[];
  /** Host files bound read-only (the interpreter, when no bound directory holds it): [source, destination]. */
  readonly files: readonly (readonly [string, string])[];
  /** Top-level library entries that are symlinks on the host (`/lib → usr/lib`): [path, target]. */
  readonly symlinks: readonly (readonly [string, string])[];
}

/** What this machine offers the sandbox, probed once. */
export interface SandboxSupport {
  readonly python: PythonRuntime | undefined;
  readonly bwrap: string | undefined;
  /** Needed only when running as root: drops to the unprivileged uid before the inner bubblewrap. */
  readonly setpriv: string | undefined;
  readonly prlimit: string | undefined;
  /** One line naming what is missing when the sandbox cannot run here; undefined when it can. */
  readonly missing: string | undefined;
}

let probed: SandboxSupport | undefined;

/** An absolute path of `name` in the usual system directories. */
export function which(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin', '/sbin']) {
    try {
      if (statSync(`${dir}/${name}`).isFile()) return `${dir}/${name}`;
    } catch {
      // not there
    }
  }
  return undefined;
}

const PROBE = `import sys, json
print(json.dumps({'executable': sys.executable,
  'paths': [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix] + [p for p in sys.path if p]}))`;

/** Library directories every dynamically linked interpreter needs (those this host has). */
const LIBRARY_DIRS = ['/usr/lib', '/usr/lib64', '/usr/lib32', '/lib', '/lib64', '/lib32'];

/** `path` is `dir` or inside it. */
const within = (path: string, dir: string): boolean => path === dir || path.startsWith(`${dir}/`);

/**
 * Finds python3 (a pyenv shim resolves to the interpreter it runs) and the host paths its runtime
 * needs: its prefixes and module directories (`/` and `/usr` themselves are never bound whole: their
 * library directories are), the library directories, and the interpreter's own file.
 */
function probePython(): PythonRuntime | undefined {
  const py = spawnSync('python3', ['-I', '-c', PROBE], { encoding: 'utf8', timeout: 20_000 });
  if (py.status !== 0) return undefined;
  let found: { executable: string; paths: string[] };
  try {
    found = JSON.parse(py.stdout) as typeof found;
  } catch {
    return undefined;
  }
  const symlinks: [string, string][] = [];
  const candidates: string[] = [];
  for (const lib of LIBRARY_DIRS) {
    try {
      if (lstatSync(lib).isSymbolicLink()) symlinks.push([lib, readlinkSync(lib)]);
      else if (statSync(lib).isDirectory()) candidates.push(lib);
    } catch {
      // this host has no such directory
    }
  }
  for (const p of found.paths) {
    try {
      const real = realpathSync(p);
      if (real !== '/' && real !== '/usr' && statSync(real).isDirectory()) candidates.push(real);
    } catch {
      // a sys.path entry that does not exist (python311.zip)
    }
  }
  const sorted = [...new Set(candidates)].sort((a, b) => a.length - b.length);
  const dirs: string[] = [];
  for (const d of sorted) if (!dirs.some((kept) => within(d, kept))) dirs.push(d);
  const files: [string, string][] = [];
  const covered = (p: string) => dirs.some((d) => within(p, d));
  if (!covered(found.executable)) {
    try {
      files.push([realpathSync(found.executable), found.executable]);
    } catch {
      return undefined;
    }
  }
  // A symlinked library directory on the host (merged /usr) must resolve inside the sandbox too.
  for (const [link, target] of symlinks) {
    const abs = target.startsWith('/') ? target : `${dirname(link)}/${target}`.replace('//', '/');
    if (!covered(abs)) return undefined;
  }
  return { executable: found.executable, dirs, files, symlinks };
}

/** What the probe found, for {@link missingPiece}. */
export interface FoundTools {
  readonly platform: string;
  readonly python: boolean;
  readonly bwrap: boolean;
  readonly prlimit: boolean;
  readonly root: boolean;
  readonly setpriv: boolean;
  /** The machine's architecture (`process.arch`); the socket filter knows x64 and arm64. */
  readonly arch: string;
}

/** The one line naming the first thing the sandbox lacks here, or undefined. */
export function missingPiece(f: FoundTools): string | undefined {
  if (f.platform !== 'linux') return `the Task IV sandbox needs Linux (bubblewrap); this is ${f.platform}`;
  if (!f.python) return 'python3 was not found on PATH (the Task IV sandbox runs the model code with it)';
  if (!f.bwrap)
    return 'bubblewrap (bwrap) is not installed: model-written code runs only inside it (Debian/Ubuntu: apt-get install bubblewrap)';
  if (!f.prlimit)
    return 'prlimit (util-linux) is not installed: the sandbox sets its CPU, memory and file limits with it';
  if (f.root && !f.setpriv)
    return 'setpriv (util-linux) is not installed: as root, the sandbox drops to an unprivileged uid with it';
  if (socketFilter(f.arch) === undefined)
    return `the sandbox's seccomp socket filter knows x64 and arm64 only; this is ${f.arch}`;
  return undefined;
}

/**
 * Probes python3, bubblewrap (and, as root, setpriv), prlimit, then starts one empty sandbox to
 * see that bubblewrap can create its namespaces here (cached for the process). `missing` says, in
 * one line, what stops the sandbox; Task IV refuses to run then, never falling back to less.
 */
export function sandboxSupport(): SandboxSupport {
  if (probed !== undefined) return probed;
  const python = process.platform === 'linux' ? probePython() : undefined;
  const bwrap = which('bwrap');
  const root = process.getuid?.() === 0;
  const setpriv = root ? which('setpriv') : undefined;
  const prlimit = which('prlimit');
  const missing = missingPiece({
    platform: process.platform,
    python: python !== undefined,
    bwrap: bwrap !== undefined,
    prlimit: prlimit !== undefined,
    root,
    setpriv: setpriv !== undefined,
    arch: process.arch,
  });
  probed = { python, bwrap, setpriv, prlimit, missing };
  if (missing === undefined) probed = { ...probed, missing: smokeTest(probed) };
  return probed;
}

/** Starts one sandbox running `pass`; the first line of bubblewrap's complaint when it cannot. */
function smokeTest(support: SandboxSupport): string | undefined {
  const argv = sandboxArgv(support, { cpuSeconds: 5, memoryBytes: 1 << 30, diskBytes: 1 << 20 }, [
    '-c',
    'pass',
  ]);
  // The filter reaches bubblewrap as a file here (spawnSync cannot feed a pipe beyond stdin).
  const dir = mkdtempSync(join(tmpdir(), 'prism-seccomp-'));
  let r: ReturnType<typeof spawnSync>;
  try {
    writeFileSync(join(dir, 'filter'), socketFilter()!);
    const fd = openSync(join(dir, 'filter'), 'r');
    try {
      r = spawnSync(argv[0]!, argv.slice(1), {
        encoding: 'utf8',
        timeout: 20_000,
        env: {},
        stdio: ['ignore', 'pipe', 'pipe', 'ignore', fd],
      });
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (r.status === 0) return undefined;
  const why = (String(r.stderr ?? '') || r.error?.message || `exit ${r.status ?? r.signal}`)
    .trim()
    .split('\n')[0];
  return `bubblewrap could not create its sandbox here (${why}): it needs bubblewrap >= 0.8 and user namespaces`;
}

/** The descriptor on which bubblewrap reads the seccomp filter (`socketFilter`). */
export const SECCOMP_FD = 4;

/** The uid (and gid) the model's code runs as, inside and, when we are root, outside. */
export const SANDBOX_UID = 65534;
/** The sandbox's working directory: a size-limited tmpfs, the only writable place. */
export const SANDBOX_DIR = '/work';

/** The limits that shape the command line. */
export interface SandboxArgvLimits {
  readonly cpuSeconds: number;
  readonly memoryBytes: number;
  readonly diskBytes: number;
}

/** Every ancestor directory of the paths (not `/`), shallowest first. */
function ancestors(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) for (let d = dirname(p); d !== '/' && d !== '.'; d = dirname(d)) out.add(d);
  return [...out].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/** bubblewrap options that make the runtime visible read-only (plus `extraFiles`, same path). */
function runtimeBinds(rt: PythonRuntime, extraFiles: readonly string[] = []): string[] {
  const files: (readonly [string, string])[] = [...rt.files, ...extraFiles.map((f) => [f, f] as const)];
  const dests = [...rt.dirs, ...files.map(([, to]) => to)];
  return [
    ...ancestors(dests).flatMap((d) => ['--perms', '0755', '--dir', d]),
    ...rt.dirs.flatMap((d) => ['--ro-bind', d, d]),
    ...files.flatMap(([from, to]) => ['--ro-bind', from, to]),
    ...rt.symlinks.flatMap(([link, target]) => ['--symlink', target, link]),
  ];
}

/**
 * The full command line of one sandbox running `python3 -I -B <pythonArgs>`:
 * `prlimit` (CPU, address space, file size, 64 descriptors, no core files) around
 * bubblewrap with every namespace new (user, mount, PID, network, IPC, UTS, cgroup), further user
 * namespaces disabled, a new session, an empty environment, uid/gid 65534, the runtime bound
 * read-only, a minimal /dev, a `diskBytes` tmpfs at /work (the only writable place: / and /dev
 * are remounted read-only), no /proc, and the seccomp socket filter read from fd 4. As root, an outer bubblewrap first binds the runtime (a
 * root-only home such as /root/.pyenv stays reachable) and setpriv drops to uid 65534 before the
 * inner one: the code's processes then belong to an unprivileged kernel uid, so RLIMIT_NPROC holds.
 */
export function sandboxArgv(
  support: SandboxSupport,
  limits: SandboxArgvLimits,
  pythonArgs: readonly string[],
): string[] {
  const rt = support.python!;
  const uid = String(SANDBOX_UID);
  const env = {
    HOME: SANDBOX_DIR,
    TMPDIR: SANDBOX_DIR,
    LANG: 'C.UTF-8',
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    MKL_NUM_THREADS: '1',
  };
  const inner = [
    support.bwrap!,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
    '--uid',
    uid,
    '--gid',
    uid,
    '--seccomp',
    String(SECCOMP_FD),
    ...runtimeBinds(rt),
    '--dev',
    '/dev',
    '--size',
    String(limits.diskBytes),
    '--tmpfs',
    SANDBOX_DIR,
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_DIR,
    '--',
    rt.executable,
    '-I',
    '-B',
    ...pythonArgs,
  ];
  const outer =
    support.setpriv === undefined
      ? []
      : [
          support.bwrap!,
          '--unshare-pid',
          '--die-with-parent',
          ...runtimeBinds(rt, [support.bwrap!, support.setpriv]),
          '--proc',
          '/proc',
          '--dev',
          '/dev',
          '--perms',
          '0755',
          '--dir',
          '/tmp',
          '--',
          support.setpriv,
          `--reuid=${uid}`,
          `--regid=${uid}`,
          '--clear-groups',
          '--',
        ];
  return [
    support.prlimit!,
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--as=${limits.memoryBytes}`,
    `--fsize=${limits.diskBytes}`,
    '--nofile=64',
    '--core=0',
    '--',
    ...outer,
    ...inner,
  ];
}
