import type { Prng } from '../../src/core/prng.js';

/** A rewrite of the LaTeX text that keeps its meaning by construction; `undefined` when it does not apply. */
export type TextRewrite = (latex: string, rng: Prng) => string | undefined;

const changed = (before: string, after: string): string | undefined => (after === before ? undefined : after);

/** Replaces each match with probability 1/2, at least the first one. */
function some(
  latex: string,
  re: RegExp,
  by: string | ((m: string, ...g: string[]) => string),
  rng: Prng,
): string {
  let first = true;
  return latex.replace(re, (m: string, ...g: unknown[]) => {
    const take = first || rng.next() < 0.5;
    first = false;
    if (!take) return m;
    return typeof by === 'string' ? by : by(m, ...(g.filter((x) => typeof x === 'string') as string[]));
  });
}

/** The index of the brace closing the group that opens at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Vector notation, where `\cdot` and `\times` are different products. */
const VECTORS = /\\vec|\\mathbf|\\boldsymbol|\\bm\b|\\nabla|\\hat|\\overrightarrow/;

/** Notation variants of real LaTeX: same formula, other spelling. */
export const TEXT_REWRITES: Readonly<Record<string, TextRewrite>> = {
  /** `\frac` ↔ `\dfrac` / `\tfrac`. */
  'notation-frac': (latex, rng) =>
    /\\[dt]frac\b/.test(latex)
      ? changed(latex, some(latex, /\\[dt]frac\b/g, '\\frac', rng))
      : changed(latex, some(latex, /\\frac\b/g, rng.next() < 0.7 ? '\\dfrac' : '\\tfrac', rng)),
  /** `\cdot` ↔ `\times`, in formulas without vectors (a scientific `\times 10^{k}` may become `\cdot 10^{k}`: the same value). */
  'notation-times': (latex, rng) =>
    VECTORS.test(latex)
      ? undefined
      : /\\cdot\b/.test(latex)
        ? changed(latex, some(latex, /\\cdot\b/g, '\\times', rng))
        : changed(latex, some(latex, /\\times\b/g, '\\cdot', rng)),
  /** `a \cdot b` → `a\,b` (juxtaposition) where neither neighbour is a digit. */
  'notation-juxtapose': (latex, rng) =>
    VECTORS.test(latex)
      ? undefined
      : changed(
          latex,
          some(latex, /([^\d\s])\s*\\cdot\b\s*(?=[^\d\s.])/g, (_m, before) => `${before}\\,`, rng),
        ),
  /** Bare parentheses become `\left( \right)` (only when the text has no sized delimiters). */
  'notation-left-right': (latex) => {
    if (/\\left|\\right|\\big|\\Big|\\bigg|\\(?:text|mathrm|operatorname)\s*\{[^}]*\(/.test(latex))
      return undefined;
    if (!latex.includes('(')) return undefined;
    let depth = 0;
    for (const ch of latex) {
      if (ch === '(') depth++;
      if (ch === ')' && --depth < 0) return undefined;
    }
    if (depth !== 0) return undefined;
    return latex.replace(/\(/g, '\\left(').replace(/\)/g, '\\right)');
  },
  /** The differential `d` upright: `\frac{dv}{dt}` → `\frac{\mathrm{d}v}{\mathrm{d}t}`. */
  'notation-mathrm-d': (latex) => {
    // Only where `d` is certainly a differential: both parts of \frac{d…}{d…}, and `\,dx` after \int.
    let out = latex.replace(
      /\\frac\{d(?=[\s\\a-zA-Z^])([^{}]*)\}\{d(?=[\s\\a-zA-Z^])/g,
      '\\frac{\\mathrm{d}$1}{\\mathrm{d}',
    );
    if (latex.includes('\\int')) out = out.replace(/\\,\s*d(?=[a-zA-Z\\])/g, '\\,\\mathrm{d}');
    return changed(latex, out);
  },
  /** `\epsilon` ↔ `\varepsilon`, `\theta` ↔ `\vartheta`, `\phi` ↔ `\varphi`. */
  'notation-greek-variant': (latex, rng) => {
    const swapped = latex.replace(/\\(var)?(epsilon|theta|phi)\b/g, (m, v, name) =>
      rng.next() < 0.8 ? `\\${v === undefined ? 'var' : ''}${name}` : m,
    );
    return changed(latex, swapped);
  },
  /** Word subscripts spelled `_{max}`, `_{\text{max}}`, `_{\mathrm{max}}` or `_\text{max}`. */
  'notation-text-subscript': (latex, rng) => {
    const forms = (word: string): string[] => [
      `_{${word}}`,
      `_{\\text{${word}}}`,
      `_{\\mathrm{${word}}}`,
      `_\\text{${word}}`,
    ];
    const re =
      /_\{\\(?:text|mathrm|rm)\{([A-Za-z]{2,})\}\}|_\{([A-Za-z]{2,})\}|_\\(?:text|mathrm)\{([A-Za-z]{2,})\}/g;
    return changed(
      latex,
      some(
        latex,
        re,
        (m, ...groups) => {
          const word = groups.find((g) => g !== undefined && /^[A-Za-z]+$/.test(g)) ?? '';
          const options = forms(word).filter((f) => f !== m);
          return options[rng.int(options.length)] ?? m;
        },
        rng,
      ),
    );
  },
  /** The first `\sqrt{x}` written `\left(x\right)^{1/2}`. */
  'notation-sqrt-text': (latex) => {
    const at = latex.search(/\\sqrt\{/);
    if (at < 0) return undefined;
    const open = at + 5;
    const close = closing(latex, open);
    if (close < 0 || /^\s*\^/.test(latex.slice(close + 1))) return undefined;
    const body = latex.slice(open + 1, close);
    return `${latex.slice(0, at)}\\left(${body}\\right)^{1/2}${latex.slice(close + 1)}`;
  },
};
