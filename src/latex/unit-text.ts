import { isIgnorable, type Parser } from './parser.js';

/** Unit symbols written as commands, by command name. */
export const UNIT_SYMBOLS: Readonly<Record<string, string>> = {
  mu: 'µ',
  Omega: 'Ω',
  circ: '°',
  degree: '°',
  AA: 'Å',
  '%': '%',
  ohm: 'Ω',
};

/**
 * The canonical unit text of tokens `[start, end)` inside an upright font group, or `undefined` when
 * they are not unit-like: `~m` → `m`, `m\,s^{-1}` → `m.s^{-1}`, `kg\cdot m^2/s` → `kg.m^{2}/s`,
 * `\mu m` → `µm`, `\Omega` → `Ω`.
 */
export function unitTextOf(p: Parser, start: number, end: number): string | undefined {
  let text = '';
  let gap = false;
  for (let k = start; k < end; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'letter' || (t.kind === 'cmd' && UNIT_SYMBOLS[t.value] !== undefined)) {
      const piece = t.kind === 'letter' ? t.value : UNIT_SYMBOLS[t.value]!;
      if ((gap || (t.space && t.kind === 'letter')) && /[A-Za-zµΩÅ°%}]$/.test(text) && !/[µ°]$/.test(text))
        text += '.';
      text += piece;
      gap = false;
      continue;
    }
    if (isIgnorable(t)) {
      gap = true;
      continue;
    }
    if (t.kind === 'cmd' && (t.value === 'cdot' || t.value === 'times')) {
      text += '.';
      gap = false;
      continue;
    }
    if (t.kind === 'char' && (t.value === '/' || t.value === '.' || t.value === '(' || t.value === ')')) {
      text += t.value;
      gap = false;
      continue;
    }
    if (t.kind === 'char' && t.value === '{' && p.match[k] === k + 1) {
      k++; // `{}^{\circ}C`: an empty group before the degree sign
      continue;
    }
    if (t.kind === 'char' && t.value === '^') {
      const degree = degreeAt(p, k + 1, end);
      if (degree !== undefined) {
        if (/[A-Za-zµΩÅ%}]$/.test(text)) text += '.';
        text += '°';
        gap = false;
        k = degree - 1;
        continue;
      }
      const [power, next] = powerAt(p, k + 1, end);
      if (power === undefined) return undefined;
      text += `^{${power}}`;
      k = next - 1;
      continue;
    }
    return undefined;
  }
  return /[A-Za-zµΩÅ°%]/.test(text) ? text : undefined;
}

function powerAt(p: Parser, k: number, end: number): [string | undefined, number] {
  const t = p.tokens[k];
  if (t === undefined || k >= end) return [undefined, k];
  if (t.kind === 'num') return [t.value, k + 1];
  if (t.kind === 'char' && t.value === '{') {
    const close = p.match[k]!;
    let text = '';
    for (let j = k + 1; j < close; j++) text += p.tokens[j]!.value;
    return /^[-+]?\d+(\/\d+)?$/.test(text) ? [text, close + 1] : [undefined, k];
  }
  return [undefined, k];
}

/** After `^`: `\circ` or `{\circ}`; the index after it, or undefined. */
function degreeAt(p: Parser, k: number, end: number): number | undefined {
  const t = p.tokens[k];
  if (t === undefined || k >= end) return undefined;
  if (t.kind === 'cmd' && t.value === 'circ') return k + 1;
  const inner = p.tokens[k + 1];
  if (
    t.kind === 'char' &&
    t.value === '{' &&
    p.match[k] === k + 2 &&
    inner?.kind === 'cmd' &&
    inner.value === 'circ'
  )
    return k + 3;
  return undefined;
}
