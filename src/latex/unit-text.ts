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
      if ((gap || (t.space && t.kind === 'letter')) && /[A-Za-zµΩÅ°%}]$/.test(text) && !text.endsWith('µ'))
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
    if (t.kind === 'char' && t.value === '^') {
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
