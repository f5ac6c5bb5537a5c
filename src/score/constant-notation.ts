import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { findMathBlocks } from '../extract/find-math-blocks.js';
import { parseLatex } from '../latex/index.js';

/** Most math blocks of a problem text read for its symbols (a pathological text stays bounded). */
const MAX_BLOCKS = 200;

/**
 * One notation of a standard constant against another: an answer that writes `from` where the
 * reference writes `to` means `value` (in the reference's symbols), by the standard relation between
 * them — never by a number, so a missing 2π stays missing.
 */
interface Notation {
  /** The answer's symbol (canonical name) and the reference's. */
  readonly from: string;
  readonly to: string;
  /** The answer's symbol written in the reference's: LaTeX. */
  readonly value: string;
  /** The answer's symbol as LaTeX (what a definition of it names). */
  readonly symbol: string;
  /**
   * Symbols whose use by the problem text makes the reading unsafe: a letter the problem gives
   * another meaning (`k` a spring constant, `h` a height) is not the constant.
   */
  readonly ambiguous: readonly string[];
  /** The reference must also write this symbol (the Coulomb constant goes with ε₀). */
  readonly needs?: string;
  /** The constant the reading is about: a problem text that names an ambiguous letter as it keeps the reading. */
  readonly constant: NamedConstant;
}

/** A standard constant a problem text may name a letter as. */
type NamedConstant = 'planck' | 'boltzmann' | 'coulomb';

/**
 * The notations of standard constants a grader reads as one another (CODATA symbols): ħ = h/(2π),
 * Boltzmann's k_B against a bare k, Coulomb's k (or k_e) against 1/(4πε₀).
 */
const NOTATIONS: readonly Notation[] = [
  {
    from: 'hbar',
    to: 'h',
    symbol: '\\hbar',
    value: '\\frac{h}{2\\pi}',
    ambiguous: ['h'],
    constant: 'planck',
  },
  { from: 'h', to: 'hbar', symbol: 'h', value: '2\\pi\\hbar', ambiguous: ['h'], constant: 'planck' },
  { from: 'k_{B}', to: 'k', symbol: 'k_B', value: 'k', ambiguous: ['k'], constant: 'boltzmann' },
  { from: 'k', to: 'k_{B}', symbol: 'k', value: 'k_B', ambiguous: ['k'], constant: 'boltzmann' },
  {
    from: 'k',
    to: 'epsilon_{0}',
    symbol: 'k',
    value: '\\frac{1}{4\\pi\\varepsilon_0}',
    ambiguous: ['k'],
    needs: 'epsilon_{0}',
    constant: 'coulomb',
  },
  {
    from: 'k_{e}',
    to: 'epsilon_{0}',
    symbol: 'k_e',
    value: '\\frac{1}{4\\pi\\varepsilon_0}',
    ambiguous: [],
    needs: 'epsilon_{0}',
    constant: 'coulomb',
  },
];

/**
 * Readings of an answer's constants in the reference's notation, as definitions (symbol name →
 * its LaTeX and its value): ħ where the reference writes only h is `\frac{h}{2\pi}`, k_B where it
 * writes only k is k, Coulomb's k where it writes ε₀ and no k is `\frac{1}{4\pi\varepsilon_0}`.
 * A reading applies only when the reference never writes the answer's symbol, writes the other one,
 * and the problem text writes neither letter it would reinterpret (a `k` or `h` the problem names is
 * its own quantity) — unless the text names that letter as the constant itself (`named`, from
 * {@link namedConstants}: "where $h$ is the Planck constant"). One reading per answer symbol: two
 * candidates (k as Boltzmann's and Coulomb's constant at once) give none.
 */
export function constantNotations(
  referenceUses: (name: string) => boolean,
  problemSymbols: ReadonlySet<string>,
  named: ReadonlyMap<string, string> = new Map(),
): Map<string, { readonly symbol: string; readonly value: string }> {
  const found = new Map<string, { symbol: string; value: string } | null>();
  for (const n of NOTATIONS) {
    if (referenceUses(n.from) || !referenceUses(n.to)) continue;
    if (n.needs !== undefined && !referenceUses(n.needs)) continue;
    if (n.ambiguous.some((s) => problemSymbols.has(s) && named.get(s) !== n.constant)) continue;
    found.set(n.from, found.has(n.from) ? null : { symbol: n.symbol, value: n.value });
  }
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const [name, d] of found) if (d !== null) out.set(name, d);
  return out;
}

/** The constant named right after a lone letter ("$h$ is the Planck constant", "$k$ = Boltzmann's constant"). */
const NAMED_AFTER =
  /^[$\\)\]]*\s*,?\s*(?:is|denotes|being|=)?\s*(?:the\s+)?(?<!reduced\s)(planck|boltzmann|coulomb)(?:'s|’s)?\s+constant\b/i;
/** The constant named right before a lone letter ("Planck's constant $h$", "the Boltzmann constant, $k$"). */
const NAMED_BEFORE = /(?<!reduced\s)\b(planck|boltzmann|coulomb)(?:'s|’s)?\s+constant\s*,?\s*(?:\\\(|\$)?$/i;
/** Characters of prose read on each side of a lone letter. */
const NAMING_WINDOW = 40;

/**
 * The letters a problem text names as a standard constant: a lone `h` or `k` in math with the
 * constant's name right beside it ("where $h$ is the Planck constant", "Boltzmann's constant $k$").
 * Letter → `planck`, `boltzmann` or `coulomb`; "reduced Planck constant" names ħ, not h. A letter
 * named as two constants is left out.
 */
export function namedConstants(text: string): Map<string, string> {
  const found = new Map<string, string | null>();
  for (const block of findMathBlocks(text).slice(0, MAX_BLOCKS)) {
    const letter = block.content.trim();
    if (letter !== 'h' && letter !== 'k') continue;
    const end = block.offset + block.content.length;
    const after = NAMED_AFTER.exec(text.slice(end, end + NAMING_WINDOW));
    const before = NAMED_BEFORE.exec(text.slice(Math.max(0, block.offset - NAMING_WINDOW), block.offset));
    const constant = (after?.[1] ?? before?.[1])?.toLowerCase();
    if (constant === undefined) continue;
    const previous = found.get(letter);
    found.set(letter, previous === undefined || previous === constant ? constant : null);
  }
  const out = new Map<string, string>();
  for (const [letter, constant] of found) if (constant !== null) out.set(letter, constant);
  return out;
}

/** The symbols (canonical names) the math of a problem text writes. */
export function textSymbols(text: string): Set<string> {
  const found = new Set<string>();
  for (const block of findMathBlocks(text).slice(0, MAX_BLOCKS)) {
    const parsed = parseLatex(block.content);
    if (parsed.ok) collect(parsed.tree, found);
  }
  return found;
}

function collect(node: Node, found: Set<string>): void {
  if (node.type === 'symbol') found.add(node.name);
  for (const child of childNodes(node)) collect(child, found);
}
