import { InputError } from '../core/input-error.js';
import type { FlagTable } from './flags.js';

/** Where a command writes; the real process streams in `main`, buffers in tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Reads all of standard input (for `-` file arguments). */
  readonly readStdin: () => Promise<string>;
  /** True when stderr is a terminal (progress bars are drawn only then). */
  readonly isTTY: boolean;
}

/** A user mistake: printed as `prism: <message>` with exit code 2, never with a stack trace. */
export class UsageError extends InputError {
  override readonly name = 'UsageError';
  constructor(message: string) {
    super('usage', message);
  }
}

/** One `prism` sub-command. */
export interface Command {
  readonly name: string;
  /** One line for `prism --help`. */
  readonly summary: string;
  /** Full help text for `prism <name> --help` (its Options lines rendered from {@link Command.flags}). */
  readonly help: string;
  /** The flags the command takes: the table its parser reads and its help lists (none: no flags). */
  readonly flags?: FlagTable;
  /** Runs the command; resolves to the process exit code (0 ok, 1 failure found, 2 bad input). */
  readonly run: (argv: readonly string[], io: CliIo) => Promise<number>;
}
