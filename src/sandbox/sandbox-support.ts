import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';

/** What this machine offers the sandbox, probed once. */
export interface SandboxSupport {
  /** Absolute path of the Python interpreter (a pyenv shim is resolved: it needs its environment). */
  readonly python: string | undefined;
  readonly prlimit: string | undefined;
  /** `unshare` when it can make new user, network and PID namespaces without privileges. */
  readonly unshare: string | undefined;
}

let probed: SandboxSupport | undefined;

function which(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin', '/sbin']) {
    try {
      if (statSync(`${dir}/${name}`).isFile()) return `${dir}/${name}`;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** Probes python3, prlimit and unprivileged namespaces (cached for the process). */
export function sandboxSupport(): SandboxSupport {
  if (probed !== undefined) return probed;
  const py = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  const python = py.status === 0 ? py.stdout.trim() || undefined : undefined;
  const unshare = which('unshare');
  const works =
    unshare !== undefined &&
    spawnSync(unshare, ['-r', '-n', '-p', '-f', '--kill-child', 'true'], { timeout: 10_000 }).status === 0;
  probed = { python, prlimit: which('prlimit'), unshare: works ? unshare : undefined };
  return probed;
}

/** Processes the current user owns now (RLIMIT_NPROC counts them all, so the cap adds to this). */
export function ownProcessCount(): number {
  const uid = process.getuid?.() ?? -1;
  let n = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (statSync(`/proc/${entry}`).uid === uid) n++;
    } catch {
      // gone
    }
  }
  return n;
}
