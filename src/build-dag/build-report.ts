import type { Diagnostic } from '../core/diagnostic.js';

/** Where a problem's build can stop: the three rewriting stages, the witness, or its input. */
export type BuildStage = 'input' | 'normalize' | 'clarify' | 'dag' | 'witness';

/** The stages that make calls (and count attempts). */
export type CallingStage = Exclude<BuildStage, 'input'>;

/** One attempt of one stage, as it ended. */
export interface AttemptRecord {
  readonly stage: CallingStage;
  readonly attempt: number;
  /**
   * `accepted`; `unparseable` (the reply was not the required JSON); `checks-failed` (our rules);
   * `invalid` (the reviewer); `review-unparseable`; `witness-failed`.
   */
  readonly outcome:
    | 'accepted'
    | 'unparseable'
    | 'checks-failed'
    | 'invalid'
    | 'review-unparseable'
    | 'witness-failed';
  /** The reason sent back as feedback (parse error, reviewer's reason, or the findings). */
  readonly detail?: string;
  /** The codes of our findings, when checks failed. */
  readonly codes?: readonly string[];
}

/** The build of one problem: accepted, rejected at a stage with a reason, or stopped by a call error. */
export interface ProblemBuild {
  readonly problem_id: string;
  readonly status: 'accepted' | 'rejected' | 'error';
  readonly stage?: BuildStage;
  readonly reason?: string;
  readonly attempts: Readonly<Record<CallingStage, number>>;
  readonly history: readonly AttemptRecord[];
  /** Findings reported on an accepted DAG (transitive edges, unused witness keys). */
  readonly warnings: readonly Diagnostic[];
}

/** The report of a `prism build-dag` pass (`report.json`). */
export interface BuildReport {
  readonly dataset: string;
  readonly out: string;
  readonly writer: { readonly provider: string; readonly model: string };
  readonly reviewer: { readonly provider: string; readonly model: string };
  readonly max_retries: number;
  readonly prompt_versions: Readonly<Record<string, string>>;
  /** Problems asked for; `builds` lists those started (all of them unless interrupted). */
  readonly problems: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly errors: number;
  readonly interrupted: boolean;
  readonly calls: {
    readonly requested: number;
    readonly cached: number;
    readonly resumed: number;
    readonly failed: number;
  };
  readonly builds: readonly ProblemBuild[];
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);

/** The build report as a short Markdown table: one row per problem, then the totals. */
export function renderBuildReport(report: BuildReport): string {
  const lines = [
    `# DAG build: ${report.dataset}`,
    '',
    `writer ${report.writer.model} (${report.writer.provider}), reviewer ${report.reviewer.model} (${report.reviewer.provider}), at most ${report.max_retries} retries per stage`,
    '',
    '| problem | status | stage | attempts (normalize/clarify/dag/witness) | reason |',
    '|---|---|---|---|---|',
  ];
  for (const b of report.builds) {
    const a = b.attempts;
    lines.push(
      `| ${cell(b.problem_id)} | ${b.status} | ${b.stage ?? ''} | ${a.normalize}/${a.clarify}/${a.dag}/${a.witness} | ${cell(b.reason ?? (b.warnings.length > 0 ? `${b.warnings.length} warning(s): ${b.warnings.map((w) => w.code).join(', ')}` : ''))} |`,
    );
  }
  lines.push(
    '',
    `${report.accepted} accepted, ${report.rejected} rejected, ${report.errors} error(s) of ${report.problems}${report.interrupted ? ' (interrupted: run again to resume)' : ''}; calls: ${report.calls.requested} requested, ${report.calls.cached} cached, ${report.calls.resumed} resumed, ${report.calls.failed} failed.`,
    '',
  );
  return lines.join('\n');
}
