import type { Problem } from '../../src/dag/types.js';
import { matchingBrace } from '../../src/extract/find-math-blocks.js';

/**
 * Whole-answer rewrites (issue 21, class 10): functions of an answer text (and its problem) that
 * change how the answer is written but not what it says, so its record must not change; and
 * mutations that change what its final statement says, so its record must get lower. Each returns
 * undefined when it does not apply to the answer.
 */
export type AnswerRewrite = (response: string, problem: Problem) => string | undefined;

/** `$$X$$` (X without a newline) → `f(X)`, or undefined when no display block qualifies. */
function mapDisplays(response: string, f: (content: string) => string): string | undefined {
  let any = false;
  const out = response.replace(/\$\$([^$\n]+?)\$\$/g, (_, content: string) => {
    any = true;
    return f(content);
  });
  return any ? out : undefined;
}

/** The final quantities a problem names: the left sides of its final answers that are one symbol. */
function finalSymbols(problem: Problem): string[] {
  const lists = [
    problem.final_answer ?? [],
    ...(problem.subquestions ?? []).map((s) => s.final_answer ?? []),
  ];
  const out = new Set<string>();
  for (const latex of lists.flat()) {
    const m = /^\s*([A-Za-z]|\\[A-Za-z]+)\s*=/.exec(latex);
    if (m && !/^\\(?:frac|sqrt|left|mathrm|text|Delta)$/.test(m[1]!)) out.add(m[1]!);
  }
  return [...out];
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Value-preserving rewrites: the record (step score, matched nodes, final verdict) must not change. */
export const REWRITES: Readonly<Record<string, AnswerRewrite>> = {
  /** `$$X$$` → `\[X\]`. */
  'display-to-brackets': (r) => mapDisplays(r, (x) => `\\[${x}\\]`),
  /** `$X$` → `\(X\)`. */
  'inline-to-parens': (r) => {
    let any = false;
    const out = r.replace(/(^|[^$\\])\$([^$\n]+?)\$(?!\$)/g, (_, pre: string, x: string) => {
      any = true;
      return `${pre}\\(${x}\\)`;
    });
    return any ? out : undefined;
  },
  /** `$$X$$` → an undelimited `\displaystyle X` line, as chat models write it. */
  'display-to-bare-line': (r) => mapDisplays(r, (x) => `\n\\displaystyle ${x.trim()}\n`),
  /** No box in the answer: its last display block is boxed. */
  'box-last-display': (r) => {
    if (r.includes('\\boxed{')) return undefined;
    const at = r.lastIndexOf('$$', r.lastIndexOf('$$') - 1);
    if (at < 0) return undefined;
    const end = r.indexOf('$$', at + 2);
    if (end < 0 || r.slice(at + 2, end).trim() === '') return undefined;
    return `${r.slice(0, at + 2)}\\boxed{${r.slice(at + 2, end)}}${r.slice(end)}`;
  },
  /** A boxed final quantity `\boxed{v = …}` renamed to a decorated name `v_{\mathrm{f}}`. */
  'rename-boxed-final': (r, problem) => {
    let out = r;
    for (const symbol of finalSymbols(problem)) {
      const re = new RegExp(`\\\\boxed\\{\\s*${escapeRegExp(symbol)}(?![A-Za-z_^'])\\s*=`, 'g');
      out = out.replace(re, `\\boxed{${symbol}_{\\mathrm{f}} =`);
    }
    return out === r ? undefined : out;
  },
};

/** The boxes of an answer, last first: `[start of contents, index of the closing brace]`. */
function boxes(response: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = response.indexOf('\\boxed{'); at >= 0; at = response.indexOf('\\boxed{', at + 1)) {
    const close = matchingBrace(response, at + 6);
    if (close > 0) out.push([at + 7, close]);
  }
  return out.reverse();
}

/** `X` with its last top-level side scaled: `v = a = b` → `v = a = 2\left(b\right)`. */
function scaleLastSide(content: string, factor: string): string {
  let depth = 0;
  let cut = -1;
  for (let k = 0; k < content.length; k++) {
    const ch = content[k];
    if (ch === '\\' && !content.startsWith('\\approx', k)) k++;
    else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
    else if (ch === '=' && depth === 0) cut = k + 1;
    if (depth === 0 && content.startsWith('\\approx', k)) cut = k + 7;
  }
  const head = cut < 0 ? '' : content.slice(0, cut);
  const tail = (cut < 0 ? content : content.slice(cut)).replace(/,\s*$/, '');
  return `${head} ${factor}\\left(${tail.trim()}\\right)`;
}

/** Mutations of a final-correct answer: its record must get lower (final verdict or step score). */
export const MUTATIONS: Readonly<Record<string, AnswerRewrite>> = {
  /** Every box's last side multiplied by 2 (a wrong factor). */
  'boxed-times-two': (r) => {
    const list = boxes(r);
    if (list.length === 0) return undefined;
    let out = r;
    for (const [start, close] of list)
      out = `${out.slice(0, start)}${scaleLastSide(out.slice(start, close), '2')}${out.slice(close)}`;
    return out;
  },
  /** Every box's last side multiplied by 1.03 (a value 3% off). */
  'boxed-three-percent': (r) => {
    const list = boxes(r);
    if (list.length === 0) return undefined;
    let out = r;
    for (const [start, close] of list)
      out = `${out.slice(0, start)}${scaleLastSide(out.slice(start, close), '1.03')}${out.slice(close)}`;
    return out;
  },
};
