import type { EstimateGroup, ScaledEstimate } from '../report/estimate-metrics.js';
import type { Describe, JudgeGroup, JudgeSummary } from './judge-summary.js';

const f = (v: number | null, digits = 2): string => (v === null ? '–' : v.toFixed(digits));
const cell = (d: Describe | undefined): string =>
  d === undefined || d.n === 0 ? '–' : `${f(d.mean)} / ${f(d.median)} / ${f(d.sd)}`;

/** Markdown: one table per grouping (tiers, domains), a row per group, mean / median / sd per metric. */
export function renderJudgeSummary(summary: JudgeSummary, title: string): string {
  const metrics = Object.keys(summary.overall);
  const table = (label: string, groups: Readonly<Record<string, JudgeGroup>>): string[] => [
    `| ${label} | n | ${metrics.join(' | ')} |`,
    `|---|---:|${metrics.map(() => '---:').join('|')}|`,
    ...Object.entries(groups).map(
      ([name, g]) =>
        `| ${name} | ${g[metrics[0]!]?.n ?? 0} | ${metrics.map((m) => cell(g[m])).join(' | ')} |`,
    ),
  ];
  const interval = (e: ScaledEstimate | undefined): string => {
    if (e === undefined || e.mean === null) return '–';
    const digits = e.scale[1] > 5 ? 1 : 2;
    const se = e.stderr === null ? '' : ` ± ${f(e.stderr, digits)}`;
    const ci = e.ci95 === null ? '' : ` [${f(e.ci95[0], digits)}, ${f(e.ci95[1], digits)}]`;
    return `${f(e.mean, digits)}${se}${ci}`;
  };
  const intervals = (label: string, groups: Readonly<Record<string, EstimateGroup>>): string[] => [
    `| ${label} | n | ${metrics.join(' | ')} |`,
    `|---|---:|${metrics.map(() => '---:').join('|')}|`,
    ...Object.entries(groups).map(
      ([name, g]) =>
        `| ${name} | ${g[metrics[0]!]?.n ?? 0} | ${metrics.map((m) => interval(g[m])).join(' | ')} |`,
    ),
  ];
  return [
    `## ${title} · judge rubric ${summary.rubric}`,
    '',
    `${summary.judged} answers judged, ${summary.failures} judge failure(s) (excluded, never scored 0). Cells: mean / median / sd.`,
    '',
    ...table('Tier', { ...summary.by_difficulty, all: summary.overall }),
    '',
    ...table('Domain', summary.by_domain),
    '',
    'Means with their uncertainty: mean ± standard error [95% interval] over judged answers.',
    '',
    ...intervals('Tier', { ...(summary.metrics.by_difficulty ?? {}), all: summary.metrics.overall }),
    '',
  ].join('\n');
}
