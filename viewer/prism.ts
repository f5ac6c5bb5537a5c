import type { ViewerPrismTask } from '../src/viewer/viewer-data.js';
import { h, tex } from './dom.js';

interface Report {
  readonly task?: string;
  readonly model?: string;
  readonly metrics?: Record<string, number>;
  readonly steps?: Record<string, number>;
  readonly problems?: readonly { id: string; correct: boolean[]; step: number[] }[];
}

const TASK_NAMES: Record<string, string> = {
  I: 'Task I · input variations',
  III: 'Task III · error correction',
  IV: 'Task IV · code synthesis',
  V: 'Task V · ambiguity',
};

const num = (v: unknown, digits = 1): string => (typeof v === 'number' ? v.toFixed(digits) : '—');

/** PRiSM's metrics (spec B4) and the step-score profile, in the Table 3 layout. */
function metricsTable(task: string, r: Report): HTMLElement {
  const m = r.metrics ?? {};
  const rows: [string, string, string][] = [
    ['Overall Acc ↑', 'overall_accuracy', num(m.overall_accuracy)],
    [`TRUE@${m.t ?? 90} ↑`, 'true_at_t', num(m.true_at_t)],
    ['Volatility ↓', 'volatility', num(m.volatility)],
    ['TFR ↓', 'total_failure_rate', num(m.total_failure_rate)],
  ];
  if (r.steps !== undefined)
    rows.push(
      ['Step score mean ↑', 'steps.mean', num(r.steps.mean, 3)],
      ['Step score min (mean over problems) ↑', 'steps.mean_min', num(r.steps.mean_min, 3)],
      ['Step score spread ↓', 'steps.mean_spread', num(r.steps.mean_spread, 3)],
    );
  return h(
    'table',
    { class: 'num prism-metrics', 'data-task': task },
    h('thead', {}, h('tr', {}, h('th', {}, 'Metric'), h('th', {}, r.model ?? ''))),
    h(
      'tbody',
      {},
      ...rows.map(([label, key, v]) => h('tr', {}, h('th', {}, label), h('td', { 'data-metric': key }, v))),
      h(
        'tr',
        {},
        h('th', {}, 'Problems · instances'),
        h('td', {}, `${m.problems ?? '—'} · ${m.instances ?? '—'}`),
      ),
    ),
  );
}

/** Per problem, each instance's verdict (✓/✗) and step score: the robustness profile, row by row. */
function instanceGrid(task: string, r: Report): HTMLElement {
  const problems = r.problems ?? [];
  const width = Math.max(0, ...problems.map((p) => p.correct.length));
  return h(
    'table',
    { class: 'num prism-grid', 'data-task': task },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'Problem'),
        ...Array.from({ length: width }, (_, k) => h('th', {}, `#${k + 1}`)),
        h('th', {}, 'a_p'),
      ),
    ),
    h(
      'tbody',
      {},
      ...problems.map((p) => {
        const right = p.correct.filter(Boolean).length;
        return h(
          'tr',
          { 'data-problem': p.id },
          h('th', {}, p.id),
          ...p.correct.map((c, k) =>
            h(
              'td',
              { class: c ? 'ok' : 'bad', title: `step score ${num(p.step[k], 3)}` },
              `${c ? '✓' : '✗'}${typeof p.step[k] === 'number' && r.steps !== undefined ? ` ${num(p.step[k], 2)}` : ''}`,
            ),
          ),
          h('td', { 'data-ap': p.id }, `${right}/${p.correct.length}`),
        );
      }),
    ),
  );
}

function sharesTable(title: string, shares: Record<string, number>): HTMLElement {
  return h(
    'table',
    { class: 'num prism-shares' },
    h('thead', {}, h('tr', {}, h('th', {}, title), h('th', {}, '%'))),
    h(
      'tbody',
      {},
      ...Object.entries(shares).map(([k, v]) =>
        h('tr', {}, h('th', {}, k), h('td', { 'data-share': k }, v.toFixed(1))),
      ),
    ),
  );
}

