import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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
 * Takes `dir/.lock` (created exclusively, holding pid, host and start time) so that two runs on one
 * directory cannot interleave their appends. A lock left by a process that no longer exists on this
 * host (a SIGKILLed run) is taken over; a live holder gives `run-locked` naming its pid.
 */
export function lockRunDir(dir: string, now: Date = new Date()): { lock?: RunLock; diagnostic?: Diagnostic } {
  const path = join(dir, '.lock');
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), started_at: now.toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
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
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: number; host?: string; started_at?: string } = {};
    try {
      holder = JSON.parse(readFileSync(path, 'utf8')) as typeof holder;
    } catch {
      // unreadable lock: a writer died between create and write; treat as stale
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
    try {
      unlinkSync(path);
    } catch {
      // someone else took it over first; the next attempt decides
    }
  }
  return { diagnostic: { ...diagnostic('run-locked', 'error', `could not take ${path}`), where: dir } };
}
