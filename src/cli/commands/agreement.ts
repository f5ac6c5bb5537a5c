import { type KendallAgreement, kendallAgreement } from '../../stats/kendall-agreement.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { jsonLines, readInput } from '../read-input.js';

const FLAGS = {
  pred: { type: 'string', arg: 'FILE', help: 'predicted scores (JSONL; - for standard input)' },
  human: { type: 'string', arg: 'FILE', help: 'human scores (JSONL)' },
  by: { type: 'string', arg: 'FIELD', help: 'also report each group of this field' },
  key: { type: 'string', arg: 'FIELDS', help: 'the join key (comma-separated fields)' },
  'pred-field': {
    type: 'string',
    arg: 'F',
    help: "the predicted score's field (default score, else step_score)",
  },
  'human-field': {
    type: 'string',
    arg: 'F',
    help: "the human score's field (default score, else human_score)",
  },
  permutations: {
    type: 'string',
    arg: 'N',
    help: 'permutations of the permutation test (default 10000, at most 1000000)',
  },
  bootstrap: { type: 'string', arg: 'N', help: 'bootstrap resamples (default 2000, at most 100000)' },
  level: { type: 'string', arg: 'L', help: 'bootstrap confidence level (default 0.95)' },
  seed: {
    type: 'string',
    arg: 'S',
    help: 'seed of the permutations and resamples (default prism-agreement)',
  },
  json: { type: 'boolean', help: 'print the results as JSON' },
} as const satisfies FlagTable;

const HELP = `Usage: prism agreement --pred FILE --human FILE [--by FIELD] [--key FIELDS]
                       [--pred-field F] [--human-field F] [--permutations 10000]
                       [--bootstrap 2000] [--level 0.95] [--seed S] [--json]

Agreement of predicted per-item scores with human scores: Kendall's tau_b (tie-corrected), its
asymptotic two-sided p (tie-adjusted normal test), a seeded permutation p ((count+1)/(B+1),
two-sided) and a seeded percentile bootstrap interval, overall and per group - the statistics of
the PRISM-Physics human study (Table 2) for anyone's graded data.

Inputs are JSONL, one item per line. Items are joined on --key (comma-separated fields; default:
'id' when a line has it, else 'problem_id' plus 'response_id' when present). Scores are read
from --pred-field (default 'score', else 'step_score', so 'prism score' output works as is) and
--human-field (default 'score', else 'human_score'). --by names a field (read from the human line,
else the predicted one) to also report each group. Lines without a finite score or without a
partner are skipped and counted on stderr.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 printed, 2 bad input (unreadable file, duplicate key, fewer than 3 joined items).`;

interface Item {
  readonly key: string;
  readonly score: number;
  readonly group: string | undefined;
}

interface Side {
  readonly items: Map<string, Item>;
  readonly skipped: string[];
}

function field(row: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (row[name] !== undefined) return row[name];
  return undefined;
}

function keyOf(row: Record<string, unknown>, key: readonly string[] | undefined): string | undefined {
  const present = (v: unknown): boolean => v !== undefined && v !== null;
  if (key !== undefined) {
    const parts = key.map((f) => row[f]);
    return parts.every(present) ? parts.map(String).join('\u0000') : undefined;
  }
  if (present(row.id)) return `id\u0000${String(row.id)}`;
  if (!present(row.problem_id)) return undefined;
  return `${String(row.problem_id)}\u0000${present(row.response_id) ? String(row.response_id) : ''}`;
}

function readSide(
  text: string,
  label: string,
  key: readonly string[] | undefined,
  scoreFields: readonly string[],
  by: string | undefined,
): Side {
  const items = new Map<string, Item>();
  const skipped: string[] = [];
  for (const line of jsonLines(text)) {
    const where = `${label} line ${line.line}`;
    if (!line.ok) {
      skipped.push(`${where}: ${line.error}`);
      continue;
    }
    if (typeof line.value !== 'object' || line.value === null || Array.isArray(line.value)) {
      skipped.push(`${where}: not a JSON object`);
      continue;
    }
    const row = line.value as Record<string, unknown>;
    const k = keyOf(row, key);
    if (k === undefined) {
      skipped.push(`${where}: no join key (${key?.join(', ') ?? 'id or problem_id'})`);
      continue;
    }
    const score = field(row, scoreFields);
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      skipped.push(`${where}: no finite score in ${scoreFields.join(' / ')}`);
      continue;
    }
    if (items.has(k))
      throw new UsageError(
        `${where}: duplicate key ${k.replace(/^id\u0000/, '').replaceAll('\u0000', ' / ')}`,
      );
    const g = by === undefined ? undefined : row[by];
    items.set(k, { key: k, score, group: g === undefined || g === null ? undefined : String(g) });
  }
  return { items, skipped };
}

