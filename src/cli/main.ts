import { commands } from './commands/index.js';
import type { CliIo, Command } from './io.js';
import { UsageError } from './io.js';

const VERSION = '0.1.0';

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

/** Runs the CLI with the given arguments; resolves to the exit code. Exported for in-process tests. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage(commands));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  // Two-word commands (`dataset stats`) are registered with a space in the name.
  const command =
    commands.find((c) => rest[0] !== undefined && c.name === `${name} ${rest[0]}`) ??
    commands.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr(`prism: unknown command '${name}'\n\n${usage(commands)}`);
    return 2;
  }
  const args = command.name.includes(' ') ? rest.slice(1) : rest;
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`prism ${command.name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`prism ${command.name}: internal error (please report): ${message}\n`);
    return 1;
  }
}
