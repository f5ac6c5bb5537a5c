import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';

/** A held lock on a run directory. */
export interface RunLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `path` holding `content` only if it does not exist, and never visible half-written: the
 * content goes to a private file first, then is hard-linked into place (`link` fails with EEXIST
 * when the lock exists). Where hard links are not supported, an exclusive create and write.
 */
function createLockFile(path: string, content: string): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(tmp, content, { flag: 'wx' });
  try {
    linkSync(tmp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, content);
      closeSync(fd);
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
}

/**
 * Removes a lock judged stale — only if it is still the one judged, and only by one taker at a time:
 * the taker first creates `<lock>.takeover` (exclusively), re-reads the lock, removes it only if it
 * still holds the stale text, then drops the takeover file. Renaming the lock aside instead left a
 * window in which a fresh lock moved aside by a second taker could be replaced by a third (two
 * holders). A takeover file whose writer is gone (killed mid-takeover) is removed for the next attempt.
 */
function removeStaleLock(path: string, staleText: string): void {
  const guard = `${path}.takeover`;
  if (!createLockFile(guard, JSON.stringify({ pid: process.pid, host: hostname() }))) {
    try {
      const holder = JSON.parse(readFileSync(guard, 'utf8')) as { pid?: number; host?: string };
      if (typeof holder.pid === 'number' && holder.host === hostname() && !alive(holder.pid))
        unlinkSync(guard);
    } catch {
      // gone meanwhile, or unreadable for an instant: the next attempt decides
    }
    return;
  }
  try {
    if (readFileSync(path, 'utf8') === staleText) unlinkSync(path);
  } catch {
    // already gone
  } finally {
    try {
      unlinkSync(guard);
    } catch {
      // already gone
    }
  }
}

/**
 * Takes `dir/.lock` (holding pid, host and start time, created atomically with its content) so that
 * two runs on one directory cannot interleave their appends. A lock left by a process that no longer
 * exists on this host (a SIGKILLed run) is taken over — by renaming it aside first, so two takers
 * cannot both remove a lock and both create one; a live holder gives `run-locked` naming its pid.
 */
export function lockRunDir(dir: string, now: Date = new Date()): { lock?: RunLock; diagnostic?: Diagnostic } {
  const path = join(dir, '.lock');
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    started_at: now.toISOString(),
    token: randomBytes(8).toString('hex'),
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLockFile(path, mine)) {
      return {
        lock: {
          release: () => {
            try {
              if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
            } catch {
              // already gone
            }
          },
        },
      };
    }
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // removed meanwhile: try again
    }
    let holder: { pid?: number; host?: string; started_at?: string } = {};
    try {
      holder = JSON.parse(text) as typeof holder;
    } catch {
      // unreadable lock (an older prism could die between create and write): stale
    }
    const sameHost = holder.host === undefined || holder.host === hostname();
    if (typeof holder.pid === 'number' && (!sameHost || alive(holder.pid))) {
      return {
        diagnostic: {
          ...diagnostic(
            'run-locked',
            'error',
            `another run (pid ${holder.pid}${sameHost ? '' : ` on ${holder.host}`}, started ${holder.started_at ?? '?'}) is using this run directory; wait for it to finish, or delete ${path} if that process is gone`,
          ),
          where: dir,
        },
      };
    }
    removeStaleLock(path, text);
  }
  return { diagnostic: { ...diagnostic('run-locked', 'error', `could not take ${path}`), where: dir } };
}
