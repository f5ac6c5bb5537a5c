/**
 * How far into the queue a free worker looks for an item of one of its own problems before it takes
 * the oldest item instead. Bounds the scan per dispatch and how far an item can be overtaken.
 */
export const PICK_WINDOW = 256;

/**
 * Which queued item a free worker takes: the first one (within {@link PICK_WINDOW} of the head)
 * whose problem this worker owns or no worker owns yet, else the oldest. A worker's caches are its
 * own (prepared reference nodes, the reference side of Algorithm 1's trials, pair verdicts), so a
 * problem's answers scored on the worker that has seen the problem reuse them, where spread over N
 * workers each worker redoes that work; taking the oldest item when none is its own keeps every
 * worker busy while the queue is not empty. Returns an index into `queue`, or -1 when it is empty.
 * The caller records the claim of an unowned problem.
 */
export function pickJob(
  queue: readonly { readonly problem: string | undefined }[],
  worker: number,
  ownerOf: (problem: string) => number | undefined,
): number {
  const end = Math.min(queue.length, PICK_WINDOW);
  for (let i = 0; i < end; i++) {
    const problem = queue[i]!.problem;
    if (problem === undefined) continue;
    const owner = ownerOf(problem);
    if (owner === undefined || owner === worker) return i;
  }
  return queue.length > 0 ? 0 : -1;
}

/** The problem an untrusted item names (as `shapeItem` reads it), or undefined. */
export function problemOfItem(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const id = (item as { problem_id?: unknown }).problem_id;
  const text = typeof id === 'number' ? String(id) : id;
  return typeof text === 'string' ? text.trim() : undefined;
}
