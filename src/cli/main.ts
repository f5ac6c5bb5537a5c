import { InputError } from '../core/input-error.js';
import { PACKAGE_VERSION } from '../core/version.js';
import { commands } from './commands/index.js';
import type { CliIo, Command } from './io.js';
import { UsageError } from './io.js';
import { helpFlags, suggest } from './suggest.js';
import { terminalSafe } from './terminal-safe.js';

const VERSION = PACKAGE_VERSION;

function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    isTTY: Boolean(process.stderr.isTTY),
  };
}

function usage(list: readonly Command[]): string {
  const width = Math.max(...list.map((c) => c.name.length));
  const lines = list.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `prism ${VERSION} — rule-based step-level evaluation of physics reasoning\n\nUsage: prism <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun \`prism <command> --help\` for a command's options.\n`;
}

/**
 * A full disk (or quota, or a read-only file system) while writing is the machine's state, not our
 * bug: one line naming it, and that the same command resumes (a torn last JSONL line is skipped and
 * asked again). Undefined for any other error.
 */
function diskFull(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT' && code !== 'EROFS') return undefined;
  const what = code === 'EROFS' ? 'the file system is read-only' : 'no space left on the device';
  const path = (error as NodeJS.ErrnoException).path;
  return `${what} (${code})${path === undefined ? '' : ` writing ${path}`}; nothing written so far is lost: free space and run the same command again to resume`;
}

/** The command named by `argv` (two-word commands such as `dataset stats` first), and its arguments. */
function findCommand(
  list: readonly Command[],
  argv: readonly string[],
): { command: Command; args: string[] } | undefined {
  const [name, next, ...rest] = argv;
  if (name === undefined) return undefined;
  const two = next === undefined ? undefined : list.find((c) => c.name === `${name} ${next}`);
  if (two !== undefined) return { command: two, args: rest };
  const one = list.find((c) => c.name === name);
  return one === undefined ? undefined : { command: one, args: argv.slice(1) };
}

/** Help for a command group such as `dataset` (only its sub-commands exist). */
function groupHelp(list: readonly Command[], group: string): string | undefined {
  const members = list.filter((c) => c.name.startsWith(`${group} `));
  if (members.length === 0) return undefined;
  const width = Math.max(...members.map((c) => c.name.length));
  const lines = members.map((c) => `  prism ${c.name.padEnd(width)}  ${c.summary}`);
  return `prism ${group} — sub-commands:\n${lines.join('\n')}\n\nRun \`prism ${members[0]?.name} --help\` for options.\n`;
}

/** "unknown command" with a did-you-mean line when one command is close. */
function unknownCommand(list: readonly Command[], name: string): string {
  const names = [...new Set(list.map((c) => c.name.split(' ')[0] ?? c.name))];
  const guess = suggest(name, names);
  const hint = guess === undefined ? '' : ` Did you mean '${guess}'?`;
  return `prism: unknown command '${name}'.${hint} Run \`prism --help\` for the list.\n`;
}

/** Adds a did-you-mean to parseArgs' "Unknown option '--x'" messages, from the flags the help lists. */
function withFlagHint(message: string, command: Command): string {
  const match = /Unknown option '(--?[^']+)'/.exec(message);
  if (match?.[1] === undefined) return message;
  const guess = suggest(match[1], helpFlags(command.help));
  return guess === undefined ? message : `${message}. Did you mean '${guess}'?`;
}

/** Runs the CLI with the given arguments; resolves to the exit code. Exported for in-process tests. */
export async function main(argv: readonly string[], rawIo: CliIo = processIo()): Promise<number> {
  // Whatever a command prints may carry dataset or response text: never raw control codes.
  const io: CliIo = {
    ...rawIo,
    stdout: (text) => rawIo.stdout(terminalSafe(text)),
    stderr: (text) => rawIo.stderr(terminalSafe(text)),
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(usage(commands));
    return name === undefined ? 2 : 0;
  }
  if (name === 'help') {
    // `prism help score` is `prism score --help`; `prism help` is the general help.
    if (rest.length === 0) {
      io.stdout(usage(commands));
      return 0;
    }
    return main([...rest, '--help'], io);
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const found = findCommand(commands, argv);
  if (found === undefined) {
    const group = groupHelp(commands, name);
    if (group !== undefined) {
      const asksHelp = rest.length === 0 || rest.includes('--help') || rest.includes('-h');
      if (asksHelp) io.stdout(group);
      else io.stderr(`prism ${name}: unknown sub-command '${rest[0]}'.\n${group}`);
      return asksHelp ? (rest.length === 0 ? 2 : 0) : 2;
    }
    io.stderr(unknownCommand(commands, name));
    return 2;
  }
  const { command, args } = found;
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`prism ${command.name}: ${withFlagHint(error.message, command)}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`prism ${command.name}: ${error.code}: ${error.message}\n`);
      return 2;
    }
    const full = diskFull(error);
    if (full !== undefined) {
      io.stderr(`prism ${command.name}: ${full}\n`);
      return 1;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`prism ${command.name}: internal error (please report): ${message}\n`);
    return 1;
  }
}
