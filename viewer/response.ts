import type {
  ViewerDetail,
  ViewerInstance,
  ViewerItem,
  ViewerProblem,
  ViewerTranscriptCall,
} from '../src/viewer/viewer-data.js';
import { h, s, tex } from './dom.js';

const NODE_W = 210;
const NODE_H = 62;
const GAP_X = 26;
const GAP_Y = 46;

/** Positions nodes by layer (rows), ordering each layer by the mean position of its parents. */
export function layout(p: ViewerProblem): {
  pos: Map<number, { x: number; y: number }>;
  width: number;
  height: number;
} {
  const layers = new Map<number, ViewerProblem['nodes'][number][]>();
  for (const n of p.nodes) layers.set(n.layer, [...(layers.get(n.layer) ?? []), n]);
  const order = new Map<number, number>();
  const depth = Math.max(1, ...layers.keys());
  const widest = Math.max(1, ...[...layers.values()].map((l) => l.length));
  const width = widest * (NODE_W + GAP_X);
  const pos = new Map<number, { x: number; y: number }>();
  for (let L = 1; L <= depth; L++) {
    const nodes = layers.get(L) ?? [];
    const key = (n: (typeof nodes)[number]) => {
      const ps = n.deps.map((d) => order.get(d)).filter((v): v is number => v !== undefined);
      return ps.length === 0 ? n.index : ps.reduce((a, b) => a + b, 0) / ps.length;
    };
    nodes.sort((a, b) => key(a) - key(b) || a.index - b.index);
    const offset = (width - nodes.length * (NODE_W + GAP_X)) / 2;
    nodes.forEach((n, k) => {
      const x = offset + k * (NODE_W + GAP_X) + GAP_X / 2;
      order.set(n.index, x);
      pos.set(n.index, { x, y: (L - 1) * (NODE_H + GAP_Y) + 8 });
    });
  }
  return { pos, width, height: depth * (NODE_H + GAP_Y) };
}

interface Block {
  start: number;
  end: number;
  body: string;
  display: boolean;
}

function mathBlocks(text: string): Block[] {
  const re = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|\$([^$\n]+?)\$/g;
  const out: Block[] = [];
  for (const m of text.matchAll(re)) {
    const body = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    out.push({
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      body,
      display: m[1] !== undefined || m[2] !== undefined,
    });
  }
  return out;
}

