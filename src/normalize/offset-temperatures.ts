import type { Node } from '../core/tree.js';
import { mapChildren } from './map-children.js';

/** An offset temperature scale: kelvin = value · scale + offsetK. */
export interface OffsetScale {
  readonly scale: number;
  readonly offsetK: number;
}

/** Looks up an offset unit (°C, °F) by its text; undefined for every other unit. */
export type OffsetLookup = (unit: string) => OffsetScale | undefined;

/**
 * Offset temperatures, as the design brief decides: a temperature *stated* in °C or °F — a whole
 * side of a relation or a whole formula, `T = 27\,^{\circ}\mathrm{C}` — is converted to kelvin
 * (300.15 K), as a physicist reads it; inside a difference (the other side is a `\Delta`/`\delta`
 * symbol or a difference `T_2 - T_1`) only the scale applies (`\Delta T = 9\,^{\circ}\mathrm{F}` is
 * 5 K). Compound units (`J/(kg\,^{\circ}C)`) are scale-only in the unit parser. Anything else (a
 * temperature inside arithmetic) stays a unit node, which `resolveUnits` reports as
 * `unsupported-unit`. The kelvin value keeps the written decimals in `raw` (`27.0` °C → `300.2`), so
 * a value-only formula still compares to the precision written.
 */
export function convertOffsetTemperatures(tree: Node, lookup: OffsetLookup): Node {
  const walk = (node: Node): Node => {
    if (node.type === 'relation') {
      const args = node.args.map((arg, i) => {
        const difference = node.args.some((other, j) => j !== i && isDifference(other));
        return convert(arg, difference, lookup) ?? arg;
      });
      return { ...node, args };
    }
    if (node.type === 'list') return mapChildren(node, walk);
    return convert(node, false, lookup) ?? node;
  };
  return walk(tree);
}

/** `n * [°C]` or `-(n * [°C])` → a kelvin number node; undefined when `node` is not one. */
function convert(node: Node, difference: boolean, lookup: OffsetLookup): Node | undefined {
  const negative = node.type === 'unary' && node.op === '-';
  const inner = negative ? node.arg : node;
  if (
    inner.type !== 'binary' ||
    inner.op !== '*' ||
    inner.left.type !== 'number' ||
    inner.right.type !== 'unit'
  )
    return undefined;
  const unit = lookup(inner.right.unit);
  if (unit === undefined) return undefined;
  const written = inner.left.raw;
  const value = (negative ? -1 : 1) * inner.left.value;
  const k = value * unit.scale + (difference ? 0 : unit.offsetK);
  const decimals = /^\s*\d*\.(\d+)\s*$/.exec(written)?.[1]?.length;
  const raw = decimals === undefined ? String(k) : k.toFixed(decimals);
  return { type: 'number', value: k, raw, span: node.span };
}

/** A Δ/δ quantity or a difference `a - b`: the other side of a temperature difference. */
function isDifference(node: Node): boolean {
  if (node.type === 'symbol') return /^(Delta|delta) /.test(node.name);
  return node.type === 'binary' && node.op === '-';
}
