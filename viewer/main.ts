import type { ViewerData, ViewerDetail, ViewerItem } from '../src/viewer/viewer-data.js';
import { browseList, defaultFilters, type Filters } from './browse.js';
import { compareView } from './compare.js';
import { h } from './dom.js';
import { overviewView } from './overview.js';
import { responseView } from './response.js';

/** Where data comes from: embedded in the page (HTML report) or a `prism view` server. */
interface Source {
  data: ViewerData;
  detail(run: number, i: number): Promise<ViewerDetail>;
}

async function openSource(): Promise<Source> {
  const embedded = document.getElementById('prism-data');
  if (embedded !== null) {
    const data = JSON.parse(embedded.textContent ?? '{}') as ViewerData;
    return {
      data,
      detail: async (r, i) =>
        JSON.parse(document.getElementById(`d-${r}-${i}`)?.textContent ?? 'null') as ViewerDetail,
    };
  }
  const data = (await (await fetch('api/data')).json()) as ViewerData;
  return {
    data,
    detail: async (r, i) => (await (await fetch(`api/detail/${r}/${i}`)).json()) as ViewerDetail,
  };
}

const state: {
  run: number;
  view: 'overview' | 'browse' | 'compare';
  selected: number | undefined;
  filters: Filters;
} = {
  run: 0,
  view: 'overview',
  selected: undefined,
  filters: defaultFilters(),
};
let source: Source;
let visible: ViewerItem[] = [];

function readHash(): void {
  const m = /^#\/(overview|browse|compare)\/(\d+)(?:\/(\d+))?/.exec(location.hash);
  if (m === null) return;
  state.view = m[1] as 'overview' | 'browse' | 'compare';
  state.run = Math.min(Number(m[2]), source.data.runs.length - 1);
  state.selected = m[3] === undefined ? undefined : Number(m[3]);
}

function go(view: 'overview' | 'browse' | 'compare', selected?: number): void {
  location.hash = `#/${view}/${state.run}${selected === undefined ? '' : `/${selected}`}`;
}

async function openResponse(pane: HTMLElement, runIndex: number, item: ViewerItem): Promise<void> {
  const t0 = performance.now();
  const problem = source.data.problems[item.problem_id];
  const detail = await source.detail(runIndex, item.i);
  if (problem === undefined || detail === null) {
    pane.replaceChildren(h('p', {}, 'No detail for this response.'));
    return;
  }
  pane.replaceChildren(responseView(item, problem, detail));
  pane.scrollTop = 0;
  document.body.dataset.openMs = (performance.now() - t0).toFixed(1);
}

function render(): void {
  const app = document.getElementById('app')!;
  const run = source.data.runs[state.run];
  if (run === undefined) {
    app.replaceChildren(h('p', {}, 'No runs.'));
    return;
  }
  const runPicker =
    source.data.runs.length < 2
      ? null
      : (() => {
          const sel = h(
            'select',
            { id: 'run' },
            ...source.data.runs.map((r, k) => h('option', { value: k, selected: k === state.run }, r.name)),
          ) as HTMLSelectElement;
          sel.addEventListener('change', () => {
            state.run = Number(sel.value);
            go(state.view);
          });
          return sel;
        })();
  const nav = h(
    'header',
    {},
    h('b', {}, 'PRISM viewer'),
    h(
      'a',
      { href: `#/overview/${state.run}`, class: state.view === 'overview' ? 'on' : '', id: 'nav-overview' },
      'Overview',
    ),
    h(
      'a',
      { href: `#/browse/${state.run}`, class: state.view === 'browse' ? 'on' : '', id: 'nav-browse' },
      'Browse',
    ),
    source.data.compare === undefined
      ? null
      : h(
          'a',
          { href: `#/compare/${state.run}`, class: state.view === 'compare' ? 'on' : '', id: 'nav-compare' },
          'Compare',
        ),
    runPicker,
    h('span', { class: 'muted' }, 'j/k: next/previous response'),
  );
  if (state.view === 'compare') {
    app.replaceChildren(nav, h('main', {}, compareView(source.data)));
    return;
  }
  if (state.view === 'overview') {
    app.replaceChildren(nav, h('main', {}, overviewView(run, source.data)));
    return;
  }
  const focused = document.activeElement?.id;
  const pane = h(
    'div',
    { class: 'pane', id: 'pane' },
    h('p', { class: 'muted' }, 'Pick a response (click, or j/k).'),
  );
  const list = browseList(run, state.filters, state.selected, render, (it) => go('browse', it.i));
  visible = list.visible;
  app.replaceChildren(nav, h('main', { class: 'split' }, list.el, pane));
  if (focused !== undefined && focused !== '') document.getElementById(focused)?.focus();
  const item = state.selected === undefined ? undefined : run.items[state.selected];
  if (item !== undefined) void openResponse(pane, state.run, item);
}

document.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement;
  if (target.tagName === 'INPUT' || target.tagName === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key !== 'j' && e.key !== 'k') return;
  if (visible.length === 0) return;
  // The hash may have moved ahead of the last render (a key pressed before its hashchange event ran):
  // step from where the address is, not from the state drawn last.
  readHash();
  const k = visible.findIndex((v) => v.i === state.selected);
  const next = k < 0 ? 0 : Math.max(0, Math.min(visible.length - 1, k + (e.key === 'j' ? 1 : -1)));
  go('browse', visible[next]!.i);
});

window.addEventListener('hashchange', () => {
  readHash();
  render();
});

void openSource().then((s) => {
  source = s;
  readHash();
  render();
  document.body.dataset.readyMs = performance.now().toFixed(0);
  document.body.dataset.ready = '1';
});