function prose(text: string): Node[] {
  const out: Node[] = [];
  text.split(/(\*\*[^*]+\*\*|\n)/).forEach((part) => {
    if (part === '\n') out.push(h('br'));
    else if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      out.push(h('b', {}, part.slice(2, -2)));
    else if (part !== '') out.push(document.createTextNode(part.replace(/^#+ /gm, '')));
  });
  return out;
}

/**
 * Text with `$…$`, `$$…$$`, `\(…\)`, `\[…\]` math rendered by KaTeX (no `trust`: no links, no
 * HTML, no styles from the text) and the rest as text nodes: dataset and model text never becomes
 * markup.
 */
export function richText(text: string): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const b of mathBlocks(text)) {
    out.push(...prose(text.slice(at, b.start)));
    out.push(tex(b.body, b.display));
    at = b.end;
  }
  out.push(...prose(text.slice(at)));
  return out;
}

/** `1.23e-4` as `+0.012 %`-style text: the sign kept, three significant figures. */
export function formatRelativeError(r: number): string {
  const pc = 100 * r;
  const body =
    Math.abs(pc) >= 0.001 || pc === 0 ? Math.abs(pc).toPrecision(3) : Math.abs(pc).toExponential(2);
  return `${pc < 0 ? '−' : pc > 0 ? '+' : '±'}${body} %`;
}

/** The problem / response view: verdict, answer with linked formulas, the DAG and the node panel. */
export function responseView(item: ViewerItem, problem: ViewerProblem, d: ViewerDetail): HTMLElement {
  const status = new Map(d.nodes.map((n) => [n.index, n]));
  const panel = h(
    'div',
    { class: 'panel', id: 'panel' },
    h('p', { class: 'muted' }, 'Click a node of the DAG or a highlighted formula.'),
  );
  const nodeEls = new Map<number, HTMLElement>();
  const formulaEls = new Map<number, HTMLElement[]>();
  const clearHl = () => {
    for (const el of nodeEls.values()) el.classList.remove('hl');
    for (const els of formulaEls.values()) for (const el of els) el.classList.remove('hl');
  };
  const fLabel = (k: number) => {
    const f = d.formulas[k];
    return f === undefined
      ? h('span', {}, `#${k}`)
      : h('span', { class: 'fref' }, h('small', {}, `#${k} `), tex(f.latex));
  };
  const showNode = (index: number) => {
    clearHl();
    nodeEls.get(index)?.classList.add('hl');
    const node = problem.nodes[index - 1];
    const st = status.get(index);
    const body: (Node | null)[] = [
      h(
        'h4',
        {},
        `Node ${index} · ${st?.status ?? 'unknown'}${st?.given === true ? ' · given' : ''}${node?.final ? ' · final answer' : ''}`,
      ),
      st?.given === true
        ? h(
            'p',
            { class: 'muted' },
            'Given: the problem itself states this formula, so repeating it earns nothing and credits none of its ancestors (the paper policy counts it).',
          )
        : null,
      node === undefined ? null : tex(node.formula, true),
      node === undefined || node.deps.length === 0
        ? null
        : h('p', { class: 'muted' }, `depends on ${node.deps.join(', ')}`),
    ];
    if (st?.status === 'matched') {
      body.push(h('h5', {}, 'Matched by answer formulas'));
      for (const k of st.matched_by ?? []) {
        body.push(h('div', { class: 'ev' }, fLabel(k)));
        for (const el of formulaEls.get(k) ?? []) el.classList.add('hl');
      }
    } else if (st?.status === 'ancestor') {
      body.push(
        h('p', {}, 'Credited as an ancestor of a matched node (no answer formula matched it directly).'),
      );
    } else if (st?.status === 'missed') {
      const ev = d.evidence[String(index)] ?? [];
      body.push(
        h(
          'h5',
          {},
          ev.length === 0
            ? 'No answer formula shares a variable with this node.'
            : 'Closest answer formulas (most shared variables) and the equivalence evidence',
        ),
      );
      for (const e of ev) {
        for (const el of formulaEls.get(e.formula) ?? []) el.classList.add('hl');
        body.push(
          h(
            'div',
            { class: 'ev evidence' },
            fLabel(e.formula),
            h(
              'div',
              {},
              h('b', {}, `verdict: ${e.verdict}`),
              ` · shared: ${e.shared_variables.join(', ')} · trials equal ${e.n_eq}, rejecting ${e.n_neq}, failed ${e.n_fail}${e.shortcut ? ` · shortcut ${e.shortcut}` : ''}`,
            ),
            e.canonical_answer === undefined
              ? null
              : h('div', { class: 'canon' }, 'answer (canonical): ', h('code', {}, e.canonical_answer)),
            e.canonical_node === undefined
              ? null
              : h('div', { class: 'canon' }, 'node (canonical): ', h('code', {}, e.canonical_node)),
            e.counterexample === undefined
              ? null
              : h(
                  'details',
                  { open: true },
                  h('summary', {}, 'counterexample (first rejecting trial)'),
                  counterexampleTable(e.counterexample),
                ),
            ...e.diagnostics.map((m) => h('div', { class: 'diag' }, m)),
          ),
        );
      }
    }
    panel.replaceChildren(...body.filter((b): b is Node => b !== null));
  };
  const showFormula = (ks: number[]) => {
    clearHl();
    const body: Node[] = [h('h4', {}, 'Answer formula(s)')];
    for (const k of ks) {
      const f = d.formulas[k];
      if (f === undefined) continue;
      for (const el of formulaEls.get(k) ?? []) el.classList.add('hl');
      for (const n of f.matches) nodeEls.get(n)?.classList.add('hl');
      body.push(
        h(
          'div',
          { class: 'ev' },
          fLabel(k),
          h(
            'div',
            { class: 'muted' },
            f.matches.length > 0
              ? `matched node(s) ${f.matches.join(', ')}`
              : f.prepared
                ? 'matched no node'
                : 'could not be prepared (not compared)',
          ),
        ),
      );
    }
    panel.replaceChildren(...body);
  };

  // DAG
  const { pos, width, height } = layout(problem);
  const svg = s('svg', { width, height, class: 'edges' });
  for (const n of problem.nodes) {
    const to = pos.get(n.index)!;
    for (const dep of n.deps) {
      const from = pos.get(dep);
      if (from === undefined) continue;
      const x1 = from.x + NODE_W / 2;
      const y1 = from.y + NODE_H;
      const x2 = to.x + NODE_W / 2;
      const y2 = to.y;
      svg.append(
        s('path', {
          d: `M${x1},${y1} C${x1},${(y1 + y2) / 2} ${x2},${(y1 + y2) / 2} ${x2},${y2 - 4}`,
          class: 'edge',
          'marker-end': 'url(#arrow)',
        }),
      );
    }
  }
  svg.prepend(
    s(
      'defs',
      {},
      s(
        'marker',
        {
          id: 'arrow',
          viewBox: '0 0 10 10',
          refX: 5,
          refY: 5,
          markerWidth: 6,
          markerHeight: 6,
          orient: 'auto-start-reverse',
        },
        s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }),
      ),
    ),
  );
  const dag = h('div', { class: 'dag', style: `width:${width}px;height:${height}px` }, svg);
  for (const n of problem.nodes) {
    const p = pos.get(n.index)!;
    const st = status.get(n.index)?.status ?? 'missed';
    const given = status.get(n.index)?.given === true;
    const el = h(
      'div',
      {
        class: `node ${st}${n.final ? ' final' : ''}${given ? ' given' : ''}`,
        style: `left:${p.x}px;top:${p.y}px;width:${NODE_W}px;height:${NODE_H}px`,
        'data-node': n.index,
        title: `node ${n.index}: ${st}${given ? ' (given by the problem: earns nothing)' : ''}`,
      },
      h('span', { class: 'nidx' }, String(n.index)),
      tex(n.formula),
    );
    el.addEventListener('click', () => showNode(n.index));
    nodeEls.set(n.index, el);
    dag.append(el);
  }

  // Answer
  const answer = h('div', { class: 'answer', id: 'answer' });
  if (d.response === null) {
    answer.append(h('p', { class: 'muted' }, 'Response text not available; the extracted formulas:'));
    d.formulas.forEach((f, k) => {
      const el = h(
        'div',
        { class: `formula${f.matches.length > 0 ? ' matched' : ''}`, 'data-f': k },
        tex(f.latex),
      );
      formulaEls.set(k, [el]);
      el.addEventListener('click', () => showFormula([k]));
      answer.append(el);
    });
  } else {
    const text = d.response;
    let at = 0;
    for (const b of mathBlocks(text)) {
      answer.append(...prose(text.slice(at, b.start)));
      const ks = d.formulas
        .map((f, k) => ({ f, k }))
        .filter(({ f }) => f.offset >= b.start && f.offset < b.end)
        .map(({ k }) => k);
      const matched = ks.some((k) => (d.formulas[k]?.matches.length ?? 0) > 0);
      const el = tex(
        b.body,
        b.display,
        `formula${ks.length > 0 ? ' extracted' : ''}${matched ? ' matched' : ''}`,
      );
      el.setAttribute('data-f', ks.join(','));
      if (ks.length > 0) el.addEventListener('click', () => showFormula(ks));
      for (const k of ks) formulaEls.set(k, [...(formulaEls.get(k) ?? []), el]);
      answer.append(el);
      at = b.end;
    }
    answer.append(...prose(text.slice(at)));
  }

  const fa = d.final_answer as {
    nodes?: unknown;
    explicit?: unknown;
    answers?: { expected: string; form: string; correct: boolean; by?: string }[];
  } | null;
  const verdict = h(
    'div',
    { class: 'verdict' },
    h(
      'span',
      { class: `badge fa-${String(item.final)}` },
      item.final === true
        ? 'final answer ✓'
        : item.final === false
          ? 'final answer ✗'
          : 'final answer not checked',
    ),
    h(
      'span',
      { class: 'badge' },
      `step score ${item.step_score.toFixed(3)} (${item.matched} matched of ${item.nodes})`,
    ),
    fa === null
      ? null
      : h(
          'span',
          { class: 'muted' },
          ` final nodes matched: ${String(fa.nodes)} · explicit check: ${String(fa.explicit)}`,
        ),
    ...(fa?.answers ?? []).map((a, k) => {
      const rel = d.relative_errors?.[k];
      return h(
        'div',
        { class: 'fa-row', 'data-answer': k },
        `expected (${a.form}) `,
        tex(a.expected),
        a.correct ? ` ✓ by ` : rel ? ' ✗ the answer states ' : ' ✗ no candidate matched',
        a.by === undefined ? (rel ? tex(rel.got) : null) : tex(a.by),
        rel
          ? h(
              'span',
              { class: `relerr ${a.correct ? 'ok' : 'bad'}`, 'data-relerr': rel.relative_error },
              ` relative error ${formatRelativeError(rel.relative_error)}`,
            )
          : null,
      );
    }),
  );
  const extras = h(
    'div',
    {},
    d.dropped.length === 0
      ? null
      : h(
          'details',
          {},
          h('summary', {}, `Dropped fragments (${d.dropped.length})`),
          h('pre', {}, d.dropped.map((x) => JSON.stringify(x)).join('\n')),
        ),
    d.diagnostics.length === 0
      ? null
      : h(
          'details',
          {},
          h('summary', {}, `Diagnostics (${d.diagnostics.length})`),
          h('pre', {}, d.diagnostics.map((x) => JSON.stringify(x)).join('\n')),
        ),
    d.judge === undefined ? null : judgePanel(d.judge),
    d.transcript === undefined || d.transcript.length === 0 ? null : transcriptPanel(d.transcript),
  );
  return h(
    'section',
    { class: 'response', id: 'response' },
    h(
      'h2',
      {},
      `${item.response_id ?? item.problem_id}`,
      h('small', { class: 'muted' }, ` · ${problem.id} · ${problem.domain} · ${problem.difficulty}`),
    ),
    verdict,
    h(
      'details',
      { open: true, id: 'problem' },
      h('summary', {}, 'Problem'),
      h('div', { class: 'context' }, ...richText(problem.context)),
      ...(problem.subquestions ?? []).map((q) =>
        h('div', { class: 'subq' }, h('b', {}, `(${q.letter}) `), ...richText(q.text)),
      ),
    ),
    d.instance === undefined ? null : instancePanel(d.instance, fa?.answers ?? [], d.relative_errors),
    h(
      'div',
      { class: 'legend' },
      h('span', { class: 'lg matched' }, 'matched'),
      h('span', { class: 'lg ancestor' }, 'credited as ancestor'),
      h('span', { class: 'lg missed' }, 'missed'),
      h('span', { class: 'lg given' }, 'given by the problem (earns nothing)'),
    ),
    h('div', { class: 'dagwrap' }, dag, panel),
    h('h3', {}, 'Answer'),
    answer,
    extras,
  );
}

