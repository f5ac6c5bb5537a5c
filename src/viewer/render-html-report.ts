import type { ViewerData, ViewerDetail } from './viewer-data.js';

/** Makes JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * One self-contained HTML page: the app's CSS (KaTeX fonts inlined) and JS, the payload, and each
 * response's detail in its own inert JSON script element (parsed only when opened).
 */
export function renderHtmlReport(input: {
  readonly data: ViewerData;
  readonly details: readonly (readonly ViewerDetail[])[];
  readonly appJs: string;
  readonly appCss: string;
  readonly title: string;
}): string {
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    // No network at all: the page may load nothing but itself and data: URLs.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; font-src data:; img-src data:">`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<style>${input.appCss.replace(/<\/style/gi, '<\\/style')}</style></head><body><div id="app"></div>`,
    `<script type="application/json" id="prism-data">${scriptSafeJson(input.data)}</script>`,
  ];
  input.details.forEach((run, r) => {
    run.forEach((detail, i) => {
      parts.push(`<script type="application/json" id="d-${r}-${i}">${scriptSafeJson(detail)}</script>`);
    });
  });
  parts.push(`<script>${input.appJs.replace(/<\/script/gi, '<\\/script')}</script></body></html>\n`);
  return parts.join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The app without data, for `prism view`: it fetches `api/data` and `api/detail/R/I` from its server. */
export function renderAppShell(input: {
  readonly appJs: string;
  readonly appCss: string;
  readonly title: string;
}): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; font-src data:; img-src data:">`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<style>${input.appCss.replace(/<\/style/gi, '<\\/style')}</style></head><body><div id="app"></div>`,
    `<script>${input.appJs.replace(/<\/script/gi, '<\\/script')}</script></body></html>\n`,
  ].join('');
}