function intOption(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be an integer in [1, ${max}], not '${value}'`);
  return n;
}

/** One reported group: its name and statistics. */
interface GroupResult extends KendallAgreement {
  readonly group: string;
}

function fmt(v: number, digits = 3): string {
  if (Number.isNaN(v)) return 'n/a';
  return Math.abs(v) < 1e-3 && v !== 0 ? v.toExponential(2) : v.toFixed(digits);
}

function render(
  results: readonly GroupResult[],
  permutations: number,
  resamples: number,
  level: number,
): string {
  const header = `| group | n | τ_b | z | p (asymptotic) | p (permutation, B=${permutations}) | ${Math.round(level * 100)}% CI (bootstrap, ${resamples}) |`;
  const rows = results.map(
    (r) =>
      `| ${r.group} | ${r.n} | ${fmt(r.tau)} | ${fmt(r.z, 2)} | ${fmt(r.pAsymptotic)} | ${fmt(r.permutation.p)} | [${fmt(r.bootstrap.low)}, ${fmt(r.bootstrap.high)}] |`,
  );
  return `${[header, '|---|---|---|---|---|---|---|', ...rows].join('\n')}\n`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  const str = (name: string): string | undefined => values[name] as string | undefined;
  const predPath = str('pred');
  const humanPath = str('human');
  if (predPath === undefined || humanPath === undefined)
    throw new UsageError('give both --pred FILE and --human FILE');
  const permutations = intOption('permutations', str('permutations'), 10_000, 1_000_000);
  const resamples = intOption('bootstrap', str('bootstrap'), 2000, 100_000);
  const level = str('level') === undefined ? 0.95 : Number(str('level'));
  if (!(level > 0 && level < 1)) throw new UsageError(`--level must be in (0, 1), not '${str('level')}'`);
  const seed = str('seed') ?? 'prism-agreement';
  const by = str('by');
  const key = str('key')
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const predFields = str('pred-field') === undefined ? ['score', 'step_score'] : [str('pred-field')!];
  const humanFields = str('human-field') === undefined ? ['score', 'human_score'] : [str('human-field')!];

  const pred = readSide(await readInput(predPath, io), '--pred', key, predFields, by);
  const human = readSide(await readInput(humanPath, io), '--human', key, humanFields, by);
  const joined: { x: number; y: number; group: string }[] = [];
  let unmatched = 0;
  for (const h of human.items.values()) {
    const p = pred.items.get(h.key);
    if (p === undefined) unmatched++;
    else joined.push({ x: p.score, y: h.score, group: h.group ?? p.group ?? '(none)' });
  }
  unmatched += [...pred.items.keys()].filter((k) => !human.items.has(k)).length;
  const skipped = [...pred.skipped, ...human.skipped];
  for (const s of skipped.slice(0, 10)) io.stderr(`prism agreement: skipped ${s}\n`);
  if (skipped.length > 10) io.stderr(`prism agreement: … and ${skipped.length - 10} more skipped lines\n`);
  if (unmatched > 0) io.stderr(`prism agreement: ${unmatched} items have no partner in the other file\n`);
  if (joined.length < 3) throw new UsageError(`only ${joined.length} items joined; need at least 3`);

  const options = { permutations, resamples, level };
  const analyse = (group: string, rows: readonly { x: number; y: number }[]): GroupResult => ({
    group,
    ...kendallAgreement(
      rows.map((r) => r.x),
      rows.map((r) => r.y),
      { ...options, seed: `${seed}/${group}` },
    ),
  });
  const results: GroupResult[] = [analyse('all', joined)];
  if (by !== undefined) {
    const groups = [...new Set(joined.map((r) => r.group))].sort();
    for (const g of groups)
      results.push(
        analyse(
          g,
          joined.filter((r) => r.group === g),
        ),
      );
  }
  if (values.json === true) {
    const out = {
      joined: joined.length,
      skipped: skipped.length,
      unmatched,
      permutations,
      bootstrap: resamples,
      level,
      seed,
      ...(by === undefined ? {} : { by }),
      results,
    };
    io.stdout(
      `${JSON.stringify(out, (_k, v) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2)}\n`,
    );
  } else io.stdout(render(results, permutations, resamples, level));
  return 0;
}

/** `prism agreement --pred FILE --human FILE`: Kendall τ_b agreement with human scores (spec C3). */
export const agreementCommand: Command = {
  name: 'agreement',
  summary: 'Kendall tau_b agreement of predicted scores with human scores (permutation p, bootstrap CI)',
  help: HELP,
  flags: FLAGS,
  run,
};
