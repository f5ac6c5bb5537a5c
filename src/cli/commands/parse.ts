import { printTree } from '../../core/print-tree.js';
import type { ParseResult } from '../../core/tree.js';
import { parseLatex } from '../../latex/index.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { jsonLines, readInput } from '../read-input.js';

const FLAGS = {
  text: { type: 'boolean', help: 'print only the tree text (or the diagnostics) on stdout' },
  jsonl: {
    type: 'string',
    arg: 'FILE',
    help: 'parse one formula per input line (a file, or - for standard input)',
  },
} as const satisfies FlagTable;

const HELP = `Usage:
  prism parse <latex> [--text]
  prism parse --jsonl FILE|-

Parses LaTeX into the expression tree every later stage uses.
Prints {ok, tree | diagnostics} as pretty JSON, and the compact tree text (printTree) on stderr;
with --text prints only the tree text (or the diagnostics) on stdout.

With --jsonl, each input line {id, latex} gives one output line {id, ok, tree | diagnostics}.
A malformed line gives ok:false with a bad-input-line diagnostic naming the line number; the other
lines are still parsed.

Options:
${flagHelp(FLAGS)}

Exit codes: 0 every formula parsed, 1 some formula failed, 2 bad usage.`;

function output(id: unknown, result: ParseResult): Record<string, unknown> {
  const head = id === undefined ? {} : { id };
  if (!result.ok) return { ...head, ok: false, diagnostics: result.diagnostics };
  return result.diagnostics.length > 0
    ? { ...head, ok: true, tree: result.tree, diagnostics: result.diagnostics }
    : { ...head, ok: true, tree: result.tree };
}

function badLine(line: number, message: string): Record<string, unknown> {
  return {
    ok: false,
    diagnostics: [{ code: 'bad-input-line', severity: 'error', message: `line ${line}: ${message}` }],
  };
}

async function runJsonl(path: string, io: CliIo): Promise<number> {
  const emit = (out: unknown) => io.stdout(`${JSON.stringify(out)}\n`);
  let failed = false;
  for (const entry of jsonLines(await readInput(path, io))) {
    if (!entry.ok) {
      failed = true;
      emit(badLine(entry.line, entry.error));
      continue;
    }
    const record = entry.value as { id?: unknown; latex?: unknown } | null;
    if (typeof record !== 'object' || record === null || typeof record.latex !== 'string') {
      failed = true;
      emit({
        ...(record?.id === undefined ? {} : { id: record.id }),
        ...badLine(entry.line, 'expected {id, latex}'),
      });
      continue;
    }
    const result = parseLatex(record.latex);
    if (!result.ok) failed = true;
    emit(output(record.id, result));
  }
  return failed ? 1 : 0;
}

/** `prism parse`: LaTeX → expression tree, one formula or a JSONL batch. */
export const parseCommand: Command = {
  name: 'parse',
  summary: 'parse LaTeX into an expression tree (one formula or --jsonl FILE|-)',
  help: HELP,
  flags: FLAGS,
  run: async (argv, io) => {
    const { values, positionals } = parseFlags(argv, FLAGS, true);
    if (typeof values.jsonl === 'string') {
      if (positionals.length > 0) throw new UsageError('give either <latex> or --jsonl FILE, not both');
      return runJsonl(values.jsonl, io);
    }
    if (positionals.length !== 1) throw new UsageError('expected exactly one LaTeX argument (quote it)');
    const result = parseLatex(positionals[0]!);
    if (values.text === true) {
      io.stdout(
        result.ok
          ? `${printTree(result.tree)}\n`
          : `${result.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n')}\n`,
      );
    } else {
      io.stdout(`${JSON.stringify(output(undefined, result), null, 2)}\n`);
      if (result.ok) io.stderr(`${printTree(result.tree)}\n`);
    }
    return result.ok ? 0 : 1;
  },
};
