import type { ParseArgsConfig } from 'node:util';

/**
 * One flag of a command: how it parses and how its help line reads. A command's table of these is
 * the one definition of its flags: the parser takes it (`parseFlags`), its `--help` Options lines
 * are rendered from it (`flagHelp`), and so is the CLI reference (`scripts/gen-docs.ts`).
 */
export interface FlagSpec {
  /** `string` takes a value (`--out DIR`); `boolean` is a switch (`--json`). */
  readonly type: 'string' | 'boolean';
  /** The value's placeholder in help (`DIR`, `N`, `i/n`); string flags only. */
  readonly arg?: string;
  /** What the flag does; `\n` starts a continuation line (indented under the first). */
  readonly help: string;
}

/** A command's flags by name (without the leading `--`), in the order help lists them. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** The `node:util` `parseArgs` options of a flag table. */
export function parseArgsOptions(table: FlagTable): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(table)) options[name] = { type: spec.type };
  return options;
}

/** `--name ARG` (or `--name` for a switch), as help shows it. */
export function flagSignature(name: string, spec: FlagSpec): string {
  return spec.type === 'string' ? `--${name} ${spec.arg ?? 'VALUE'}` : `--${name}`;
}

/**
 * The Options lines of a command's help: two spaces, the signature, the description aligned in one
 * column (at least `minColumn`), continuation lines indented to that column.
 */
export function flagHelp(table: FlagTable, minColumn = 19): string {
  const entries = Object.entries(table);
  const column = Math.max(minColumn, ...entries.map(([n, s]) => 2 + flagSignature(n, s).length + 2));
  return entries
    .map(([name, spec]) => {
      const head = `  ${flagSignature(name, spec)}`;
      const [first, ...rest] = spec.help.split('\n');
      return [head.padEnd(column) + first, ...rest.map((line) => ' '.repeat(column) + line)].join('\n');
    })
    .join('\n');
}