const fmtNumber = (v: unknown): string =>
  typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toPrecision(6)) : JSON.stringify(v);
const fmtSet = (v: unknown): string =>
  Array.isArray(v)
    ? v.length === 0
      ? '∅ (no solution)'
      : `{ ${v.map(fmtNumber).join(', ')} }`
    : fmtNumber(v);

/**
 * A rejecting trial as a table (not JSON): the quantity solved for, the values drawn for the other
 * variables, and both formulas' solution sets there. Keys are snake_case (older reports: camelCase).
 */
export function counterexampleTable(trial: unknown): HTMLElement {
  const t = (typeof trial === 'object' && trial !== null ? trial : {}) as Record<string, unknown>;
  const assignment = (t.assignment ?? {}) as Record<string, unknown>;
  const rows: [string, string][] = [
    ['solved for', String(t.target ?? '—')],
    ...Object.entries(assignment).map(([k, v]): [string, string] => [`${k} =`, fmtNumber(v)]),
    ['answer gives', fmtSet(t.solutions_a ?? t.solutionsA)],
    ['node gives', fmtSet(t.solutions_b ?? t.solutionsB)],
    ['outcome', String(t.outcome ?? '—')],
  ];
  return h(
    'table',
    { class: 'counterexample' },
    h('tbody', {}, ...rows.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v)))),
  );
}

