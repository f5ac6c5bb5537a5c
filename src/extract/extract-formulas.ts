import type { Diagnostic } from '../core/diagnostic.js';
import { charge } from '../numeric/work-meter.js';
import { blockRows } from './block-rows.js';
import { findBareMath } from './find-bare-math.js';
import { findMathBlocks, type MathBlock } from './find-math-blocks.js';
import { expandIndexSets } from './index-sets.js';
import { plainTextUnits, unitAfterMath } from './plain-units.js';
import { type FormulaPart, splitFormula } from './split-formula.js';
import type { DroppedFragment, ExtractedFormula, ExtractionResult, FormulaKind } from './types.js';

/** Limits that keep extraction bounded on hostile or runaway answers. */
export interface ExtractOptions {
  /** Most formulas kept per answer. Default 2000. */
  readonly maxFormulas?: number;
  /** Most math fragments examined per answer. Default 10 000. */
  readonly maxFragments?: number;
  /** Longest math block parsed, in characters. Default 20 000. */
  readonly maxBlockLength?: number;
  /**
   * Work-meter units charged per character of each math fragment before it is parsed (see
   * `work-meter.ts`); once the innermost budget is spent, extraction stops there. Default 0.
   */
  readonly workPerChar?: number;
  /**
   * The single-letter symbols the problem uses as quantities. When given, a bare unit letter after
   * a stated value in plain text (`h ≈ 71 m`, `t = 4.75 h`) is read as a unit unless it is one of
   * them (see `plain-units.ts`); when absent, such a letter stays a symbol, as TeX reads it. Entries
   * `X_ab` name a letter with a two-letter subscript word: plain text's `X_ab` is then `X_{ab}`.
   */
  readonly quantityLetters?: ReadonlySet<string>;
}

/**
 * Extracts the formulas of a markdown answer: display (`$$`, `\[ \]`), inline (`$ $`, `\( \)`),
 * environments (`equation`, `align`, `gather`, `multline`, starred; rows split on `\\`, `&=` chains
 * kept), `\boxed{}`, and math written without delimiters ({@link findBareMath}). Lists split into items, chains into links. Lone expressions become
 * final-answer candidates; prose, malformed and unterminated fragments are dropped with a reason.
 */
