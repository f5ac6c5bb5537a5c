import type { ViewerData } from '../src/viewer/viewer-data.js';
import { h } from './dom.js';
import { barChart, histogram } from './plots.js';

interface Paired {
  n: number;
  meanA: number;
  meanB: number;
  meanDiff: number;
  tTest?: { p?: number; t?: number };
  signTest?: { p?: number };
  wilcoxon?: { p?: number };
  kendall?: { tau?: number; p?: number };
  differences: Record<string, number>;
}
interface Comparison {
  baseline: string;
  other: string;
  step: Paired;
  accuracy: Paired;
}

const f3 = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3));

/** Several runs against the first: the tests of `prism compare` and the per-problem differences. */
export function compareView(data: ViewerData): HTMLElement {
  const comps = (data.compare ?? []) as Comparison[];
  const out = h('section', { class: 'compare', id: 'compare' }, h('h2', {}, 'Compare runs'));
  for (const c of comps) {
    const row = (name: string, p: Paired) =>
      h(
        'tr',
        {},
        h('th', {}, name),
        h('td', {}, String(p.n)),
        h('td', {}, f3(p.meanA)),
        h('td', {}, f3(p.meanB)),
        h('td', { 'data-cell': `diff:${name}` }, f3(p.meanDiff)),
        h('td', {}, f3(p.tTest?.p)),
        h('td', {}, f3(p.signTest?.p)),
        h('td', {}, f3(p.wilcoxon?.p)),
        h('td', {}, f3(p.kendall?.tau)),
      );
    const diffs = Object.entries(c.step.differences).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
    out.append(
      h('h3', {}, `${c.other} − ${c.baseline} (paired by problem)`),
      h(
        'table',
        { class: 'num' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...[
              '',
              'problems',
              'baseline',
              'other',
              'mean diff',
              'paired t p',
              'sign p',
              'Wilcoxon p',
              'Kendall τb',
            ].map((t) => h('th', {}, t)),
          ),
        ),
        h('tbody', {}, row('step score', c.step), row('final answer', c.accuracy)),
      ),
      histogram(
        `Per-problem step-score differences, other − baseline (${Object.keys(c.step.differences).length} problems)`,
        Object.values(c.step.differences),
        10,
        -1,
        1,
      ),
      barChart(
        'Largest per-problem step-score differences (other − baseline; bars show |diff|)',
        diffs.slice(0, 20).map(([id, d]) => ({ label: `${id} ${d >= 0 ? '+' : '−'}`, value: Math.abs(d) })),
        1,
        (v) => v.toFixed(2),
      ),
    );
  }
  return out;
}