/**
 * The LLM judges' verdicts on this answer (`prism judge`), one block per rubric: PPS with its six
 * criteria, the binary verdict, the per-step verdicts; a failed judgement with its reason.
 */
export function judgePanel(judge: unknown): HTMLElement {
  const byRubric = (typeof judge === 'object' && judge !== null ? judge : {}) as Record<
    string,
    Record<string, unknown>
  >;
  const blocks: HTMLElement[] = [];
  for (const rubric of ['pps', 'binary', 'steps']) {
    const j = byRubric[rubric];
    if (j === undefined) continue;
    const by = typeof j.judge_model === 'string' ? ` · judged by ${j.judge_model}` : '';
    const head = h(
      'h4',
      {},
      `${rubric === 'pps' ? 'PPS' : rubric === 'binary' ? 'Binary' : 'Per step'}${by}`,
    );
    if (j.ok !== true) {
      const e = (j.error ?? {}) as { code?: string; message?: string };
      blocks.push(
        h(
          'div',
          { class: 'judge', 'data-rubric': rubric },
          head,
          h('div', { class: 'diag' }, `judge failed: ${e.code ?? '?'}: ${e.message ?? ''}`),
        ),
      );
      continue;
    }
    let body: HTMLElement;
    if (rubric === 'pps') {
      const scores = (j.scores ?? {}) as Record<string, number>;
      body = h(
        'table',
        { class: 'num' },
        h(
          'tbody',
          {},
          h(
            'tr',
            {},
            h('th', {}, 'PPS'),
            h('td', { 'data-judge': 'pps' }, typeof j.pps === 'number' ? j.pps.toFixed(1) : '—'),
          ),
          ...Object.entries(scores).map(([c, v]) =>
            h('tr', {}, h('th', {}, c.replace(/_/g, ' ')), h('td', {}, `${v} / 5`)),
          ),
        ),
      );
    } else if (rubric === 'binary') {
      body = h('div', { 'data-judge': 'binary' }, j.score === 1 ? 'correct (1)' : 'wrong (0)');
    } else {
      const steps = Array.isArray(j.steps) ? (j.steps as boolean[]) : [];
      body = h(
        'div',
        {},
        h(
          'div',
          { 'data-judge': 'steps' },
          `${steps.filter(Boolean).length} of ${steps.length} steps correct (score ${typeof j.score === 'number' ? j.score.toFixed(2) : '—'})`,
        ),
        h(
          'ol',
          {},
          ...steps.map((ok) => h('li', { class: ok ? 'ok' : 'bad' }, ok ? '✓ correct' : '✗ wrong')),
        ),
      );
    }
    blocks.push(h('div', { class: 'judge', 'data-rubric': rubric }, head, body));
  }
  return h('details', { open: true, id: 'judge' }, h('summary', {}, 'LLM judges'), ...blocks);
}

