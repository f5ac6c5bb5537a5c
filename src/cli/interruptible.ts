import type { Diagnostic } from '../core/diagnostic.js';
import type { CliIo } from './io.js';

/**
 * Runs `work` with Ctrl-C aborting `controller`: the call layer stops, keeps every finished call in
 * its transcript, and the same command resumes. The handler is removed when `work` settles.
 */
export async function whileInterruptible<T>(controller: AbortController, work: () => Promise<T>): Promise<T> {
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  try {
    return await work();
  } finally {
    process.off('SIGINT', onInt);
  }
}

/** The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells expect. */
export const EXIT_INTERRUPTED = 130;

/**
 * Reports why a pass of model calls stopped early — the first fatal failure (auth, unknown model,
 * refused connection; `caller` names who was asked when the failure does not; exit code 1) or an
 * interruption (exit code 130) — and gives its exit code; undefined when it ran to its end.
 */
export function stoppedEarly(
  io: CliIo,
  command: string,
  caller: string,
  result: { readonly fatal?: Diagnostic | undefined; readonly interrupted: boolean },
): number | undefined {
  if (result.fatal !== undefined) {
    io.stderr(
      `prism ${command}: stopped at the first failure (${result.fatal.where ?? caller}): ${result.fatal.message}\n`,
    );
    return 1;
  }
  if (result.interrupted) {
    io.stderr(`prism ${command}: interrupted; run the same command again to resume\n`);
    return EXIT_INTERRUPTED;
  }
  return undefined;
}

/**
 * The summary of a pass of model calls, or the exit code when there is none to show: the pass
 * stopped at a fatal failure or was interrupted (both reported by {@link stoppedEarly}; a pass
 * without a summary counts as interrupted).
 */
export function summaryOrExit<S>(
  io: CliIo,
  command: string,
  caller: string,
  result: {
    readonly fatal?: Diagnostic | undefined;
    readonly interrupted: boolean;
    readonly summary?: S | undefined;
  },
): S | number {
  const interrupted = result.interrupted || result.summary === undefined;
  const stopped = stoppedEarly(io, command, caller, { fatal: result.fatal, interrupted });
  return stopped !== undefined || result.summary === undefined ? (stopped ?? 1) : result.summary;
}
