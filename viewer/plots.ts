import { h, s } from './dom.js';

/** Horizontal bars, values in [0, max]. */
export function barChart(
  title: string,
  rows: readonly { label: string; value: number | null }[],
  max = 1,
  fmt = (v: number) => (100 * v).toFixed(1),
): HTMLElement {
  const rowH = 22;
  const labelW = 190;
  const plotW = 260;
  const svg = s('svg', { width: labelW + plotW + 60, height: rows.length * rowH + 8, role: 'img' });
  rows.forEach((r, i) => {
    const y = i * rowH + 4;
    svg.append(
      s(
        'text',
        { x: labelW - 6, y: y + 14, 'text-anchor': 'end', class: 'lbl' },
        document.createTextNode(r.label),
      ),
    );
    const w = r.value === null ? 0 : (plotW * Math.max(0, Math.min(r.value, max))) / max;
    svg.append(s('rect', { x: labelW, y: y + 2, width: w, height: rowH - 6, class: 'bar' }));
    svg.append(
      s(
        'text',
        { x: labelW + w + 4, y: y + 14, class: 'val' },
        document.createTextNode(r.value === null ? '—' : fmt(r.value)),
      ),
    );
  });
  return h('figure', { class: 'plot' }, h('figcaption', {}, title), svg);
}

/** Histogram of values in [0, 1] with `bins` equal bins (the last one closed). */
export function histogram(title: string, values: readonly number[], bins = 10, lo = 0, hi = 1): HTMLElement {
  const counts = new Array<number>(bins).fill(0);
  const at = (i: number): number => lo + (i / bins) * (hi - lo);
  for (const v of values)
    counts[Math.min(bins - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * bins)))]! += 1;
  const W = 420;
  const H = 160;
  const max = Math.max(1, ...counts);
  const bw = W / bins;
  const svg = s('svg', { width: W + 40, height: H + 46, role: 'img' });
  counts.forEach((c, i) => {
    const bh = (H * c) / max;
    const rect = s('rect', { x: 30 + i * bw + 1, y: H - bh + 16, width: bw - 2, height: bh, class: 'bar' });
    rect.append(s('title', {}, document.createTextNode(`${at(i).toFixed(1)}–${at(i + 1).toFixed(1)}: ${c}`)));
    svg.append(rect);
    svg.append(
      s(
        'text',
        { x: 30 + i * bw + bw / 2, y: H - bh + 12, 'text-anchor': 'middle', class: 'val' },
        document.createTextNode(String(c)),
      ),
    );
  });
  for (let i = 0; i <= bins; i += bins / 5) {
    svg.append(
      s(
        'text',
        { x: 30 + i * bw, y: H + 32, 'text-anchor': 'middle', class: 'lbl' },
        document.createTextNode(at(i).toFixed(1)),
      ),
    );
  }
  svg.append(s('line', { x1: 30, y1: H + 16, x2: 30 + W, y2: H + 16, class: 'axis' }));
  return h('figure', { class: 'plot' }, h('figcaption', {}, title), svg);
}

/** Step score by final-answer verdict: one strip of dots per group (deterministic jitter) and its mean. */
export function stripPlot(
  title: string,
  groups: readonly { label: string; values: readonly number[] }[],
): HTMLElement {
  const W = 420;
  const rowH = 46;
  const x0 = 110;
  const svg = s('svg', { width: x0 + W + 20, height: groups.length * rowH + 30, role: 'img' });
  groups.forEach((g, gi) => {
    const y = gi * rowH + 10;
    svg.append(
      s(
        'text',
        { x: x0 - 8, y: y + rowH / 2, 'text-anchor': 'end', class: 'lbl' },
        document.createTextNode(`${g.label} (${g.values.length})`),
      ),
    );
    const step = Math.max(1, Math.floor(g.values.length / 2000));
    for (let i = 0; i < g.values.length; i += step) {
      const jitter = (((i * 2654435761) >>> 0) % 1000) / 1000;
      svg.append(
        s('circle', { cx: x0 + W * g.values[i]!, cy: y + 6 + jitter * (rowH - 16), r: 2.5, class: 'dot' }),
      );
    }
    if (g.values.length > 0) {
      const m = g.values.reduce((a, b) => a + b, 0) / g.values.length;
      svg.append(s('line', { x1: x0 + W * m, x2: x0 + W * m, y1: y, y2: y + rowH - 4, class: 'mean' }));
    }
  });
  const yAxis = groups.length * rowH + 12;
  for (let t = 0; t <= 1.0001; t += 0.25) {
    svg.append(
      s(
        'text',
        { x: x0 + W * t, y: yAxis + 12, 'text-anchor': 'middle', class: 'lbl' },
        document.createTextNode(t.toFixed(2)),
      ),
    );
  }
  return h('figure', { class: 'plot' }, h('figcaption', {}, title), svg);
}
