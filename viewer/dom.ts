import katex from 'katex';

/** Creates an element with attributes and children. */
export function h(
  tag: string,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element. */
export function s(tag: string, attrs: Record<string, string | number> = {}, ...children: Node[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** Strips `$$…$$`, `\[…\]`, `$…$` wrappers. */
export function stripMath(latex: string): string {
  const t = latex.trim();
  for (const [a, b] of [
    ['$$', '$$'],
    ['\\[', '\\]'],
    ['\\(', '\\)'],
    ['$', '$'],
  ] as const) {
    if (t.startsWith(a) && t.endsWith(b) && t.length >= a.length + b.length)
      return t.slice(a.length, t.length - b.length).trim();
  }
  return t;
}

/** KaTeX rendering into an element; a formula KaTeX cannot parse is shown as source. */
export function tex(latex: string, display = false, cls = 'tex'): HTMLElement {
  const el = h(display ? 'div' : 'span', { class: cls });
  try {
    katex.render(stripMath(latex), el, {
      throwOnError: false,
      displayMode: display,
      strict: 'ignore',
      output: 'html',
    });
  } catch {
    el.textContent = latex;
  }
  return el;
}

/** Formats a fraction in [0, 1] as a percentage with one decimal; `—` for null. */
export function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : (100 * v).toFixed(1);
}

/** Formats seconds; `—` for null. */
export function secs(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : v.toFixed(1);
}
