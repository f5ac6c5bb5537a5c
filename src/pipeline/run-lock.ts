import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
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
 * Removes a lock judged stale — only if it is still the one judged: it is first renamed aside (one
 * taker wins the rename), and when the file moved is not the stale one (another taker replaced it
 * meanwhile) it is linked back.
 */
function removeStaleLock(path: string, staleText: string): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another taker moved it first; the next attempt decides
  }
  let moved = '';
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    // unreadable: treat as the stale one
  }
  if (moved !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // a third taker holds the lock now; the live holder's checks decide
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
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
