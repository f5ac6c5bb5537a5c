import type { Node } from '../core/tree.js';
import { opaqueNode } from './build.js';
import { GREEK } from './grammar/greek.js';
import { isIgnorable } from './parser.js';
import type { Token } from './token.js';

const ARROWS = new Set([
  'to',
  'rightarrow',
  'longrightarrow',
  'leftrightarrow',
  'rightleftharpoons',
  'rightleftarrows',
  'xrightarrow',
]);
/**
 * Whether a text may hold a reaction arrow (one of {@link ARROWS}, written as a command or as a
 * Unicode arrow): a text without one is never read as a reaction. Cheap, and over-inclusive.
 */
export function mayHoldArrow(text: string): boolean {
  return /\\(?:to|rightarrow|longrightarrow|leftrightarrow|rightleftharpoons|rightleftarrows|xrightarrow)(?![a-zA-Z])|[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f]/.test(
    text,
  );
}

const FONTS = new Set(['mathrm', 'text', 'textrm', 'rm', 'mathit', 'mathbf', 'operatorname']);
const ACCENTS = new Set(['bar', 'overline', 'tilde']);
const SPACING = new Set([',', ';', ':', '!', ' ', 'quad', 'qquad', 'thinspace', '[', ']', '(', ')']);

function skippable(t: Token): boolean {
  return (t.kind === 'cmd' && SPACING.has(t.value)) || isIgnorable(t);
}

interface Term {
  readonly text: string;
  /** Written with a nuclide prescript, a charge superscript or an accent: surely a particle. */
  readonly marked: boolean;
}

/**
 * A reaction or decay equation — `p + p \to d + e^+ + \nu_e`,
 * `{}^{14}_{6}\mathrm{C} \to {}^{14}_{7}\mathrm{N} + e^- + \bar\nu_e`, `\gamma \to e^+ + e^-` — read
 * from the tokens of a whole formula: sides separated by arrows, each side a `+`-list of particles
 * (letters, Greek, upright names, with prescripts, charges, subscripts, accents and a count). It is
 * compared by normalized text, not as arithmetic: the result is the relation `L = R` between two
 * opaque quantities keyed by each side's sorted particles, so the same reaction in another order or
 * spacing matches and a different one does not. Undefined unless it is clearly a reaction: at
 * least one side lists two particles or a particle carries a prescript, charge or accent.
 */
export function tryReaction(tokens: readonly Token[], match: Int32Array, source: string): Node | undefined {
  const cuts: number[] = [-1];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'char' && t.value === '{' && match[k]! > k) k = match[k]!;
    else if (t.kind === 'cmd' && ARROWS.has(t.value)) cuts.push(k);
  }
  if (cuts.length < 2) return undefined;
  cuts.push(tokens.length);
  const sides: Term[][] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    const side = readSide(tokens, match, source, cuts[c]! + 1, cuts[c + 1]!);
    if (side === undefined || side.length === 0) return undefined;
    sides.push(side);
  }
  if (!sides.some((s) => s.length > 1 || s.some((t) => t.marked))) return undefined;
  const keys = sides.map(
    (s) =>
      `reaction(${s
        .map((t) => t.text)
        .sort()
        .join(' + ')})`,
  );
  const span = { start: tokens[0]!.start, end: tokens[tokens.length - 1]!.end };
  const args = keys.map((key) => opaqueNode(key, span));
  return { type: 'relation', ops: args.slice(1).map(() => '=' as const), args, span };
}

