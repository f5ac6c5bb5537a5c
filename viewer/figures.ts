// The papers' figures, drawn as inline SVG from the same numbers as the tables printed beside
// them. Every mark carries its value (`data-value`, `data-x`, `data-y`) so a test can check that the
// picture and the table agree.
import type { ViewerData, ViewerRun } from '../src/viewer/viewer-data.js';
import { h, s } from './dom.js';

const text = (x: number, y: number, t: string, cls = 'lbl', anchor = 'start'): SVGElement =>
  s('text', { x, y, class: cls, 'text-anchor': anchor }, document.createTextNode(t));

const titled = (el: SVGElement, t: string): SVGElement => {
  el.append(s('title', {}, document.createTextNode(t)));
  return el;
};

/** An estimate as the summaries write it (only what the figures read). */
interface Estimate {
  readonly mean: number | null;
  readonly n?: number;
  readonly ci95?: readonly [number, number] | null;
}
type Groups = Readonly<Record<string, Readonly<Record<string, Estimate>>>>;

/** A colour from white (lo) to blue (hi). */
function heat(v: number, lo: number, hi: number): string {
  const t = Math.max(0, Math.min(1, (v - lo) / (hi - lo)));
  const c = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${c(247, 33)},${c(251, 102)},${c(255, 172)})`;
}

const short = (c: string): string =>
  c
    .replace('mathematical_accuracy', 'math')
    .replace('logical_consistency', 'logic')
    .replace('clarity_and_coherence', 'clarity')
    .replace('formulas_principles', 'formulas')
    .replace('assumptions_made', 'assumptions')
    .replace(/_/g, ' ');

/**
 * PhysicsEval's heatmap: mean judge score per criterion (columns) and group (rows: categories or
 * difficulty tiers), on the criteria's 1–5 scale, with the table of the same numbers.
 */
export function criterionHeatmap(
  id: string,
  title: string,
  groups: Groups,
  criteria: readonly string[],
): HTMLElement {
  const rows = Object.keys(groups);
  const cw = 74;
  const rh = 26;
  const x0 = 130;
  const svg = s('svg', { width: x0 + criteria.length * cw + 10, height: 30 + rows.length * rh, role: 'img' });
  criteria.forEach((c, j) => {
    svg.append(text(x0 + j * cw + cw / 2, 16, short(c), 'lbl', 'middle'));
  });
  rows.forEach((r, i) => {
    const y = 24 + i * rh;
    svg.append(text(x0 - 6, y + rh / 2 + 4, r, 'lbl', 'end'));
    criteria.forEach((c, j) => {
      const e = groups[r]?.[c];
      const v = e?.mean ?? null;
      const cell = s('rect', {
        x: x0 + j * cw,
        y,
        width: cw - 2,
        height: rh - 2,
        fill: v === null ? '#eee' : heat(v, 1, 5),
        'data-row': r,
        'data-col': c,
        'data-value': v === null ? '' : String(v),
      });
      svg.append(titled(cell, `${r} · ${c}: ${v === null ? '—' : v.toFixed(2)} (n ${e?.n ?? 0})`));
      svg.append(
        text(
          x0 + j * cw + cw / 2,
          y + rh / 2 + 4,
          v === null ? '—' : v.toFixed(2),
          v !== null && v > 3.6 ? 'val inv' : 'val',
          'middle',
        ),
      );
    });
  });
  const table = h(
    'table',
    { class: 'num fig-table', 'data-table': id },
    h('thead', {}, h('tr', {}, h('th', {}, ''), ...criteria.map((c) => h('th', {}, short(c))))),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          {},
          h('th', {}, r),
          ...criteria.map((c) => {
            const v = groups[r]?.[c]?.mean ?? null;
            return h('td', { 'data-cell': `${r}:${c}` }, v === null ? '—' : v.toFixed(2));
          }),
        ),
      ),
    ),
  );
  return h('figure', { class: 'plot fig', 'data-plot': id }, h('figcaption', {}, title), svg, table);
}

/** One model's error-class shares (`prism errors`), in the taxonomy's order. */
export interface ErrorColumn {
  readonly model: string;
  readonly labels: readonly string[];
  readonly shares: Readonly<Record<string, number>>;
  readonly classified: number;
}

const PALETTE = ['#2f6fde', '#c77d00', '#1a7f37', '#b42318', '#6e40c9', '#0b7285', '#666'];

/** PRISM-Physics Fig. 6: the distribution of primary error classes per model, grouped bars in %. */
export function errorDistribution(columns: readonly ErrorColumn[]): HTMLElement {
  const labels = columns[0]?.labels ?? [];
  const groupW = Math.max(40, columns.length * 18 + 12);
  const H = 170;
  const x0 = 40;
  const svg = s('svg', { width: x0 + labels.length * groupW + 20, height: H + 60, role: 'img' });
  for (let t = 0; t <= 100; t += 25) {
    const y = 10 + H - (H * t) / 100;
    svg.append(s('line', { x1: x0, x2: x0 + labels.length * groupW, y1: y, y2: y, class: 'grid' }));
    svg.append(text(x0 - 4, y + 4, `${t}`, 'lbl', 'end'));
  }
  labels.forEach((label, i) => {
    const gx = x0 + i * groupW + 6;
    columns.forEach((col, k) => {
      const v = col.shares[label] ?? 0;
      const bh = H * v;
      const bar = s('rect', {
        x: gx + k * 18,
        y: 10 + H - bh,
        width: 16,
        height: bh,
        fill: PALETTE[k % PALETTE.length]!,
        'data-model': col.model,
        'data-label': label,
        'data-value': String(v),
      });
      svg.append(titled(bar, `${col.model} · ${label}: ${(100 * v).toFixed(1)}%`));
    });
    svg.append(text(gx + (columns.length * 18) / 2, H + 26, label, 'lbl', 'middle'));
  });
  columns.forEach((col, k) => {
    svg.append(
      s('rect', { x: x0 + k * 150, y: H + 40, width: 10, height: 10, fill: PALETTE[k % PALETTE.length]! }),
    );
    svg.append(text(x0 + k * 150 + 14, H + 49, `${col.model} (${col.classified})`));
  });
  const table = h(
    'table',
    { class: 'num fig-table', 'data-table': 'errors' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Error class (%)'), ...columns.map((c) => h('th', {}, c.model)))),
    h(
      'tbody',
      {},
      ...labels.map((l) =>
        h(
          'tr',
          {},
          h('th', {}, l),
          ...columns.map((c) =>
            h('td', { 'data-cell': `${c.model}:${l}` }, (100 * (c.shares[l] ?? 0)).toFixed(1)),
          ),
        ),
      ),
    ),
  );
  return h(
    'figure',
    { class: 'plot fig', 'data-plot': 'errors' },
    h('figcaption', {}, 'Primary error class per model (% of classified imperfect answers)'),
    svg,
    table,
  );
}

/** One run as a point: its Table 1 averages and mean response time. */
export interface RunPoint {
  readonly label: string;
  readonly technique: string;
  readonly accuracy: number | null;
  readonly step: number | null;
  readonly time: number | null;
}

/** The runs' points, from each run's Table 1 average (the numbers of its summary.json). */
export function runPoints(data: ViewerData): RunPoint[] {
  return data.runs.map((r: ViewerRun) => {
    const technique = (r.config as { technique?: unknown } | undefined)?.technique;
    return {
      label: r.name,
      technique: typeof technique === 'string' ? technique : 'zero-shot',
      accuracy: r.table.average.accuracy,
      step: r.table.average.step_score,
      time: r.table.average.mean_time_s,
    };
  });
}

/** Step score against final-answer accuracy, one point per run (model · technique), both in %. */
export function stepVsAccuracy(points: readonly RunPoint[]): HTMLElement {
  const W = 300;
  const H = 220;
  const x0 = 46;
  const svg = s('svg', { width: x0 + W + 200, height: H + 50, role: 'img' });
  svg.append(s('rect', { x: x0, y: 10, width: W, height: H, class: 'frame' }));
  for (let t = 0; t <= 100; t += 25) {
    svg.append(text(x0 + (W * t) / 100, H + 26, `${t}`, 'lbl', 'middle'));
    svg.append(text(x0 - 4, 10 + H - (H * t) / 100 + 4, `${t}`, 'lbl', 'end'));
  }
  svg.append(text(x0 + W / 2, H + 44, 'final-answer accuracy (%)', 'lbl', 'middle'));
  svg.append(text(4, 8, 'step score (%)'));
  svg.append(s('line', { x1: x0, y1: 10 + H, x2: x0 + W, y2: 10, class: 'diag-line' }));
  points.forEach((p, k) => {
    if (p.accuracy === null || p.step === null) return;
    const cx = x0 + W * p.accuracy;
    const cy = 10 + H - H * p.step;
    const dot = s('circle', {
      cx,
      cy,
      r: 5,
      fill: PALETTE[k % PALETTE.length]!,
      'data-run': p.label,
      'data-x': String(p.accuracy),
      'data-y': String(p.step),
    });
    svg.append(
      titled(
        dot,
        `${p.label}: accuracy ${(100 * p.accuracy).toFixed(1)}%, step ${(100 * p.step).toFixed(1)}%`,
      ),
    );
    svg.append(text(cx + 8, cy + 4, p.label.split(' · ').slice(0, 2).join(' · ')));
  });
  return h(
    'figure',
    { class: 'plot fig', 'data-plot': 'step-vs-accuracy' },
    h('figcaption', {}, 'Step score against final-answer accuracy, per run (diagonal: equal)'),
    svg,
  );
}

/** Mean response time per run, labelled by technique: what each technique costs in wall time. */
export function latencyByTechnique(points: readonly RunPoint[]): HTMLElement {
  const rows = points.filter((p) => p.time !== null);
  const max = Math.max(1e-9, ...rows.map((p) => p.time!));
  const rowH = 24;
  const labelW = 260;
  const plotW = 260;
  const svg = s('svg', { width: labelW + plotW + 70, height: rows.length * rowH + 10, role: 'img' });
  rows.forEach((p, i) => {
    const y = i * rowH + 4;
    svg.append(text(labelW - 6, y + 15, `${p.technique} · ${p.label.split(' · ')[0]}`, 'lbl', 'end'));
    const w = (plotW * p.time!) / max;
    svg.append(
      titled(
        s('rect', {
          x: labelW,
          y: y + 3,
          width: w,
          height: rowH - 8,
          class: 'bar',
          'data-run': p.label,
          'data-value': String(p.time),
        }),
        `${p.label}: ${p.time!.toFixed(2)} s`,
      ),
    );
    svg.append(text(labelW + w + 4, y + 15, `${p.time!.toFixed(2)} s`, 'val'));
  });
  return h(
    'figure',
    { class: 'plot fig', 'data-plot': 'latency' },
    h('figcaption', {}, 'Mean response time per sample, by technique (s)'),
    svg,
  );
}

/** The table behind the step-score and latency figures: each run's Table 1 averages. */
export function runsTable(points: readonly RunPoint[]): HTMLElement {
  const pct = (v: number | null) => (v === null ? '—' : (100 * v).toFixed(1));
  return h(
    'table',
    { class: 'num fig-table', 'data-table': 'runs' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['Run', 'Technique', 'Final answer (%)', 'Step score (%)', 'Time (s)'].map((t) => h('th', {}, t)),
      ),
    ),
    h(
      'tbody',
      {},
      ...points.map((p) =>
        h(
          'tr',
          { 'data-run': p.label },
          h('th', {}, p.label),
          h('td', {}, p.technique),
          h('td', { 'data-cell': 'accuracy' }, pct(p.accuracy)),
          h('td', { 'data-cell': 'step' }, pct(p.step)),
          h('td', { 'data-cell': 'time' }, p.time === null ? '—' : p.time.toFixed(2)),
        ),
      ),
    ),
  );
}

/**
 * PRiSM's robustness profile across instances: per problem, each instance's step score as a dot
 * (filled when the final answer was right), the range between the lowest and highest, and a_p.
 */
export function robustnessProfile(
  problems: readonly { id: string; correct: readonly boolean[]; step: readonly number[] }[],
): HTMLElement {
  const W = 320;
  const rowH = 20;
  const x0 = 90;
  const svg = s('svg', { width: x0 + W + 70, height: problems.length * rowH + 34, role: 'img' });
  for (let t = 0; t <= 1.0001; t += 0.25) svg.append(text(x0 + W * t, 12, t.toFixed(2), 'lbl', 'middle'));
  problems.forEach((p, i) => {
    const y = 20 + i * rowH;
    const lo = Math.min(...p.step);
    const hi = Math.max(...p.step);
    const ap = p.correct.filter(Boolean).length / Math.max(1, p.correct.length);
    svg.append(text(x0 - 6, y + 13, p.id, 'lbl', 'end'));
    svg.append(
      s('line', {
        x1: x0 + W * lo,
        x2: x0 + W * hi,
        y1: y + 9,
        y2: y + 9,
        class: 'range',
        'data-problem': p.id,
        'data-min': String(lo),
        'data-max': String(hi),
      }),
    );
    p.step.forEach((v, k) => {
      svg.append(
        titled(
          s('circle', {
            cx: x0 + W * v,
            cy: y + 9,
            r: 4,
            class: p.correct[k] ? 'dot ok' : 'dot bad',
            'data-problem': p.id,
            'data-instance': k + 1,
            'data-value': String(v),
            'data-correct': String(p.correct[k] === true),
          }),
          `${p.id} #${k + 1}: step ${v.toFixed(3)}, ${p.correct[k] ? 'right' : 'wrong'}`,
        ),
      );
    });
    svg.append(text(x0 + W + 8, y + 13, `a_p ${(100 * ap).toFixed(0)}%`, 'val'));
  });
  return h(
    'figure',
    { class: 'plot fig', 'data-plot': 'robustness' },
    h(
      'figcaption',
      {},
      'Robustness across instances: step score of each instance (filled: final answer right), range and a_p',
    ),
    svg,
  );
}