const STEP_TITLES: Record<string, string> = {
  solve: 'Solver: first solution',
  refine: 'Solver: answers again (self-refine)',
  review: 'Reviewer: lists mistakes',
  verify: 'Verifier: scores and mistakes',
  meta: 'Meta-verifier: filters the mistakes',
  revise: 'Solver: revises after feedback',
};

function stepTitle(c: ViewerTranscriptCall): string {
  // `verify-1-2`: the verifier step, round 1, verifier 2.
  const [base = c.step, ...numbers] = c.step.split('-');
  const title = STEP_TITLES[base];
  return title === undefined ? c.step : [title, ...numbers].join(' · ');
}

/** A review's parsed reply as a list (mistakes) and a table (scores), not JSON. */
function parsedView(parsed: unknown): HTMLElement | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  // A reviewer's or meta-verifier's reply is its list of mistakes; a verifier's, scores and mistakes.
  const p = (Array.isArray(parsed) ? { mistakes: parsed } : parsed) as Record<string, unknown>;
  const parts: Node[] = [];
  if (Array.isArray(p.mistakes))
    parts.push(
      p.mistakes.length === 0
        ? h('div', { class: 'muted' }, 'no mistakes listed')
        : h(
            'ol',
            { class: 'mistakes' },
            ...p.mistakes.map((m) => h('li', {}, ...richText(typeof m === 'string' ? m : JSON.stringify(m)))),
          ),
    );
  const scores = p.scores;
  if (typeof scores === 'object' && scores !== null && !Array.isArray(scores))
    parts.push(
      h(
        'table',
        { class: 'num scores' },
        h(
          'tbody',
          {},
          ...Object.entries(scores as Record<string, unknown>).map(([k, v]) =>
            h('tr', {}, h('th', {}, k.replace(/_/g, ' ')), h('td', {}, `${String(v)} / 5`)),
          ),
        ),
      ),
    );
  for (const [k, v] of Object.entries(p))
    if (
      k !== 'mistakes' &&
      k !== 'scores' &&
      (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
    )
      parts.push(h('div', { class: 'muted' }, `${k.replace(/_/g, ' ')}: ${String(v)}`));
  return parts.length === 0 ? null : h('div', { class: 'parsed' }, ...parts);
}

