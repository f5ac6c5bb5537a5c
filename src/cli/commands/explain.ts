import { allCodes } from '../code-registry.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { Command } from '../io.js';
import { parseFlags } from '../parse-flags.js';

const FLAGS = {
  json: { type: 'boolean', help: 'print the codes as JSON: [{code, stage, explanation}]' },
} as const satisfies FlagTable;

const HELP = `Usage: prism explain [CODE ...] [--json]

Explains diagnostic codes (the stable kebab-case \`code\` of every diagnostic). Without a code, lists
them all, grouped by the stage that emits them.

Options:
${flagHelp(FLAGS)}
Exit code 2 for an unknown code.`;

/** `prism explain`: the diagnostic-code registry. */
export const explainCommand: Command = {
  name: 'explain',
  summary: 'explain diagnostic codes (all of them without an argument)',
  help: HELP,
  flags: FLAGS,
  run: async (argv, io) => {
    const { values, positionals: wanted } = parseFlags(argv, FLAGS, true);
    const json = values.json === true;
    const entries = allCodes();
    const chosen = wanted.length === 0 ? entries : entries.filter((e) => wanted.includes(e.code));
    const unknown = wanted.filter((w) => !entries.some((e) => e.code === w));
    if (json) io.stdout(`${JSON.stringify(chosen, null, 2)}\n`);
    else for (const e of chosen) io.stdout(`${e.code} (${e.stage})\n  ${e.explanation}\n`);
    for (const u of unknown)
      io.stderr(`prism explain: unknown code '${u}' (run \`prism explain\` for the list)\n`);
    return unknown.length > 0 ? 2 : 0;
  },
};
