import type { CliIo, Command } from '../../src/cli/io.js';
import { UsageError } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { InputError } from '../../src/core/input-error.js';

/** Result of running the CLI in-process. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Captures what a command writes; `result(code)` packs it with the exit code. */
function capture(stdin: string): { io: CliIo; result: (code: number, extraErr?: string) => CliRun } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => stdin,
    isTTY: false,
  };
  return { io, result: (code, extraErr = '') => ({ code, stdout, stderr: stderr + extraErr }) };
}

/** Runs `prism <argv>` in-process with captured output and the given standard input. */
export async function runCli(argv: readonly string[], stdin = ''): Promise<CliRun> {
  const { io, result } = capture(stdin);
  return result(await main(argv, io));
}

/** Runs one command directly (as `main` would, a usage error becomes exit code 2). */
export async function runCommand(command: Command, argv: readonly string[], stdin = ''): Promise<CliRun> {
  const { io, result } = capture(stdin);
  try {
    return result(await command.run(argv, io));
  } catch (error) {
    if (error instanceof UsageError) return result(2, error.message);
    if (error instanceof InputError) return result(2, `${error.code}: ${error.message}`);
    throw error;
  }
}