/**
 * The technique's calls as a conversation: each step with who spoke (role, model), the turn it was
 * given (prompt or feedback, folded) and the reply with its math; reviews as mistake lists and
 * score tables.
 */
export function transcriptPanel(calls: readonly ViewerTranscriptCall[]): HTMLElement {
  const total = calls.reduce((t, c) => t + c.latency_ms, 0);
  return h(
    'details',
    { open: true, id: 'transcript' },
    h(
      'summary',
      {},
      `Technique transcript (${calls.length} call${calls.length === 1 ? '' : 's'}, ${(total / 1000).toFixed(1)} s)`,
    ),
    ...calls.map((c) =>
      h(
        'div',
        { class: `turn role-${c.role.replace(/[^a-z_-]/gi, '')}`, 'data-step': c.step },
        h(
          'h4',
          {},
          stepTitle(c),
          h(
            'small',
            { class: 'muted' },
            ` · ${c.role} · ${c.model} · ${(c.latency_ms / 1000).toFixed(1)} s · ${c.tokens} tokens${c.cached ? ' · cached' : ''}${c.turns > 2 ? ' · same chat' : ''}`,
          ),
        ),
        h('details', { class: 'prompt' }, h('summary', {}, 'prompt'), h('div', {}, ...richText(c.prompt))),
        c.error === undefined ? null : h('div', { class: 'diag' }, `call failed: ${c.error}`),
        c.response === null ? null : h('div', { class: 'reply' }, ...richText(c.response)),
        c.parse_error === undefined
          ? null
          : h('div', { class: 'diag' }, `unreadable reply: ${c.parse_error}`),
        parsedView(c.parsed),
      ),
    ),
  );
}

const fmtValue = (v: number): string =>
  Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6 ? String(Number(v.toPrecision(6))) : v.toExponential(4);

/**
 * A PRiSM instance: the values drawn for its parameters, the ground truth computed from the DAG at
 * those values, and the answer's verdict (with its relative error) per stated answer.
 */
export function instancePanel(
  inst: ViewerInstance,
  answers: readonly { expected: string; correct: boolean }[],
  errors: ViewerDetail['relative_errors'],
): HTMLElement {
  return h(
    'details',
    { open: true, id: 'instance' },
    h('summary', {}, `PRiSM instance ${inst.instance} of ${inst.instance_of}`),
    h(
      'table',
      { class: 'num params' },
      h('thead', {}, h('tr', {}, h('th', {}, 'parameter'), h('th', {}, 'value drawn'))),
      h(
        'tbody',
        {},
        ...Object.entries(inst.parameter_values).map(([k, v]) =>
          h('tr', { 'data-param': k }, h('th', {}, k), h('td', {}, fmtValue(v))),
        ),
      ),
    ),
    h(
      'table',
      { class: 'num truth' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['quantity', 'ground truth (computed)', 'SI value', 'verdict', 'relative error'].map((t) =>
            h('th', {}, t),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...inst.ground_truth.map((g, i) => {
          // The instance's final answers are its ground truth rewritten: pair them by text.
          const found = answers.findIndex((x) => x.expected === g.latex);
          const k = found < 0 ? i : found;
          const a = answers[k];
          const rel = errors?.[k];
          return h(
            'tr',
            { 'data-truth': k },
            h('td', {}, tex(g.quantity)),
            h('td', {}, tex(g.latex)),
            h('td', {}, fmtValue(g.value_si)),
            h(
              'td',
              { class: a?.correct ? 'ok' : 'bad' },
              a === undefined ? '—' : a.correct ? '✓ right' : '✗ wrong',
            ),
            h('td', {}, rel ? formatRelativeError(rel.relative_error) : '—'),
          );
        }),
      ),
    ),
  );
}
