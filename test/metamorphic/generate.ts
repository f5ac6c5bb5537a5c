import { printLatex } from '../../src/core/print-latex.js';
import { printTree } from '../../src/core/print-tree.js';
import { createPrng, type Prng } from '../../src/core/prng.js';
import type { Node } from '../../src/core/tree.js';
import { prepareFormula } from '../../src/equivalence/index.js';
import { parseLatex } from '../../src/latex/index.js';
import type { SourceFormula } from './sources.js';
import { TEXT_REWRITES } from './text-rewrites.js';
import { treeMutations } from './tree-mutations.js';
import { type Equation, TREE_REWRITES } from './tree-rewrites.js';
import { contains, SPAN } from './tree-tools.js';
import { convertUnit, writeConstant } from './value-rewrites.js';

/** One generated pair and what the checker must say about it. */
export interface Pair {
  readonly id: string;
  readonly kind: string;
  readonly expected: 'equivalent' | 'different';
  readonly corpus: SourceFormula['corpus'];
  /** The source formula as written in the corpus. */
  readonly a: string;
  readonly b: string;
  readonly constants?: Record<string, string>;
  /** Trees for the oracle, when the pair is not correct by construction or is checked anyway. */
  readonly trees?: { readonly a: Equation; readonly b: Equation };
}

const MUTATION_KINDS = [
  'factor-2',
  'factor-small',
  'sign-flip',
  'exponent',
  'swap-symbols',
  'small-term',
  'drop-term',
];
/** Sources whose coarsest literal is looser than this (relative) get no mutation. */
const MAX_MUTATION_PRECISION = 0.02;
const VALUE_KINDS = ['unit-convert', 'constants-physical', 'constants-value'];

/** Every kind the generator knows, rewrites first. */
export const REWRITE_KINDS: readonly string[] = [
  ...Object.keys(TREE_REWRITES),
  ...VALUE_KINDS,
  ...Object.keys(TEXT_REWRITES),
];
export const ALL_KINDS: readonly string[] = [...REWRITE_KINDS, ...MUTATION_KINDS];
export const isMutation = (kind: string): boolean => MUTATION_KINDS.includes(kind);

/** Why candidate pairs were thrown away before the checker saw them, per kind. */
export type Discards = Record<string, Record<string, number>>;

interface Parsed {
  readonly source: SourceFormula;
  readonly eq: Equation;
  precision?: number;
}

/** A source as one equation `lhs = rhs`, or `undefined` when it is not one (or has an error). */
export function asEquation(source: SourceFormula): Parsed | undefined {
  const r = parseLatex(source.latex);
  if (!r.ok || r.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const t = r.tree;
  if (t.type !== 'relation' || t.ops.length !== 1 || t.ops[0] !== '=') return undefined;
  const nested = (n: Node): boolean => contains(n, (x) => x.type === 'relation' || x.type === 'list');
  if (nested(t.args[0]!) || nested(t.args[1]!)) return undefined;
  return { source, eq: { lhs: t.args[0]!, rhs: t.args[1]! } };
}

const relation = (eq: Equation): Node => ({
  type: 'relation',
  ops: ['='],
  args: [eq.lhs, eq.rhs],
  span: SPAN,
});

/** LaTeX of an equation that parses back to the same tree, else `undefined` (the printer cannot write it). */
function faithful(eq: Equation): string | undefined {
  const text = printLatex(relation(eq));
  if (text === undefined) return undefined;
  const back = parseLatex(text);
  return back.ok && printTree(back.tree) === printTree(relation(eq)) ? text : undefined;
}

/**
 * Seeded pairs over the real formulas: kinds in turn (round robin over `kinds`), each applied to
 * random source formulas until one applies (at most 60 draws per pair). Counts discards.
 */
export function generatePairs(
  sources: readonly SourceFormula[],
  options: { seed: string; pairs: number; kinds?: readonly string[] },
): { pairs: Pair[]; discards: Discards; equations: number; parsed: number } {
  const rng = createPrng(options.seed);
  const kinds = options.kinds ?? ALL_KINDS;
  const pairs: Pair[] = [];
  const discards: Discards = {};
  const discard = (kind: string, why: string): void => {
    const d = (discards[kind] ??= {});
    d[why] = (d[why] ?? 0) + 1;
  };
  // Sources are parsed when first drawn (parsing all ~5,000 costs more than a batch needs); a text
  // rewrite is tried on the text first, so a source it does not apply to is never parsed.
  const cache = new Map<number, Parsed | null>();
  const parsedAt = (k: number): Parsed | undefined => {
    let p = cache.get(k);
    if (p === undefined) cache.set(k, (p = asEquation(sources[k]!) ?? null));
    return p ?? undefined;
  };
  for (let i = 0; i < options.pairs && sources.length > 0; i++) {
    const kind = kinds[i % kinds.length]!;
    const text = TEXT_REWRITES[kind];
    for (let tries = 0; tries < 60; tries++) {
      const k = rng.int(sources.length);
      const source = sources[k]!;
      if (text !== undefined) {
        const b = text(source.latex, rng);
        if (b === undefined || parsedAt(k) === undefined) continue;
        pairs.push({
          id: `${options.seed}/${i}`,
          kind,
          corpus: source.corpus,
          a: source.latex,
          expected: 'equivalent',
          b,
        });
        break;
      }
      const p = parsedAt(k);
      if (p === undefined) continue;
      const made = make(kind, p, rng, discard);
      if (made === undefined) continue;
      pairs.push({ id: `${options.seed}/${i}`, kind, corpus: p.source.corpus, a: p.source.latex, ...made });
      break;
    }
  }
  const equations = [...cache.values()].filter((p) => p !== null).length;
  return { pairs, discards, equations, parsed: cache.size };
}

function make(
  kind: string,
  p: Parsed,
  rng: Prng,
  discard: (kind: string, why: string) => void,
): Omit<Pair, 'id' | 'kind' | 'corpus' | 'a'> | undefined {
  let eq: Equation | undefined;
  let constants: Record<string, string> | undefined;
  if (kind === 'unit-convert') eq = convertUnit(p.eq, rng);
  else if (kind === 'constants-physical' || kind === 'constants-value') {
    const c = writeConstant(p.eq, rng, kind === 'constants-physical');
    eq = c?.eq;
    constants = c?.constants;
  } else if (isMutation(kind)) {
    p.precision ??= prepareFormula(p.source.latex).precision;
    // Coarse literals (`\mu_s = 0.01`: ±50%) make the checker tolerate large changes by design.
    if (p.precision > MAX_MUTATION_PRECISION) {
      discard(kind, 'coarse-literal');
      return undefined;
    }
    eq = treeMutations({ precision: p.precision })[kind]?.(p.eq, rng);
  } else eq = TREE_REWRITES[kind]?.(p.eq, rng);
  if (eq === undefined) return undefined;
  const b = faithful(eq);
  if (b === undefined) {
    discard(kind, 'printer-cannot-write');
    return undefined;
  }
  const byValue = kind === 'unit-convert' || constants !== undefined;
  return {
    expected: isMutation(kind) ? 'different' : 'equivalent',
    b,
    ...(constants === undefined ? {} : { constants }),
    ...(byValue ? {} : { trees: { a: p.eq, b: eq } }),
  };
}
