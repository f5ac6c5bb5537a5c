import { parseLatex } from '../latex/index.js';
import type { ExtractedFormula } from './types.js';

/** Most members of one index set expanded (`n = 1, 2, …, 12`). */
const MAX_MEMBERS = 12;

/** Longest text between a formula and the index set that follows it (`$ for $`, `,\quad`). */
const MAX_GAP = 40;

/** What may stand between a formula and its index set: punctuation, spacing, delimiters, a few words. */
const GAP =
  /^(?:[\s,;:.$()[\]]|\\[,;:! ]|\\q?quad|\\\(|\\\)|\\\[|\\\]|\\text\{\s*(?:for|with|where|and)?\s*\}|\b(?:for|with|where|and|when)\b)*$/;

/**
 * Expands a formula written for a set of indices: `E_n = n^2 E_1,\ n = 1, 2, 3` or
 * `$E_n = -\frac{13.6}{n^2}\,\mathrm{eV}$ for $n = 1, 2, 3$` states `E_1`, `E_2` and `E_3`, each a
 * formula of its own (`E_{2} = {2}^2E_1`), so each member answers on its own; a left side without the
 * index (`E = n^2E_1`) takes it as a subscript. The index set is a run of `n = k` members with whole k
 * (what `splitFormula` makes of `n = 1, 2, 3`) right after a formula that uses n, with only
 * punctuation, spacing or `for`/`with`/`where` between them; its own members are then consumed (the
 * index taking several values is not a quantity given several values). Every other formula is kept.
 */
export function expandIndexSets(markdown: string, formulas: readonly ExtractedFormula[]): ExtractedFormula[] {
  const out: ExtractedFormula[] = [];
  let k = 0;
  while (k < formulas.length) {
    const set = indexSet(formulas, k);
    const target = out.at(-1);
    if (set === undefined || target === undefined) {
      out.push(formulas[k]!);
      k++;
      continue;
    }
    const gap = markdown.slice(target.end, formulas[k]!.offset);
    const expanded =
      gap.length <= MAX_GAP && GAP.test(gap) ? expand(target, set.symbol, set.values, set.end) : [];
    if (expanded.length === 0) {
      out.push(formulas[k]!);
      k++;
      continue;
    }
    // The general formula stays (already in `out`); its members follow it.
    out.push(...expanded);
    k += set.values.length;
  }
  return out;
}

/** The run of `n = k` formulas (one set: same left side, same start) beginning at `formulas[k]`. */
function indexSet(
  formulas: readonly ExtractedFormula[],
  k: number,
): { symbol: string; values: number[]; end: number } | undefined {
  const first = MEMBER.exec(formulas[k]!.latex);
  if (first === null) return undefined;
  const values: number[] = [];
  let end = formulas[k]!.end;
  for (let j = k; j < formulas.length && values.length < MAX_MEMBERS; j++) {
    const f = formulas[j]!;
    const m = MEMBER.exec(f.latex);
    if (m === null || m[1] !== first[1] || f.offset !== formulas[k]!.offset) break;
    values.push(Number(m[2]));
    end = Math.max(end, f.end);
  }
  return values.length >= 2 ? { symbol: first[1]!, values, end } : undefined;
}

/** `n = 3`: a one-letter index set to a whole number. */
const MEMBER = /^\s*([a-zA-Z])\s*=\s*(\d{1,3})\s*$/;

/** The formula once per index value (without the formula itself); none when it does not use the index or does not parse so. */
function expand(
  f: ExtractedFormula,
  symbol: string,
  values: readonly number[],
  end: number,
): ExtractedFormula[] {
  const eq = f.latex.indexOf('=');
  if (eq < 0) return [];
  const lhs = f.latex.slice(0, eq).trim();
  const rhs = f.latex.slice(eq + 1);
  // The index as a letter of math (`n^2`, `nE_1`, `n\\hbar`), not inside a word (`\\nu`, `\\sin`, `nm`).
  const token = new RegExp(`(?<![\\\\a-zA-Z])${symbol}(?![a-z])`, 'g');
  const subscript = new RegExp(`_\\{?\\s*${symbol}\\s*\\}?(?![a-zA-Z])`, 'g');
  if (!token.test(f.latex)) return [];
  const named = subscript.test(lhs);
  // The index is the quantity's own subscript or absent from the left side (`E = n^2E_1`); a left
  // side that uses it otherwise (`n E = …`) is not a family of statements.
  token.lastIndex = 0;
  const lhsUses = lhs.replace(subscript, '').match(token) !== null;
  if (lhsUses || !/^[\\a-zA-Z]/.test(lhs) || (!named && lhs.includes('_'))) return [];
  const out: ExtractedFormula[] = [];
  for (const v of values) {
    const left = named ? lhs.replace(subscript, `_{${v}}`) : `${lhs}_{${v}}`;
    const right = rhs.replace(subscript, `_{${v}}`).replace(token, ` {${v}} `);
    const latex = `${left} = ${right.trim()}`;
    if (!parseLatex(latex).ok) return [];
    out.push({ latex, offset: f.offset, end: Math.max(f.end, end), kind: f.kind, block: f.block });
  }
  return out;
}
