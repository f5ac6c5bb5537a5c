import { symbolLatex } from '../../src/core/print-latex.js';
import type { Prng } from '../../src/core/prng.js';
import type { Node } from '../../src/core/tree.js';
import type { Equation } from './tree-rewrites.js';
import { bin, mapTree, num, sites, symbolInfo } from './tree-tools.js';

/** SI prefixes by exponent (µ written as the micro sign, as the parser spells units). */
const PREFIXES: Readonly<Record<string, number>> = { k: 3, M: 6, G: 9, m: -3, µ: -6, n: -9, c: -2, '': 0 };
/** Units that take any of the prefixes above (c only with m). */
const BASES = ['mol', 'Pa', 'Hz', 'eV', 'm', 'g', 's', 'J', 'W', 'N', 'V', 'A', 'C', 'F', 'T', 'K', 'L', 'Ω'];
/** Units with a fixed factor to seconds. */
const TIMES: Readonly<Record<string, number>> = { min: 60, h: 3600 };

function splitUnit(unit: string): { prefix: string; base: string } | undefined {
  if (TIMES[unit] !== undefined) return undefined;
  for (const base of BASES) {
    if (!unit.endsWith(base)) continue;
    const prefix = unit.slice(0, unit.length - base.length);
    if (PREFIXES[prefix] !== undefined && (prefix !== 'c' || base === 'm')) return { prefix, base };
  }
  return undefined;
}

/** SI value of one base unit above (the gram and the litre are not coherent SI units; the eV is exact since 2019). */
const BASE_SCALE: Readonly<Record<string, number>> = { g: 1e-3, L: 1e-3, eV: 1.602176634e-19 };

/**
 * The SI value of a simple unit (`km` → 1000, `µs` → 1e-6, `h` → 3600, `MeV` → 1.602e-13), or
 * `undefined` for a compound or unknown one. The oracle's own small table, independent of
 * `src/physics`.
 */
export function unitScale(unit: string): number | undefined {
  if (TIMES[unit] !== undefined) return TIMES[unit];
  const u = splitUnit(unit);
  if (u === undefined) return undefined;
  return 10 ** PREFIXES[u.prefix]! * (BASE_SCALE[u.base] ?? 1);
}

/** `mantissa × 10^k` of a number literal as written (`2.5\times10^{3}` → 2.5, 3; `40` → 40, 0). */
function scientific(raw: string): { mantissa: string; exp: number } {
  const m = /^\s*([0-9.]+)\s*(?:\\times|\\cdot|×)\s*10\^\{?\s*([-+]?\d+)\s*\}?\s*$/.exec(raw);
  if (m !== null) return { mantissa: m[1]!, exp: Number(m[2]) };
  return { mantissa: raw.trim(), exp: 0 };
}

/**
 * One quantity `v\,\mathrm{unit}` converted to another prefix of the same unit (or minutes and
 * hours to seconds) with the same mantissa: `3\,\mathrm{km}` → `3\times10^{3}\,\mathrm{m}`.
 */
export function convertUnit(eq: Equation, rng: Prng): Equation | undefined {
  const root = bin('-', eq.lhs, eq.rhs);
  const candidates = sites(root).filter(({ node }) => {
    if (
      node.type !== 'binary' ||
      node.op !== '*' ||
      node.left.type !== 'number' ||
      node.right.type !== 'unit'
    )
      return false;
    if (!/^\s*[0-9.]+\s*((\\times|\\cdot)\s*10\^\{?\s*[-+]?\d+\s*\}?)?\s*$/.test(node.left.raw)) return false;
    return splitUnit(node.right.unit) !== undefined || TIMES[node.right.unit] !== undefined;
  });
  const site = candidates[rng.int(candidates.length)];
  if (site === undefined) return undefined;
  const n = site.node as Extract<Node, { type: 'binary' }>;
  const value = n.left as Extract<Node, { type: 'number' }>;
  const unit = (n.right as Extract<Node, { type: 'unit' }>).unit;
  const { mantissa, exp } = scientific(value.raw);
  let by: Node;
  if (TIMES[unit] !== undefined) {
    by = bin('*', bin('*', value, num(TIMES[unit]!)), { type: 'unit', unit: 's', span: n.right.span });
  } else {
    const { prefix, base } = splitUnit(unit)!;
    const targets = Object.keys(PREFIXES).filter((p) => p !== prefix && (p !== 'c' || base === 'm'));
    const target = targets[rng.int(targets.length)]!;
    const k = exp + PREFIXES[prefix]! - PREFIXES[target]!;
    const raw = k === 0 ? mantissa : `${mantissa}\\times10^{${k}}`;
    by = bin('*', num(Number(mantissa) * 10 ** k, raw), {
      type: 'unit',
      unit: `${target}${base}`,
      span: n.right.span,
    });
  }
  const out = site.replace(by);
  return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
}

/** CODATA 2018 values (and standard g) for symbols that name a constant, as LaTeX. */
const PHYSICAL: Readonly<Record<string, string>> = {
  c: '2.99792458\\times10^{8}',
  G: '6.67430\\times10^{-11}',
  h: '6.62607015\\times10^{-34}',
  'k_{B}': '1.380649\\times10^{-23}',
  'epsilon_{0}': '8.8541878128\\times10^{-12}',
  'mu_{0}': '1.25663706212\\times10^{-6}',
  'm_{e}': '9.1093837015\\times10^{-31}',
  'm_{p}': '1.67262192369\\times10^{-27}',
  g: '9.80665',
  'N_{A}': '6.02214076\\times10^{23}',
  R: '8.314462618',
  sigma: '5.670374419\\times10^{-8}',
};

/** A constants-map rewrite: the pair, and the map under which the two formulas are equivalent. */
export interface ConstantRewrite {
  readonly eq: Equation;
  readonly constants: Record<string, string>;
  readonly name: string;
}

/**
 * One symbol written out as its value, with the constants map that defines it: a physical
 * constant's CODATA value when the symbol names one (`physical`), else a made-up value.
 */
export function writeConstant(eq: Equation, rng: Prng, physical: boolean): ConstantRewrite | undefined {
  const names = [...symbolInfo(bin('-', eq.lhs, eq.rhs)).free.keys()].filter(
    (n) => (PHYSICAL[n] !== undefined) === physical,
  );
  const name = names[rng.int(names.length)];
  if (name === undefined) return undefined;
  const raw = PHYSICAL[name] ?? (1 + rng.int(90) / 10).toFixed(1);
  const m = /^([0-9.]+)(?:\\times10\^\{(-?\d+)\})?$/.exec(raw)!;
  const value = Number(m[1]) * 10 ** Number(m[2] ?? 0);
  const sub = (n: Node): Node => (n.type === 'symbol' && n.name === name ? num(value, raw) : n);
  return {
    eq: { lhs: mapTree(eq.lhs, sub), rhs: mapTree(eq.rhs, sub) },
    constants: { [symbolLatex(name)]: raw },
    name,
  };
}
