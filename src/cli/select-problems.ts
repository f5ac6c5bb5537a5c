import type { Problem } from '../dag/types.js';
import type { FlagTable } from './flags.js';
import { UsageError } from './io.js';
import { suggest } from './suggest.js';

/** Which problems a command works on: `--domain`, `--difficulty`, `--problem` (each comma-separated) and `--limit`. */
export interface ProblemSelection {
  readonly domains?: readonly string[];
  readonly difficulties?: readonly string[];
  readonly ids?: readonly string[];
  readonly limit?: number;
}

/** The selection flags (spread into a command's flag table). */
export const SELECTION_FLAGS = {
  domain: { type: 'string', arg: 'D[,D]', help: 'only problems of these domains' },
  difficulty: { type: 'string', arg: 'L[,L]', help: 'only these difficulties (easy, medium, hard)' },
  problem: { type: 'string', arg: 'ID[,ID]', help: 'only these problem ids' },
  limit: {
    type: 'string',
    arg: 'N',
    help: 'at most N problems, taken in turn from each domain and, within it, each\ndifficulty (a spread, not the first N in file order)',
  },
} as const satisfies FlagTable;

const list = (value: string | boolean | undefined): string[] | undefined =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : undefined;

/** Reads the selection flags of parsed options; a bad `--limit` is a usage error. */
export function readSelection(
  values: Readonly<Record<string, string | boolean | undefined>>,
): ProblemSelection {
  const limitText = values.limit;
  let limit: number | undefined;
  if (typeof limitText === 'string') {
    limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError(`--limit must be a positive integer, not '${limitText}'`);
  }
  const domains = list(values.domain);
  const difficulties = list(values.difficulty);
  const ids = list(values.problem);
  return {
    ...(domains === undefined ? {} : { domains }),
    ...(difficulties === undefined ? {} : { difficulties }),
    ...(ids === undefined ? {} : { ids }),
    ...(limit === undefined ? {} : { limit }),
  };
}

function checkKnown(flag: string, wanted: readonly string[] | undefined, known: readonly string[]): void {
  for (const w of wanted ?? []) {
    if (known.includes(w)) continue;
    const guess = suggest(w, known);
    const hint = guess === undefined ? '' : ` Did you mean '${guess}'?`;
    const shown = known.length > 12 ? `${known.slice(0, 12).join(', ')}, …` : known.join(', ');
    throw new UsageError(`${flag} '${w}' matches no problem.${hint} Known: ${shown}`);
  }
}

const DIFFICULTY_ORDER = ['easy', 'medium', 'hard'];

/** A domain's problems reordered so that difficulties take turns, starting at the `shift`-th one. */
function interleaveDifficulties(problems: readonly Problem[], shift: number): Problem[] {
  const byLevel = new Map<string, Problem[]>();
  for (const p of problems) {
    const level = p.difficulty ?? 'unknown';
    byLevel.set(level, [...(byLevel.get(level) ?? []), p]);
  }
  const levels = [
    ...DIFFICULTY_ORDER.filter((l) => byLevel.has(l)),
    ...[...byLevel.keys()].filter((l) => !DIFFICULTY_ORDER.includes(l)),
  ];
  const start = levels.length === 0 ? 0 : shift % levels.length;
  const order = [...levels.slice(start), ...levels.slice(0, start)];
  const out: Problem[] = [];
  for (let i = 0; out.length < problems.length; i++)
    for (const l of order) {
      const p = byLevel.get(l)![i];
      if (p !== undefined) out.push(p);
    }
  return out;
}

/**
 * The problems a selection keeps, in dataset order. Filters are ANDed; a value that names nothing in
 * the dataset is a usage error (a typo must not silently select nothing). `--limit` takes problems in
 * turn from each domain (round robin, in order of first appearance) and, within a domain, from each
 * difficulty in turn, so 21 of the bundled 70 cover all seven domains and all three difficulties
 * rather than the first two files.
 */
export function selectProblems(problems: readonly Problem[], selection: ProblemSelection): Problem[] {
  const domainOf = (p: Problem): string => p.domain ?? 'unknown';
  checkKnown('--domain', selection.domains, [...new Set(problems.map(domainOf))]);
  checkKnown('--difficulty', selection.difficulties, [
    ...new Set(problems.map((p) => p.difficulty ?? 'unknown')),
  ]);
  checkKnown(
    '--problem',
    selection.ids,
    problems.map((p) => p.id),
  );
  const kept = problems.filter(
    (p) =>
      (selection.domains === undefined || selection.domains.includes(domainOf(p))) &&
      (selection.difficulties === undefined || selection.difficulties.includes(p.difficulty ?? 'unknown')) &&
      (selection.ids === undefined || selection.ids.includes(p.id)),
  );
  if (selection.limit === undefined || selection.limit >= kept.length) return kept;
  const byDomain = new Map<string, Problem[]>();
  for (const p of kept) {
    const bucket = byDomain.get(domainOf(p)) ?? [];
    bucket.push(p);
    byDomain.set(domainOf(p), bucket);
  }
  // Within a domain, difficulties take turns (each domain starting one further along), so a limit
  // spreads over easy / medium / hard as well as over domains.
  const buckets = [...byDomain.values()].map((bucket, d) => interleaveDifficulties(bucket, d));
  const chosen = new Set<Problem>();
  for (let round = 0; chosen.size < selection.limit; round++) {
    for (const bucket of buckets) {
      const p = bucket[round];
      if (p !== undefined && chosen.size < selection.limit) chosen.add(p);
    }
  }
  return kept.filter((p) => chosen.has(p));
}
