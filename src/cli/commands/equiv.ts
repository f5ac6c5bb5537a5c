import { checkEquivalence } from '../../equivalence/index.js';
import type { EquivalenceMode, EquivalenceOptions, EquivalenceResult } from '../../equivalence/types.js';
import { LATEX_CODES } from '../../latex/codes.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { snakeCaseKeys } from '../json-output.js';
import { parseFlags } from '../parse-flags.js';
import { jsonLines, parseJsonOption, readInput } from '../read-input.js';

const FLAGS = {
  constants: {
    type: 'string',
    arg: 'JSON',
    help: 'the problem\'s constants map, e.g. \'{"k":"\\\\frac{1}{4\\\\pi\\\\varepsilon_0}"}\'',
  },
  mode: {
    type: 'string',
    arg: 'MODE',
    help: "physical (default: positive roots compared) or strict (the paper's whole sets)",
  },
  explain: { type: 'boolean', help: 'include the evidence' },
  jsonl: {
    type: 'string',
    arg: 'FILE',
    help: 'check one pair per input line (a file, or - for standard input)',
  },
} as const satisfies FlagTable;

const HELP = `Usage:
  prism equiv <a> <b> [--constants JSON] [--mode physical|strict] [--explain]
  prism equiv --jsonl FILE|-

Decides whether two formulas are equivalent (PRISM-Physics Algorithm 1).
Prints {verdict, n_eq, n_neq, n_fail, ms, diagnostics?} as JSON; with --explain also the canonical
forms, every trial (target, assignment, both solution sets) and the counterexample.

With --jsonl, each input line {id, a, b, constants?, mode?} gives one output line
{id, verdict, n_eq, n_neq, n_fail, ms, diagnostics?}. A malformed line gives verdict "undetermined"
with a bad-input-line diagnostic; the other lines are still checked.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 equivalent (or --jsonl done), 1 different/undetermined, 2 bad input (a formula that
does not parse, bad options). A formula starting with '-' goes after '--': prism equiv -- '-x = y' 'x = -y'.`;

function parseMode(value: string | undefined): EquivalenceMode | undefined {
  if (value === undefined) return undefined;
  if (value !== 'physical' && value !== 'strict')
    throw new UsageError(`--mode must be physical or strict, not '${value}'`);
  return value;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function summary(
  id: unknown,
  result: EquivalenceResult,
  ms: number,
  explain: boolean,
): Record<string, unknown> {
  const { evidence } = result;
  const out: Record<string, unknown> = {
    ...(id === undefined ? {} : { id }),
    verdict: result.verdict,
    n_eq: evidence.nEq,
    n_neq: evidence.nNeq,
    n_fail: evidence.nFail,
    ms: Math.round(ms * 1000) / 1000,
  };
  // n_eq = 0 with a verdict: say that no trial ran, and why (a shortcut decided).
  if (evidence.noTrials !== undefined) out.no_trials = evidence.noTrials;
  if (result.diagnostics.length > 0) out.diagnostics = result.diagnostics;
  if (explain) out.evidence = snakeCaseKeys(evidence);
  return out;
}

function timed(a: string, b: string, options: EquivalenceOptions): [EquivalenceResult, number] {
  const start = performance.now();
  const result = checkEquivalence(a, b, options);
  return [result, performance.now() - start];
}

async function runJsonl(path: string, io: CliIo, mode: EquivalenceMode | undefined): Promise<number> {
  const emit = (out: Record<string, unknown>) => io.stdout(`${JSON.stringify(out)}\n`);
  for (const entry of jsonLines(await readInput(path, io))) {
    if (!entry.ok) {
      emit(badLine(undefined, entry.line, entry.error));
      continue;
    }
    const r = entry.value as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || typeof r.a !== 'string' || typeof r.b !== 'string') {
      emit(badLine(r?.id, entry.line, 'expected {id, a, b, constants?} with string a and b'));
      continue;
    }
    if (r.constants !== undefined && !isStringRecord(r.constants)) {
      emit(badLine(r.id, entry.line, 'constants must map strings to strings'));
      continue;
    }
    const rowMode = r.mode === 'strict' || r.mode === 'physical' ? r.mode : mode;
    const options: EquivalenceOptions = {
      ...(r.constants === undefined ? {} : { constants: r.constants }),
      ...(rowMode === undefined ? {} : { mode: rowMode }),
    };
    const [result, ms] = timed(r.a, r.b, options);
    emit(summary(r.id, result, ms, false));
  }
  return 0;
}

function badLine(id: unknown, line: number, message: string): Record<string, unknown> {
  return {
    ...(id === undefined ? {} : { id }),
    verdict: 'undetermined',
    n_eq: 0,
    n_neq: 0,
    n_fail: 0,
    ms: 0,
    diagnostics: [{ code: 'bad-input-line', severity: 'error', message: `line ${line}: ${message}` }],
  };
}

/** `prism equiv`: formula equivalence from the command line. */
export const equivCommand: Command = {
  name: 'equiv',
  summary: 'decide whether two formulas are equivalent (Algorithm 1), with evidence',
  help: HELP,
  flags: FLAGS,
  run: async (argv, io) => {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(argv);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    const mode = parseMode(values.mode);
    if (values.jsonl !== undefined) {
      if (positionals.length > 0) throw new UsageError('give either --jsonl FILE or two formulas, not both');
      return runJsonl(values.jsonl, io, mode);
    }
    if (positionals.length !== 2) throw new UsageError('expected two formulas: prism equiv <a> <b>');
    let constants: Record<string, string> | undefined;
    if (values.constants !== undefined) {
      const json = parseJsonOption('constants', values.constants);
      if (!isStringRecord(json)) throw new UsageError('--constants must be a JSON object of strings');
      constants = json;
    }
    const options: EquivalenceOptions = {
      ...(constants === undefined ? {} : { constants }),
      ...(mode === undefined ? {} : { mode }),
    };
    const [result, ms] = timed(positionals[0]!, positionals[1]!, options);
    io.stdout(`${JSON.stringify(summary(undefined, result, ms, values.explain === true), null, 2)}\n`);
    // A formula that does not parse is bad input (exit 2); the JSON above says where.
    if (result.diagnostics.some((d) => d.severity === 'error' && d.code in LATEX_CODES)) return 2;
    return result.verdict === 'equivalent' ? 0 : 1;
  },
};

function parse(argv: readonly string[]) {
  const { values, positionals } = parseFlags(argv, FLAGS, true);
  return {
    positionals,
    values: values as { constants?: string; mode?: string; explain?: boolean; jsonl?: string },
  };
}