/** Task III/IV/V outcomes, one row per instance, with what the task records about it. */
function outcomeTable(task: string, outcomes: readonly unknown[]): HTMLElement {
  const rows = outcomes.map((o) => (typeof o === 'object' && o !== null ? o : {}) as Record<string, unknown>);
  const head =
    task === 'III'
      ? ['Instance', 'Injected error', 'Wrong · right', 'Final answer', 'Behaviour', 'Labelled by']
      : task === 'IV'
        ? ['Instance', 'Outputs right', 'Values returned', 'Error']
        : ['Instance', 'Masked inputs', 'Fraction', 'Judge label'];
  const cells = (o: Record<string, unknown>): (Node | string)[] => {
    if (task === 'III') {
      const e = (o.error ?? {}) as Record<string, unknown>;
      return [
        String(e.kind ?? '—'),
        h('span', {}, tex(String(e.wrong ?? '')), ' · ', tex(String(e.right ?? ''))),
        o.final_answer_correct === true ? '✓' : '✗',
        String(o.behaviour ?? '—'),
        String(o.labelled_by ?? '—'),
      ];
    }
    if (task === 'IV') {
      const values = (o.values ?? {}) as Record<string, unknown>;
      return [
        o.final_answer_correct === true ? '✓' : '✗',
        Object.entries(values)
          .map(([k, v]) => `${k} = ${typeof v === 'number' ? v.toPrecision(4) : String(v)}`)
          .join(', ') || '—',
        typeof o.error === 'string' ? o.error : '',
      ];
    }
    return [
      Array.isArray(o.masked) ? o.masked.join(', ') : '—',
      typeof o.fraction === 'number' ? `${(100 * o.fraction).toFixed(0)} %` : '—',
      String(o.label ?? '—'),
    ];
  };
  return h(
    'table',
    { class: 'prism-outcomes', 'data-task': task },
    h('thead', {}, h('tr', {}, ...head.map((t) => h('th', {}, t)))),
    h(
      'tbody',
      {},
      ...rows.map((o) =>
        h(
          'tr',
          { 'data-instance': String(o.problem_id ?? '') },
          h('th', {}, String(o.problem_id ?? '—')),
          ...cells(o).map((c) => h('td', {}, c)),
        ),
      ),
    ),
  );
}

/** The behaviour shares of Task III, counted from its outcomes (the file keeps only the outcomes). */
function behaviourShares(outcomes: readonly unknown[]): Record<string, number> {
  const shares: Record<string, number> = {};
  for (const o of outcomes) {
    const b = String((o as { behaviour?: unknown }).behaviour ?? 'unlabelled');
    shares[b] = (shares[b] ?? 0) + 100 / outcomes.length;
  }
  return shares;
}

/** The run's PRiSM results: one block per task found in the run directory. */
export function prismView(tasks: readonly ViewerPrismTask[]): HTMLElement {
  return h(
    'section',
    { class: 'prism', id: 'prism' },
    h('h3', {}, 'PRiSM'),
    ...tasks.map((t) => {
      const r = (t.report ?? {}) as Report;
      const shares =
        t.shares ?? (t.task === 'III' && t.outcomes !== undefined ? behaviourShares(t.outcomes) : undefined);
      return h(
        'div',
        { class: 'prism-task', 'data-task': t.task },
        h('h4', {}, TASK_NAMES[t.task] ?? t.task),
        t.report === undefined ? null : metricsTable(t.task, r),
        shares === undefined
          ? null
          : sharesTable(t.task === 'III' ? 'behaviour (by rule or judge)' : 'judge label', shares),
        r.problems === undefined || r.problems.length === 0
          ? null
          : h(
              'details',
              { open: true },
              h('summary', {}, 'Per problem: each instance (✓ right, ✗ wrong; step score)'),
              instanceGrid(t.task, r),
            ),
        t.outcomes === undefined || t.outcomes.length === 0 || t.task === 'I'
          ? null
          : h(
              'details',
              {},
              h('summary', {}, `Per instance (${t.outcomes.length})`),
              outcomeTable(t.task, t.outcomes),
            ),
        t.unmaskable === undefined || t.unmaskable.length === 0
          ? null
          : h(
              'p',
              { class: 'muted' },
              `Not posed (no masked count in the 20–30 % band): ${t.unmaskable
                .map((u) => String((u as { problem_id?: unknown }).problem_id ?? '?'))
                .join(', ')}`,
            ),
      );
    }),
  );
}
