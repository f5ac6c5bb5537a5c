import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { validateDataset } from '../../dag/validate-dataset.js';
import { parseJson } from '../../dataset/json-error.js';
import { IMPORT_FORMATS, importDataset } from '../../import/import-dataset.js';
import { referenceResponses } from '../../import/reference-responses.js';
import type { ImportFormat, SkippedItem } from '../../import/types.js';
import { writeFileAtomic } from '../../pipeline/write-file-atomic.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { suggest } from '../suggest.js';

const FORMATS = Object.keys(IMPORT_FORMATS) as ImportFormat[];

const FLAGS = {
  out: { type: 'string', arg: 'FILE', help: 'the dataset to write (a JSON array; required)' },
  answers: {
    type: 'string',
    arg: 'FILE',
    help: "also write each problem's reference answers as responses JSONL (a round trip:\n`prism score --dataset OUT --responses FILE` should mark every final answer right)",
  },
  report: {
    type: 'string',
    arg: 'FILE',
    help: 'write {imported, skipped: [{id, reason}], notes: [{id, reason}]} as JSON',
  },
  json: { type: 'boolean', help: 'print the import summary as JSON on stdout' },
} as const satisfies FlagTable;

const HELP = `Usage: prism import FORMAT FILE [FILE …] --out DATASET.json [--answers FILE.jsonl] [--report FILE.json] [--json]

Converts a public physics dataset into our problem format, without a reference DAG: the problems can
be run and scored on their final answers at once (\`prism run\`, \`prism score\`), and judged; a DAG
can be built later. Formats: ${FORMATS.join(', ')}.

  olympiadbench  OlympiadBench physics JSON (English_Olympiad_Physics.json)
  phybench       PHYBench full-solution JSON (PHYBench-fullques_v1.json)
  scibench       SciBench physics subsets (fund/class/thermo/quan .json and their _sol.json)
  physicseval    PhysicsEval records (a JSON array or JSONL of Problem_ID, problem, …)

Every skipped item is reported with its reason; source fields our schema has no place for are kept
under \`meta\`. Field mappings: docs/dataset-format.md, "Importing datasets".

Options:
${flagHelp(FLAGS)}
Exit codes: 0 imported, 2 bad input (unknown format, unreadable or non-JSON file, nothing imported).`;

function readItems(file: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) throw new UsageError(`${file} is not JSON`);
  if (trimmed.startsWith('{') && text.includes('\n{')) {
    return text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((line, i) => {
        const parsed = parseJson(line, basename(file), i);
        if (!parsed.ok) throw new UsageError(`${parsed.diagnostic.where}: ${parsed.diagnostic.message}`);
        return parsed.value;
      });
  }
  const parsed = parseJson(text, basename(file));
  if (!parsed.ok) throw new UsageError(`${parsed.diagnostic.where}: ${parsed.diagnostic.message}`);
  return Array.isArray(parsed.value) ? parsed.value : [parsed.value];
}

function grouped(list: readonly SkippedItem[]): string[] {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${String(n).padStart(5)} × ${reason}`);
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, FLAGS, true);
  const parsed = {
    positionals,
    values: values as { out?: string; answers?: string; report?: string; json?: boolean },
  };
  const [format, ...files] = parsed.positionals;
  if (format === undefined) throw new UsageError(`name a format: ${FORMATS.join(', ')}`);
  if (!(FORMATS as string[]).includes(format)) {
    const guess = suggest(format, FORMATS);
    throw new UsageError(
      `unknown format '${format}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Formats: ${FORMATS.join(', ')}`,
    );
  }
  if (files.length === 0) throw new UsageError('name at least one source file');
  const out = parsed.values.out;
  if (out === undefined) throw new UsageError('--out FILE is required (the dataset to write)');
  const items = files.flatMap(readItems);
  const result = importDataset(format as ImportFormat, items);
  // Check what we wrote loads: every imported problem must pass our own validation.
  const check = validateDataset(result.problems, basename(out));
  const loadable = new Set(check.problems.map((p) => p.id));
  const rejected = result.problems.filter((p) => !loadable.has(p.id));
  const problems = result.problems.filter((p) => loadable.has(p.id));
  const skipped = [
    ...result.skipped,
    ...rejected.map((p) => ({
      id: p.id,
      reason: `fails validation: ${check.diagnostics.find((d) => d.where?.includes(p.id) && d.severity === 'error')?.message ?? 'invalid'}`,
    })),
  ];
  if (problems.length === 0) {
    io.stderr(`prism import: nothing imported from ${files.join(', ')} (${skipped.length} skipped)\n`);
    for (const line of grouped(skipped)) io.stderr(`${line}\n`);
    return 2;
  }
  writeFileAtomic(out, `${JSON.stringify(problems, null, 1)}\n`);
  if (parsed.values.answers !== undefined) {
    const rows = referenceResponses(problems);
    writeFileAtomic(parsed.values.answers, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
  const summary = {
    format,
    files,
    items: items.length,
    imported: problems.length,
    skipped,
    notes: result.notes,
  };
  if (parsed.values.report !== undefined)
    writeFileAtomic(parsed.values.report, `${JSON.stringify(summary, null, 2)}\n`);
  if (parsed.values.json === true) {
    io.stdout(
      `${JSON.stringify({ ...summary, skipped: skipped.length, notes: result.notes.length, skipped_reasons: grouped(skipped).map((l) => l.trim()) }, null, 2)}\n`,
    );
  } else {
    io.stdout(
      `imported ${problems.length} of ${items.length} ${format} items → ${out}; skipped ${skipped.length}\n`,
    );
    for (const line of grouped(skipped)) io.stdout(`${line}\n`);
    if (result.notes.length > 0) {
      io.stdout(`notes (${result.notes.length}, kept with a caveat):\n`);
      for (const line of grouped(result.notes)) io.stdout(`${line}\n`);
    }
  }
  return 0;
}

/** `prism import`: public physics datasets → our problem format (final-answer-only). */
export const importCommand: Command = {
  name: 'import',
  summary: 'convert OlympiadBench, PHYBench, SciBench or PhysicsEval files into a dataset (no DAG yet)',
  help: HELP,
  flags: FLAGS,
  run,
};
