import {
  LONG_PREFIXES,
  SI_PREFIXES,
  SIUNITX_PREFIXES,
  SIUNITX_UNITS,
  UNIT_NAMES,
  UNITS,
} from './unit-table.js';

/** Options of {@link parseUnit}. */
export interface UnitOptions {
  /** Natural units: `c` inside a unit is 1 (dimensionless), so `GeV/c` reads as `GeV`. */
  readonly naturalUnits?: boolean;
}

/** A resolved unit: its SI scale and dimension over `[m, kg, s, A, K, mol, cd]`. */
export type UnitResult =
  | { readonly ok: true; readonly scale: number; readonly dim: readonly number[]; readonly offset?: number }
  | { readonly ok: false; readonly reason: string };

type Tok =
  | { readonly k: 'word'; readonly text: string; readonly prefix?: string }
  | { readonly k: 'num'; readonly value: number }
  | { readonly k: 'pow'; readonly value: number }
  | { readonly k: 'prepow'; readonly value: number }
  | { readonly k: '/' | '(' | ')' | 'per' };

const LETTER = /[A-Za-zµμΩΩÅ°%℃]/;
const SEP_COMMANDS = new Set([',', ';', ':', '!', ' ', 'cdot', 'times', 'quad', 'thinspace', 'ast']);
const WRAPPERS = new Set(['mathrm', 'text', 'textrm', 'rm', 'mathit', 'operatorname', 'unit', 'si', 'mbox']);
const SYMBOL_COMMANDS: Readonly<Record<string, string>> = {
  mu: 'µ',
  Omega: 'Ω',
  AA: 'Å',
  circ: '°',
  degree: '°',
  '%': '%',
  celsius: '°C',
};

/**
 * The SI unit symbols a single bare letter may stand for after a value (`2.5 m`, `350 K`, `1.6\times
 * 10^{-19} C`): one list for every reader of such a letter (the parser, plain text, final values, the
 * importers). Not h, L, a, G (hour, litre, year, gauss): those letters are quantities far more often.
 */
export const BARE_UNIT_LETTERS: ReadonlySet<string> = new Set([
  'm',
  's',
  'g',
  'K',
  'A',
  'N',
  'J',
  'W',
  'C',
  'V',
  'T',
  'F',
  'H',
]);

/**
 * Resolves unit text as the parser emits it (`km/h`, `m.s^{-1}`, `kg\cdot m/s^2`, `\kilo\meter\per\second`,
 * `µF`, `deg`, `%`) to an SI scale and dimension. Products are written with `.`, `\cdot`, `·`, `*` or
 * spaces; a `/` puts every factor up to the next `/` in the denominator (`J/kg K` = J/(kg·K));
 * parentheses group. Exact unit symbols win over prefix + unit (`min`, `Pa`, `cd`); `ms` with a
 * negative power reads as m·s^k (`\mathrm{ms}^{-1}`, the usual physics spelling). Offset units (°C, °F)
 * give `ok: false` with an "offset unit … unsupported" reason. A `c` inside a unit is the speed of
 * light (`GeV/c`, `MeV/c^2`, `c/GeV`), or 1 with `naturalUnits`.
 */
export function parseUnit(text: string, options: UnitOptions = {}): UnitResult {
  const toks = lex(text);
  if (typeof toks === 'string') return { ok: false, reason: toks };
  if (toks.length === 0) return { ok: false, reason: 'empty unit' };
  const acc = { scale: 1, dim: [0, 0, 0, 0, 0, 0, 0] };
  const state = { i: 0 };
  const err = product(toks, state, acc, 1, options.naturalUnits === true);
  if (err !== undefined) return { ok: false, reason: err };
  if (state.i < toks.length) return { ok: false, reason: `unexpected ${toks[state.i]!.k} in unit '${text}'` };
  if (!Number.isFinite(acc.scale) || acc.scale === 0)
    return { ok: false, reason: `unit '${text}' overflows` };
  return { ok: true, scale: acc.scale, dim: acc.dim };
}

const NATURAL_C = { scale: 1, dim: [0, 0, 0, 0, 0, 0, 0] } as const;

interface Acc {
  scale: number;
  dim: number[];
}

