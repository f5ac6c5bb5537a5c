import type { ViewerData, ViewerRun, ViewerTableRow } from '../src/viewer/viewer-data.js';
import { h, pct, secs } from './dom.js';
import {
  criterionHeatmap,
  type ErrorColumn,
  errorDistribution,
  latencyByTechnique,
  robustnessProfile,
  runPoints,
  runsTable,
  stepVsAccuracy,
} from './figures.js';
import { barChart, histogram, stripPlot } from './plots.js';
import { prismView } from './prism.js';

function table1(run: ViewerRun): HTMLElement {
  const cols = [...run.table.by_difficulty, run.table.average];
  const metric = (
    name: string,
    key: 'accuracy' | 'step_score' | 'mean_time_s',
    fmt: (v: number | null) => string,
  ) =>
    h(
      'tr',
      {},
      h('th', {}, name),
      ...cols.map((c) => h('td', { 'data-cell': `${key}:${c.group}` }, fmt(c[key]))),
    );
  return h(
    'table',
    { class: 'num', id: 'table1' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), ...cols.map((c) => h('th', {}, cap(c.group))))),
    h(
      'tbody',
      {},
      metric('Final answer (%)', 'accuracy', pct),
      metric('Step score (%)', 'step_score', pct),
      metric('Time (s)', 'mean_time_s', secs),
      h(
        'tr',
        {},
        h('th', {}, 'Problems'),
        ...cols.map((c) => h('td', {}, c.problems === null ? '—' : String(c.problems))),
      ),
    ),
  );
}

function domainTable(rows: readonly ViewerTableRow[]): HTMLElement {
  return h(
    'table',
    { class: 'num', id: 'domains' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['Domain', 'Problems', 'Responses', 'Final answer (%)', 'Step score (%)', 'Time (s)'].map((t) =>
          h('th', {}, t),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          {},
          h('th', {}, r.group),
          h('td', {}, r.problems === null ? '—' : String(r.problems)),
          h('td', {}, r.responses === null ? '—' : String(r.responses)),
          h('td', { 'data-cell': `accuracy:${r.group}` }, pct(r.accuracy)),
          h('td', { 'data-cell': `step_score:${r.group}` }, pct(r.step_score)),
          h('td', {}, secs(r.mean_time_s)),
        ),
      ),
    ),
  );
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

type Groups = Readonly<Record<string, Readonly<Record<string, { mean: number | null; n?: number }>>>>;

/** The papers' figures this run (and the runs beside it) can draw, each with its table. */
function figures(run: ViewerRun, data: ViewerData): HTMLElement {
  const out: (HTMLElement | null)[] = [];
  const points = runPoints(data);
  out.push(stepVsAccuracy(points), latencyByTechnique(points), runsTable(points));
  const pps = run.judge_summaries?.pps as
    | {
        overall?: Record<string, unknown>;
        metrics?: { by_domain?: Groups; by_difficulty?: Groups };
        by_domain?: Groups;
        by_difficulty?: Groups;
      }
    | undefined;
  if (pps !== undefined) {
    const criteria = Object.keys(pps.overall ?? {}).filter((k) => k !== 'pps');
    const byDomain = pps.metrics?.by_domain ?? pps.by_domain ?? {};
    const byTier = pps.metrics?.by_difficulty ?? pps.by_difficulty ?? {};
    out.push(
      criterionHeatmap(
        'pps-domain',
        'Judge score per criterion and category (mean, 1–5)',
        byDomain,
        criteria,
      ),
      criterionHeatmap(
        'pps-difficulty',
        'Judge score per criterion and difficulty (mean, 1–5)',
        byTier,
        criteria,
      ),
    );
  }
  const columns: ErrorColumn[] = [];
  for (const r of data.runs) {
    const e = r.errors as
      | { labels?: string[]; primary?: Record<string, { share: number }>; classified?: number }
      | undefined;
    if (e?.labels === undefined || e.primary === undefined) continue;
    columns.push({
      model: r.name,
      labels: e.labels,
      shares: Object.fromEntries(e.labels.map((l) => [l, e.primary![l]?.share ?? 0])),
      classified: e.classified ?? 0,
    });
  }
  if (columns.length > 0) out.push(errorDistribution(columns));
  const task1 = run.prism?.find((t) => t.task === 'I')?.report as
    | { problems?: { id: string; correct: boolean[]; step: number[] }[]; steps?: unknown }
    | undefined;
  if (task1?.problems !== undefined && task1.problems.length > 0 && task1.steps !== undefined)
    out.push(robustnessProfile(task1.problems));
  return h('section', { class: 'figures', id: 'figures' }, h('h3', {}, 'Figures'), ...out);
}

/** The run overview: Table 1 layout, per-domain table, plots, the papers' figures and the run's config. */
export function overviewView(run: ViewerRun, data?: ViewerData): HTMLElement {
  const scores = run.items.map((i) => i.step_score);
  const group = (f: boolean | null) => run.items.filter((i) => i.final === f).map((i) => i.step_score);
  const t = run.table;
  return h(
    'section',
    { class: 'overview' },
    h('h2', {}, `Run: ${run.name}`),
    h('p', { class: 'muted' }, `${run.items.length} responses · ${run.source}`),
    table1(run),
    h('h3', {}, 'By domain'),
    domainTable(t.by_domain),
    h(
      'div',
      { class: 'plots' },
      histogram('Step-score distribution (responses)', scores),
      stripPlot('Step score by final-answer verdict (line: mean)', [
        { label: 'correct', values: group(true) },
        { label: 'wrong', values: group(false) },
        { label: 'unchecked', values: group(null) },
      ]),
      barChart(
        'Step score by domain (%)',
        t.by_domain.map((r) => ({ label: r.group, value: r.step_score })),
      ),
      barChart(
        'Final-answer accuracy by domain (%)',
        t.by_domain.map((r) => ({ label: r.group, value: r.accuracy })),
      ),
      barChart(
        'By difficulty (%): step score · final answer',
        t.by_difficulty.flatMap((r) => [
          { label: `${r.group} · step`, value: r.step_score },
          { label: `${r.group} · final`, value: r.accuracy },
        ]),
      ),
    ),
    data === undefined ? null : figures(run, data),
    run.prism === undefined || run.prism.length === 0 ? null : prismView(run.prism),
    t.at_k === undefined
      ? null
      : h(
          'details',
          { open: true },
          h('summary', {}, 'mean@K / pass@k'),
          h('pre', {}, JSON.stringify(t.at_k, null, 2)),
        ),
    run.config === undefined
      ? null
      : h(
          'details',
          {},
          h('summary', {}, 'Run config (run.json)'),
          h('pre', {}, JSON.stringify(run.config, null, 2)),
        ),
  );
}
