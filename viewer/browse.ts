import type { ViewerItem, ViewerRun } from '../src/viewer/viewer-data.js';
import { h } from './dom.js';

/** The browse filters. */
export interface Filters {
  domain: string;
  difficulty: string;
  final: string;
  min: number;
  max: number;
  search: string;
  sort: string;
}

export const defaultFilters = (): Filters => ({
  domain: '',
  difficulty: '',
  final: '',
  min: 0,
  max: 1,
  search: '',
  sort: 'index',
});

/** The items that pass the filters, sorted. */
export function filterItems(items: readonly ViewerItem[], f: Filters): ViewerItem[] {
  const q = f.search.trim().toLowerCase();
  const out = items.filter(
    (i) =>
      (f.domain === '' || i.domain === f.domain) &&
      (f.difficulty === '' || i.difficulty === f.difficulty) &&
      (f.final === '' || String(i.final) === f.final) &&
      i.step_score >= f.min - 1e-12 &&
      i.step_score <= f.max + 1e-12 &&
      (q === '' || i.problem_id.toLowerCase().includes(q) || (i.response_id ?? '').toLowerCase().includes(q)),
  );
  if (f.sort === 'score-asc') out.sort((a, b) => a.step_score - b.step_score || a.i - b.i);
  else if (f.sort === 'score-desc') out.sort((a, b) => b.step_score - a.step_score || a.i - b.i);
  else if (f.sort === 'problem') out.sort((a, b) => a.problem_id.localeCompare(b.problem_id) || a.i - b.i);
  return out;
}

const ROW_H = 30;

/**
 * The filter bar and a virtualised list (only the visible rows exist in the DOM, so 10,000 items
 * scroll as fast as 10). `onOpen` is called with the chosen item.
 */
export function browseList(
  run: ViewerRun,
  filters: Filters,
  selected: number | undefined,
  onChange: () => void,
  onOpen: (item: ViewerItem) => void,
): { el: HTMLElement; visible: ViewerItem[] } {
  const domains = [...new Set(run.items.map((i) => i.domain))].sort();
  const select = (name: keyof Filters, options: [string, string][]) => {
    const el = h(
      'select',
      { id: `f-${name}` },
      ...options.map(([v, t]) => h('option', { value: v, selected: filters[name] === v }, t)),
    ) as HTMLSelectElement;
    el.addEventListener('change', () => {
      (filters as unknown as Record<string, string>)[name] = el.value;
      onChange();
    });
    return el;
  };
  const num = (name: 'min' | 'max') => {
    const el = h('input', {
      id: `f-${name}`,
      type: 'number',
      min: 0,
      max: 1,
      step: 0.05,
      value: filters[name],
      title: `step score ${name}`,
    }) as HTMLInputElement;
    el.addEventListener('change', () => {
      const v = Number(el.value);
      filters[name] = Number.isFinite(v) ? v : name === 'min' ? 0 : 1;
      onChange();
    });
    return el;
  };
  const search = h('input', {
    id: 'f-search',
    type: 'search',
    placeholder: 'search problem / response id',
    value: filters.search,
  }) as HTMLInputElement;
  search.addEventListener('input', () => {
    filters.search = search.value;
    onChange();
  });
  const visible = filterItems(run.items, filters);
  const bar = h(
    'div',
    { class: 'filters' },
    select('domain', [['', 'all domains'], ...domains.map((d): [string, string] => [d, d])]),
    select('difficulty', [
      ['', 'all difficulties'],
      ['easy', 'easy'],
      ['medium', 'medium'],
      ['hard', 'hard'],
    ]),
    select('final', [
      ['', 'final: any'],
      ['true', 'final right'],
      ['false', 'final wrong'],
      ['null', 'unchecked'],
    ]),
    h('span', {}, 'score ', num('min'), '–', num('max')),
    select('sort', [
      ['index', 'file order'],
      ['score-asc', 'score ↑'],
      ['score-desc', 'score ↓'],
      ['problem', 'problem id'],
    ]),
    search,
    h('span', { id: 'count', class: 'muted' }, `${visible.length} / ${run.items.length}`),
  );
  const inner = h('div', { class: 'vinner', style: `height:${visible.length * ROW_H}px` });
  const scroller = h('div', { class: 'vscroll', id: 'list', tabindex: 0 }, inner);
  const draw = () => {
    const top = scroller.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_H) - 5);
    const last = Math.min(visible.length, first + Math.ceil((scroller.clientHeight || 600) / ROW_H) + 10);
    inner.replaceChildren();
    for (let k = first; k < last; k++) {
      const it = visible[k]!;
      const row = h(
        'div',
        { class: `row${it.i === selected ? ' sel' : ''}`, style: `top:${k * ROW_H}px`, 'data-i': it.i },
        h(
          'span',
          { class: 'pid' },
          it.response_id ?? `${it.problem_id}${it.sample === undefined ? '' : `#${it.sample}`}`,
        ),
        h(
          'span',
          { class: `fa fa-${String(it.final)}` },
          it.final === true ? '✓' : it.final === false ? '✗' : '·',
        ),
        h('span', { class: 'sc' }, it.step_score.toFixed(2)),
        h('span', { class: 'bar' }, h('i', { style: `width:${(100 * it.step_score).toFixed(0)}%` })),
      );
      row.addEventListener('click', () => onOpen(it));
      inner.append(row);
    }
  };
  scroller.addEventListener('scroll', () => requestAnimationFrame(draw));
  requestAnimationFrame(() => {
    const k = visible.findIndex((v) => v.i === selected);
    if (
      k >= 0 &&
      (k * ROW_H < scroller.scrollTop || k * ROW_H > scroller.scrollTop + scroller.clientHeight - ROW_H)
    )
      scroller.scrollTop = Math.max(0, k * ROW_H - scroller.clientHeight / 2);
    draw();
  });
  draw();
  return { el: h('div', { class: 'browse-list' }, bar, scroller), visible };
}