function product(
  toks: readonly Tok[],
  st: { i: number },
  acc: Acc,
  outer: number,
  natural: boolean,
): string | undefined {
  let sign = 1;
  let perNext = false;
  let dangling = false;
  while (st.i < toks.length) {
    const t = toks[st.i]!;
    if (t.k === ')') return dangling ? 'a unit ends with / or \\per' : undefined;
    if (t.k === '/' || t.k === 'per') {
      if (t.k === '/') sign = -1;
      else perNext = true;
      dangling = true;
      st.i++;
      continue;
    }
    dangling = false;
    let pre = 1;
    if (t.k === 'prepow') {
      pre = t.value;
      st.i++;
    }
    const atom = toks[st.i];
    if (atom === undefined) return 'unit ends after a power macro';
    st.i++;
    let sub: Acc;
    let word: Tok | undefined;
    if (atom.k === '(') {
      sub = { scale: 1, dim: [0, 0, 0, 0, 0, 0, 0] };
      const err = product(toks, st, sub, 1, natural);
      if (err !== undefined) return err;
      if (toks[st.i]?.k !== ')') return 'unbalanced parenthesis in unit';
      st.i++;
    } else if (atom.k === 'word') {
      word = atom;
      sub = { scale: 1, dim: [0, 0, 0, 0, 0, 0, 0] };
    } else if (atom.k === 'num' && atom.value === 1) {
      sub = { scale: 1, dim: [0, 0, 0, 0, 0, 0, 0] };
    } else {
      return `unexpected ${atom.k} in unit`;
    }
    let power = pre;
    const next = toks[st.i];
    if (next?.k === 'pow') {
      power *= next.value;
      st.i++;
    }
    const dir = sign * (perNext ? -1 : 1) * outer;
    const exp = power * dir;
    perNext = false;
    if (word !== undefined && word.k === 'word') {
      if (word.text === 'ms' && word.prefix === undefined && exp < 0) {
        applyDef(acc, 1, [1, 0, 0, 0, 0, 0, 0], dir);
        applyDef(acc, 1, [0, 0, 1, 0, 0, 0, 0], exp);
        continue;
      }
      const def =
        natural && word.text === 'c' && word.prefix === undefined
          ? NATURAL_C
          : resolveWord(word.text, word.prefix, toks.length > 1);
      if (typeof def === 'string') return def;
      applyDef(acc, def.scale, def.dim, exp);
    } else {
      applyDef(acc, sub.scale, sub.dim, exp);
    }
  }
  return dangling ? 'a unit ends with / or \\per' : undefined;
}

function applyDef(acc: Acc, scale: number, dim: readonly number[], exp: number): void {
  acc.scale *= scale ** exp;
  for (let k = 0; k < 7; k++) acc.dim[k]! += (dim[k] ?? 0) * exp;
}

/** A unit word → scale and dimension, or the reason it is not a unit. */
function resolveWord(
  text: string,
  prefix: string | undefined,
  inCompound: boolean,
): { scale: number; dim: readonly number[] } | string {
  const word = text.replace('μ', 'µ').replace('Ω', 'Ω');
  if (prefix !== undefined) {
    const base = UNITS[word] ?? UNITS[UNIT_NAMES[word] ?? ''];
    const factor = SI_PREFIXES[prefix];
    if (base === undefined || factor === undefined) return `unknown unit '${prefix}${word}'`;
    return { scale: base.scale * factor, dim: base.dim };
  }
  const exact = UNITS[word] ?? lookupName(word);
  if (exact !== undefined) {
    if (exact.offsetK !== undefined && !inCompound) {
      return `offset unit ${word} is unsupported here: a stated temperature converts to K and a difference takes the scale, but inside arithmetic it is ambiguous (write it in K)`;
    }
    return exact;
  }
  for (const len of [2, 1]) {
    const p = word.slice(0, len);
    const factor = SI_PREFIXES[p];
    const base = UNITS[word.slice(len)];
    if (factor !== undefined && base?.prefix === true && word.length > len) {
      return { scale: base.scale * factor, dim: base.dim };
    }
  }
  for (const [long, factor] of Object.entries(LONG_PREFIXES)) {
    if (word.startsWith(long)) {
      const base = lookupName(word.slice(long.length));
      if (base !== undefined) return { scale: base.scale * factor, dim: base.dim };
    }
  }
  return `unknown unit '${word}'`;
}

function lookupName(word: string): (typeof UNITS)[string] | undefined {
  const sym = UNIT_NAMES[word] ?? (word.endsWith('s') ? UNIT_NAMES[word.slice(0, -1)] : undefined);
  if (sym !== undefined) return UNITS[sym];
  if (word.endsWith('s') && word.length > 3) return UNITS[word.slice(0, -1)];
  return undefined;
}

