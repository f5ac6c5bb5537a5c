/** Strips a source's math delimiters (`$…$`, `$$…$$`, `\[…\]`, `\(…\)`) and outer whitespace. */
export function stripDelimiters(text: string): string {
  let t = text.trim();
  for (;;) {
    const before = t;
    if (t.startsWith('$$') && t.endsWith('$$') && t.length >= 4) t = t.slice(2, -2).trim();
    else if (t.startsWith('$') && t.endsWith('$') && t.length >= 2) t = t.slice(1, -1).trim();
    else if (t.startsWith('\\[') && t.endsWith('\\]')) t = t.slice(2, -2).trim();
    else if (t.startsWith('\\(') && t.endsWith('\\)')) t = t.slice(2, -2).trim();
    if (t === before) return t;
  }
}

/**
 * Splits an answer string that lists several answers (`$a$ , $b$`) into its items; a single answer
 * (even one with commas inside, like `f(x, y)`) stays whole.
 */
export function splitAnswerList(text: string, several = false): string[] {
  const items = [...text.matchAll(/\$([^$]+)\$/g)].map((m) => (m[1] ?? '').trim());
  const between = text.replace(/\$[^$]+\$/g, '').replace(/[\s,;]|and/g, '');
  if (items.length > 1 && between === '') return items;
  const whole = stripDelimiters(text.replace(/\$/g, ' ').trim());
  return several ? topLevelCommaItems(whole) : [whole];
}

/** `a, b` → [`a`, `b`]; commas inside braces, brackets or parentheses do not split. */
function topLevelCommaItems(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0 && text[i - 1] !== '\\') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  const items = out.map((x) => x.replace(/^\s*(\\quad|\\qquad)?\s*/, '').trim()).filter((x) => x !== '');
  return items.length === 0 ? [text] : items;
}

/**
 * A source's unit text as LaTeX for our unit reader: `$\mathrm{~m} / \mathrm{s}$` → `\mathrm{m} /
 * \mathrm{s}`, `m/s` → `\mathrm{m/s}`, `$^{\circ}$` → `^{\circ}`. Words that are not units
 * (`percent`, `times`) give undefined: the caller keeps them as instructions.
 */
export function unitLatex(unit: string | null | undefined): string | undefined {
  if (unit === null || unit === undefined) return undefined;
  const t = stripDelimiters(unit.replace(/^\s*,/, '')).replace(/~/g, '').trim();
  if (t === '') return undefined;
  if (/^(percent|%|times|seconds)$/i.test(t)) return undefined;
  if (t.includes('\\')) return t;
  if (/^[A-Za-zΩμÅ°/·*^{}()\-0-9 ]+$/.test(t)) return `\\mathrm{${t}}`;
  return undefined;
}

/** Significant figures written in a decimal number (`0.0660` → 3, `2.47` → 3, `1200` → 2). */
export function writtenFigures(number: string): number | undefined {
  const m = /^[-+]?(\d*)(?:\.(\d*))?(?:[eE][-+]?\d+)?$/.exec(number.trim());
  if (m === null) return undefined;
  const whole = m[1] ?? '';
  const frac = m[2];
  const digits = `${whole}${frac ?? ''}`.replace(/^0+/, '');
  if (digits === '') return undefined;
  return frac === undefined ? digits.replace(/0+$/, '').length || 1 : digits.length;
}
