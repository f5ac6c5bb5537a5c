import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type FlagTable, parseArgsOptions } from './flags.js';
import { UsageError } from './io.js';

/** Flag values as a command reads them (no `multiple` options). */
export type FlagValues = Record<string, string | boolean | undefined>;

/**
 * Reads a command's flags, as its flag table defines them (the table its `--help` Options lines are
 * rendered from), with `node:util`'s `parseArgs` (strict): an unknown flag, a missing value or an
 * unexpected positional argument is a usage error (one line, exit 2), never a stack trace.
 */
export function parseFlags(
  argv: readonly string[],
  table: FlagTable,
  allowPositionals = false,
): { values: FlagValues; positionals: string[] } {
  const options = parseArgsOptions(table);
  lastOptions = options;
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals, strict: true });
    return { values: parsed.values as FlagValues, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

let lastOptions: NonNullable<ParseArgsConfig['options']> | undefined;

/**
 * The option table of the last {@link parseFlags} call since the previous take (then forgotten): the
 * one definition of a command's flags, against which a test checks that its help lists every flag
 * it takes, each once.
 */
export function takeParsedOptions(): NonNullable<ParseArgsConfig['options']> | undefined {
  const taken = lastOptions;
  lastOptions = undefined;
  return taken;
}
