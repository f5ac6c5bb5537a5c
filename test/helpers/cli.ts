import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

/** Result of running the CLI in-process. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `prism <argv>` in-process with captured output and the given standard input. */
export async function runCli(argv: readonly string[], stdin = ''): Promise<CliRun> {
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
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
