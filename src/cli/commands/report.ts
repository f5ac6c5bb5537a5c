import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../core/input-error.js';
import { renderSummaryMarkdown } from '../../report/render-summary.js';
import type { Summary } from '../../report/summarize.js';
import { loadRun } from '../../runs/load-run.js';
import { renderRunReport } from '../../runs/render-run-report.js';
import { flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { REPORT_FLAGS, runHtmlReport } from './report-html.js';

const HELP = `Usage: prism report DIR... [--json]

Prints the report of one or more run directories (made by prism run) or prism score output
directories (records.jsonl + summary.json): final-answer accuracy, step
score and mean response time by Easy / Medium / Hard and on average (the PRISM-Physics Table 1
layout), a per-domain table, with K samples mean@K and pass@k, the calls, tokens and model time
per role (cost), and the LLM-judge summaries written by prism judge (PPS mean / median / sd per
criterion by tier and by domain). Every summary carries each mean with its n, standard error and
95% interval (the 'Uncertainty' table; JSON: metrics, schema/prism.summary.schema.json).

Options:
${flagHelp(REPORT_FLAGS)}
Exit codes: 0 printed, 2 not a run directory or not scored yet.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.some((a) => a === '--html' || a.startsWith('--html='))) return runHtmlReport(argv, io);
  // One table for both forms (--html is read by runHtmlReport, above).
  const parsed = parseFlags(argv, REPORT_FLAGS, true);
  if (
    parsed.values.dataset !== undefined ||
    parsed.values.responses !== undefined ||
    parsed.values['no-evidence'] !== undefined
  )
    throw new UsageError('--dataset, --responses and --no-evidence go with --html');
  if (parsed.positionals.length === 0) throw new UsageError('name at least one run directory');
  const reports: unknown[] = [];
  const texts: string[] = [];
  const judgeTexts: string[] = [];
  for (const dir of parsed.positionals) {
    if (!existsSync(join(dir, 'run.json')) && existsSync(join(dir, 'summary.json'))) {
      // A prism score --out directory: its summary.json is the same format, without run fields.
      const summary = readScoreSummary(dir);
      reports.push(summary);
      texts.push(renderSummaryMarkdown(summary));
      continue;
    }
    const { run: stored } = loadRun(dir);
    if (stored === undefined)
      throw new UsageError(
        `${dir} is neither a run directory (no run.json) nor a prism score output (no summary.json)`,
      );
    if (stored.summary === undefined)
      throw new UsageError(`${dir} has no summary yet; run it to the end or use prism rescore`);
    reports.push(stored.summary);
    texts.push(renderRunReport(stored.summary));
    for (const rubric of ['pps', 'binary', 'steps'] as const) {
      const md = join(dir, `judgements-${rubric}.summary.md`);
      if (existsSync(md)) judgeTexts.push(readFileSync(md, 'utf8'));
    }
  }
  if (parsed.values.json === true) {
    io.stdout(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
  } else io.stdout([...texts, ...judgeTexts].join('\n'));
  return 0;
}

function readScoreSummary(dir: string): Summary {
  const path = join(dir, 'summary.json');
  let summary: unknown;
  try {
    summary = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError('summary-invalid', `${path} is not valid JSON (${(error as Error).message})`);
  }
  const s = summary as Partial<Summary> | null;
  if (typeof s !== 'object' || s === null || typeof s.overall !== 'object')
    throw new InputError('summary-invalid', `${path} is not a prism score summary (no overall)`);
  return { by_difficulty: [], by_domain: [], scorer_version: null, mode: null, ...s } as Summary;
}

/** `prism report RUN…`. */
export const reportCommand: Command = {
  name: 'report',
  summary: 'print the Table 1 report of a run or a prism score output, with 95% intervals',
  help: HELP,
  flags: REPORT_FLAGS,
  run,
};
