/**
 * Runs `worker` `concurrency` times at once (at least once) and waits for all of them; then closes
 * what the pass opened (a transcript appender, a pipeline — in the order given), whatever happened.
 * Workers share a queue of their own: each takes the next job until none is left or the pass stops.
 */
export async function runWorkers(
  concurrency: number,
  worker: () => Promise<void>,
  ...opened: readonly { close(): void }[]
): Promise<void> {
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  } finally {
    for (const o of opened) o.close();
  }
}
