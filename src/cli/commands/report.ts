import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadRun } from '../../runs/load-run.js';
import { renderRunReport } from '../../runs/render-run-report.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { runHtmlReport } from './report-html.js';

const HELP = `Usage: prism report RUN... [--json]

Prints the report of one or more run directories (made by prism run): final-answer accuracy, step
score and mean response time by Easy / Medium / Hard and on average (the PRISM-Physics Table 1
layout), a per-domain table, with K samples mean@K and pass@k, the calls, tokens and model time
per role (cost), and the LLM-judge summaries written by prism judge (PPS mean / median / sd per
criterion by tier and by domain).

Options:
  --json   print summary.json instead of Markdown
  --html FILE  write a self-contained HTML report (RUN may also be a prism score --out directory or
               a records.jsonl; --dataset P, --responses P name where problems and answers are)
Exit codes: 0 printed, 2 not a run directory or not scored yet.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.some((a) => a === '--html' || a.startsWith('--html='))) return runHtmlReport(argv, io);
  let parsed: { values: { json?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: { json: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length === 0) throw new UsageError('name at least one run directory');
  const reports = [];
  const judgeTexts: string[] = [];
  for (const dir of parsed.positionals) {
    const { run: stored } = loadRun(dir);
    if (stored === undefined) throw new UsageError(`${dir} is not a run directory (no run.json)`);
    if (stored.summary === undefined)
      throw new UsageError(`${dir} has no summary yet; run it to the end or use prism rescore`);
    reports.push(stored.summary);
    for (const rubric of ['pps', 'binary', 'steps'] as const) {
      const md = join(dir, `judgements-${rubric}.summary.md`);
      if (existsSync(md)) judgeTexts.push(readFileSync(md, 'utf8'));
    }
  }
  if (parsed.values.json === true) {
    io.stdout(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
  } else io.stdout([...reports.map(renderRunReport), ...judgeTexts].join('\n'));
  return 0;
}

/** `prism report RUN…`. */
export const reportCommand: Command = {
  name: 'report',
  summary: 'print the Table 1 report of a run',
  help: HELP,
  run,
};
