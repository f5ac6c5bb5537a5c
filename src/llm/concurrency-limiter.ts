/** Runs async tasks with at most `limit` in flight; the rest wait in FIFO order. */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly pending: number;
}

/** Creates a FIFO concurrency limiter (limit ≥ 1). */
export function createLimiter(limit: number): ConcurrencyLimiter {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`concurrency must be an integer ≥ 1`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = (): void => {
    active--;
    const next = queue.shift();
    if (next !== undefined) {
      active++;
      next();
    }
  };
  return {
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