function readSide(
  tokens: readonly Token[],
  match: Int32Array,
  source: string,
  start: number,
  end: number,
): Term[] | undefined {
  const terms: Term[] = [];
  let k = start;
  const skip = (): void => {
    while (k < end && skippable(tokens[k]!)) k++;
  };
  for (;;) {
    skip();
    let count = '';
    if (tokens[k]?.kind === 'num' && k < end) count = tokens[k++]!.value;
    skip();
    const from = k;
    let marked = false;
    // Prescript: `{}^{14}_{6}` (or `^{14}_{6}` at the start).
    if (tokens[k]?.value === '{' && match[k] === k + 1) k += 2;
    const pre = scripts(tokens, match, k, end);
    if (pre > k) marked = true;
    k = pre;
    const core = particleCore(tokens, match, k, end);
    if (core === undefined) return undefined;
    if (core.accent) marked = true;
    k = core.next;
    const post = scripts(tokens, match, k, end);
    const superscript = source.slice(tokens[k]?.start ?? 0, tokens[post - 1]?.end ?? 0);
    if (post > k && /\^\s*\{?\s*[-+0*]/.test(superscript)) marked = true;
    k = post;
    if (k === from) return undefined;
    const text = normalizeParticle(source.slice(tokens[from]!.start, tokens[k - 1]!.end));
    terms.push({ text: count === '' || count === '1' ? text : `${count} ${text}`, marked });
    skip();
    if (k === end) return terms;
    const t = tokens[k]!;
    if (!(t.kind === 'char' && t.value === '+')) return undefined;
    k++;
  }
}

/** Past `^…`/`_…` scripts starting at `k`. */
function scripts(tokens: readonly Token[], match: Int32Array, k: number, end: number): number {
  while (
    k + 1 < end &&
    tokens[k]!.kind === 'char' &&
    (tokens[k]!.value === '^' || tokens[k]!.value === '_')
  ) {
    const arg = tokens[k + 1]!;
    k = arg.kind === 'char' && arg.value === '{' && match[k + 1]! > k ? match[k + 1]! + 1 : k + 2;
  }
  return Math.min(k, end);
}

function particleCore(
  tokens: readonly Token[],
  match: Int32Array,
  k: number,
  end: number,
): { next: number; accent: boolean } | undefined {
  const t = tokens[k];
  if (t === undefined || k >= end) return undefined;
  if (t.kind === 'letter') {
    let j = k + 1;
    while (j < end && tokens[j]!.kind === 'letter' && !tokens[j]!.space) j++;
    return j - k <= 2 ? { next: j, accent: false } : undefined;
  }
  if (t.kind !== 'cmd') return undefined;
  if (GREEK[t.value] !== undefined) return { next: k + 1, accent: false };
  if (FONTS.has(t.value)) {
    if (t.args !== undefined)
      return /^\s*[A-Za-z]{1,3}\s*$/.test(t.args[0]?.text ?? '') ? { next: k + 1, accent: false } : undefined;
    const open = tokens[k + 1];
    if (open?.kind !== 'char' || open.value !== '{') return undefined;
    const close = match[k + 1]!;
    const inner = tokens.slice(k + 2, close);
    const ok =
      inner.length > 0 &&
      inner.length <= 3 &&
      inner.every((u) => u.kind === 'letter' || GREEK[u.value] !== undefined);
    return ok ? { next: close + 1, accent: false } : undefined;
  }
  if (ACCENTS.has(t.value)) {
    const open = tokens[k + 1];
    if (open?.kind === 'char' && open.value === '{') {
      const inner = particleCore(tokens, match, k + 2, match[k + 1]!);
      return inner !== undefined && inner.next === match[k + 1]
        ? { next: inner.next + 1, accent: true }
        : undefined;
    }
    const inner = particleCore(tokens, match, k + 1, end);
    return inner === undefined ? undefined : { next: inner.next, accent: true };
  }
  return undefined;
}

/** Canonical particle text: no fonts, braces or spaces; `\overline` as `\bar`. */
function normalizeParticle(text: string): string {
  return text
    .replace(/\\(mathrm|text|textrm|rm|mathit|mathbf|operatorname)\s*/g, '')
    .replace(/\\overline/g, '\\bar')
    .replace(/\\[,;:! ]/g, '')
    .replace(/[{}\s]/g, '');
}