/** Splits unit text into words, numbers, powers and operators; a string is an error. */
function lex(text: string): Tok[] | string {
  const out: Tok[] = [];
  let word = '';
  let prefix: string | undefined;
  // A siunitx prefix macro waits for its unit across spaces (`\micro F`, `\kilo\meter`).
  const flush = (): void => {
    if (word === '') return;
    out.push(prefix === undefined ? { k: 'word', text: word } : { k: 'word', text: word, prefix });
    word = '';
    prefix = undefined;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(text.slice(i));
      const name = m?.[1] ?? '';
      i += name.length + 1;
      const sym = SYMBOL_COMMANDS[name];
      if (sym !== undefined) {
        word += sym;
      } else if (SEP_COMMANDS.has(name) || WRAPPERS.has(name)) {
        flush();
      } else if (SIUNITX_PREFIXES[name] !== undefined) {
        flush();
        if (prefix !== undefined) return `two prefixes in a row in unit '${text}'`;
        prefix = SIUNITX_PREFIXES[name];
      } else if (name === 'per') {
        flush();
        out.push({ k: 'per' });
      } else if (name === 'squared' || name === 'cubed') {
        flush();
        out.push({ k: 'pow', value: name === 'squared' ? 2 : 3 });
      } else if (name === 'square' || name === 'cubic') {
        flush();
        out.push({ k: 'prepow', value: name === 'square' ? 2 : 3 });
      } else if (name === 'tothe' || name === 'raiseto') {
        flush();
        const m2 = /^\s*\{\s*(-?\d+(?:\.\d+)?)\s*\}/.exec(text.slice(i));
        if (m2 === null) return `\\${name} needs {n}`;
        i += m2[0].length;
        out.push({ k: name === 'tothe' ? 'pow' : 'prepow', value: Number(m2[1]) });
      } else {
        const unit = SIUNITX_UNITS[name] ?? UNIT_NAMES[name];
        if (unit === undefined) return `unknown unit macro \\${name}`;
        flush();
        word = unit;
        flush();
      }
      continue;
    }
    if (c === '^' || c === '²' || c === '³' || c === '⁻' || c === '¹') {
      flush();
      const m =
        /^(?:\^\s*(?:\{\s*([+-−]?\s*\d+(?:\.\d+)?(?:\s*\/\s*\d+)?)\s*\}|([+-−]?\d))|([⁻]?[¹²³]))/.exec(
          text.slice(i),
        );
      if (m === null) {
        const deg = /^\^\s*(?:\{\s*\\circ\s*\}|\\circ)/.exec(text.slice(i));
        if (deg === null) return `bad power in unit '${text}'`;
        word = '°';
        i += deg[0].length;
        continue;
      }
      i += m[0].length;
      out.push({ k: 'pow', value: powerValue(m[1] ?? m[2] ?? m[3] ?? '') });
      continue;
    }
    if (LETTER.test(c)) {
      word += c;
      i++;
      continue;
    }
    if (/[0-9]/.test(c)) {
      flush();
      const m = /^\d+(?:\.\d+)?/.exec(text.slice(i))!;
      out.push({ k: 'num', value: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (word === 'µ' && /\s/.test(c)) {
      i++;
      continue;
    }
    flush();
    if (c === '/' || c === '(' || c === ')') out.push({ k: c });
    else if (!/[\s.·⋅*{}~-]/.test(c)) return `unexpected '${c}' in unit`;
    i++;
  }
  flush();
  if (prefix !== undefined) return `a prefix with no unit after it in '${text}'`;
  return out;
}

function powerValue(raw: string): number {
  const sup: Record<string, string> = { '¹': '1', '²': '2', '³': '3', '⁻': '-', '−': '-' };
  const clean = raw.replace(/[¹²³⁻−]/g, (ch) => sup[ch] ?? ch).replace(/\s+/g, '');
  const [num, den] = clean.split('/');
  return Number(num) / (den === undefined ? 1 : Number(den));
}

/**
 * An offset temperature unit written alone (`°C`, `degC`, `℃`, `°F`, `degF`, `\celsius`): kelvin =
 * value · scale + offsetK. Undefined for every other unit text.
 */
export function offsetUnit(text: string): { scale: number; offsetK: number } | undefined {
  const word = text
    .trim()
    .replace(/^\\celsius$/, '°C')
    .replace(/^\^\{?\\circ\}?/, '°');
  const def = UNITS[word];
  return def?.offsetK === undefined ? undefined : { scale: def.scale, offsetK: def.offsetK };
}
