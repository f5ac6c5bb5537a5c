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

/**
 * Reports why a pass of model calls stopped early — the first fatal failure (auth, unknown model,
 * refused connection; `caller` names who was asked when the failure does not) or an interruption —
 * and gives exit code 1; undefined when it ran to its end.
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
    return 1;
  }
  return undefined;
}
