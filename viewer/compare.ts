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

/** A p-value as a number a reader can quote: 3 decimals from 0.001 up, else in scientific notation (never 0.000). */
export function formatP(p: number | undefined): string {
  if (p === undefined || !Number.isFinite(p)) return '—';
  if (p === 0) return '0';
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(2);
}

/** The browse link of a run's first response to a problem, or null when the run has none. */
function responseLink(data: ViewerData, run: number, problemId: string, text: string): HTMLElement | string {
  const i = data.runs[run]?.items.findIndex((it) => it.problem_id === problemId) ?? -1;
  return i < 0 ? '—' : h('a', { href: `#/browse/${run}/${i}`, 'data-link': `run${run}:${problemId}` }, text);
}

/** Several runs against the first: the tests of `prism compare` and the per-problem differences. */
export function compareView(data: ViewerData): HTMLElement {
  const comps = (data.compare ?? []) as Comparison[];
  const out = h('section', { class: 'compare', id: 'compare' }, h('h2', {}, 'Compare runs'));
  comps.forEach((c, k) => {
    const otherRun = k + 1;
    const row = (name: string, p: Paired) =>
      h(
        'tr',
        {},
        h('th', {}, name),
        h('td', {}, String(p.n)),
        h('td', {}, f3(p.meanA)),
        h('td', {}, f3(p.meanB)),
        h('td', { 'data-cell': `diff:${name}` }, f3(p.meanDiff)),
        h('td', { 'data-cell': `p-t:${name}` }, formatP(p.tTest?.p)),
        h('td', {}, formatP(p.signTest?.p)),
        h('td', {}, formatP(p.wilcoxon?.p)),
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
      h(
        'table',
        { class: 'num compare-rows' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['problem', 'step diff (other − baseline)', 'baseline answer', 'other answer'].map((t) =>
              h('th', {}, t),
            ),
          ),
        ),
        h(
          'tbody',
          {},
          ...diffs
            .slice(0, 20)
            .map(([id, d]) =>
              h(
                'tr',
                {},
                h('th', {}, id),
                h('td', {}, f3(d)),
                h('td', {}, responseLink(data, 0, id, `${c.baseline}`)),
                h('td', {}, responseLink(data, otherRun, id, `${c.other}`)),
              ),
            ),
        ),
      ),
    );
  });
  return out;
}