export function extractFormulas(markdown: string, options: ExtractOptions = {}): ExtractionResult {
  const maxFormulas = options.maxFormulas ?? 2000;
  const maxFragments = options.maxFragments ?? 10_000;
  const maxBlock = options.maxBlockLength ?? 20_000;
  const workPerChar = options.workPerChar ?? 0;
  const formulas: ExtractedFormula[] = [];
  const candidates: ExtractedFormula[] = [];
  const dropped: DroppedFragment[] = [];
  const diagnostics: Diagnostic[] = [];
  const delimited = findMathBlocks(markdown);
  // Math written without delimiters (raw LaTeX lines, `Answer: T = 2\pi\sqrt{L/g}`) is read too,
  // with bare unit letters after its values (`h ≈ 71 m`) when the problem's letters are known.
  const letters = options.quantityLetters;
  const bare = findBareMath(markdown, delimited).map((b) => plainTextUnits(b, letters));
  // A unit written after the closing `$` (`$s_2' = 60$ cm`) belongs to the value.
  const blocks = [...delimited.map((b) => unitAfterMath(markdown, emphasized(markdown, b))), ...bare].sort(
    (x, y) => x.offset - y.offset,
  );
  let fragments = 0;
  const drop = (text: string, offset: number, kind: FormulaKind, reason: string): void => {
    if (dropped.length < maxFormulas) dropped.push({ text: text.slice(0, 200), offset, kind, reason });
  };
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    if (block.unterminated) {
      drop(markdown.slice(block.offset, block.offset + 40), block.offset, block.kind, 'unterminated-math');
      continue;
    }
    if (block.content.trim() === '') {
      drop(block.content, block.offset, block.kind, 'empty');
      continue;
    }
    if (block.content.length > maxBlock) {
      drop(block.content, block.offset, block.kind, 'too-long');
      continue;
    }
    for (const row of blockRows(block.content, block.offset, block.rows, block.map)) {
      if (++fragments > maxFragments) {
        diagnostics.push(
          limit('too-many-fragments', `more than ${maxFragments} math fragments; the rest is ignored`),
        );
        return { formulas, dropped, candidates, diagnostics };
      }
      // Parsing is the cost of extraction: charged before it, and nothing more is parsed once spent.
      if (workPerChar > 0 && !charge(1 + workPerChar * row.text.length))
        return { formulas, dropped, candidates, diagnostics };
      const split = splitFormula(row.text);
      // A chain of implications that does not parse whole (`τ = ∫₀ᵃ I B r dr ⇒ τ = \frac{B^2a^4ω}{4R}`)
      // is read step by step: a step that parses still states its formula.
      const parts = split.ok ? split.parts : implicationSteps(row.text);
      if (parts.length === 0) {
        drop(row.text.trim(), row.at(0), block.kind, 'unparseable');
        continue;
      }
      for (const part of parts) {
        const offset = row.at(part.start);
        const inBox = row.boxed.some(([s, e]) => offset < e && row.at(part.end - 1) >= s);
        const kind: FormulaKind = inBox ? 'boxed' : block.kind;
        const end = Math.max(offset, row.at(Math.max(part.start, part.end - 1)) + 1);
        const formula: ExtractedFormula = {
          latex: part.latex,
          offset,
          end,
          kind,
          block: b,
          ...(block.emphasis ? { emphasis: true as const } : {}),
        };
        if (part.unchecked) drop(part.latex, offset, kind, 'unchecked-relation');
        else if (!part.relation) {
          candidates.push(formula);
          drop(part.latex, offset, kind, 'no-relation');
        } else {
          if (formulas.length >= maxFormulas) {
            diagnostics.push(
              limit('too-many-formulas', `more than ${maxFormulas} formulas; the rest is ignored`),
            );
            return { formulas, dropped, candidates, diagnostics };
          }
          formulas.push(formula);
        }
      }
    }
  }
  // `E_n = n^2E_1,\ n = 1, 2, 3` states E_1, E_2 and E_3.
  return { formulas: expandIndexSets(markdown, formulas), dropped, candidates, diagnostics };
}

/** An implication arrow between two steps of a chain, outside braces. */
const IMPLIES = /⇒|⟹|\\(?:Rightarrow|implies|Longrightarrow)(?![a-zA-Z])/g;

/**
 * The parts of the steps of an implication chain that parse on their own, with offsets in the whole
 * text; none when the text holds no arrow outside braces or no step parses.
 */
function implicationSteps(text: string): FormulaPart[] {
  const cuts: [number, number][] = [];
  for (const m of text.matchAll(IMPLIES)) {
    const at = m.index ?? 0;
    let depth = 0;
    for (let k = 0; k < at; k++) {
      if (text[k] === '\\') k++;
      else if (text[k] === '{') depth++;
      else if (text[k] === '}') depth--;
    }
    if (depth === 0) cuts.push([at, at + m[0].length]);
  }
  if (cuts.length === 0) return [];
  const out: FormulaPart[] = [];
  let from = 0;
  for (const [start, end] of [...cuts, [text.length, text.length] as [number, number]]) {
    const step = splitFormula(text.slice(from, start));
    if (step.ok)
      for (const part of step.parts) out.push({ ...part, start: part.start + from, end: part.end + from });
    from = end;
  }
  return out;
}

/** An inline block written in bold (`**$5$**`, `**$60$ cm**`) is a value the answer emphasizes. */
function emphasized(markdown: string, block: MathBlock): MathBlock {
  if (block.kind !== 'inline') return block;
  const open = markdown[block.offset - 1] === '$' ? 1 : 2;
  const close = block.offset + block.content.length + open;
  const before = markdown.slice(Math.max(0, block.offset - open - 2), block.offset - open);
  if (before !== '**' && before !== '__') return block;
  const after = markdown.slice(close, close + 16);
  return new RegExp(`^(?:[ \\t]*[^\\s*_]{1,12})?${before === '**' ? '\\*\\*' : '__'}`).test(after)
    ? { ...block, emphasis: true }
    : block;
}

function limit(code: string, message: string): Diagnostic {
  return { code, severity: 'warning', message };
}
