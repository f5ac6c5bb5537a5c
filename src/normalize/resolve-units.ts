import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import { rewriteBottomUp } from './map-children.js';

/** `parseUnit` refuses offset units (°C, °F) with a reason that starts like this. */
const OFFSET_REASON = /^offset unit\b/;

/** What a unit resolver returns: the signature of `parseUnit` in `src/physics/units.ts`. */
export type UnitResolution =
  | { readonly ok: true; readonly scale: number; readonly dim: readonly number[]; readonly offset?: number }
  | { readonly ok: false; readonly reason: string };

/** Resolves a unit text (`km/h`, `m.s^{-2}`, `deg`) to an SI scale and dimension. */
export type UnitResolver = (text: string) => UnitResolution;

/** The tree with units resolved, and diagnostics. */
export interface ResolveUnitsResult {
  readonly tree: Node;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Turns every `unit` node into a `number` node whose value is the unit's SI scale and whose `dim`
 * is its dimension, so `36\,\text{km/h}` (`36 * [km/h]`) evaluates to 10 with dim `[1,0,-1,0,0,0,0]`.
 * An unknown unit gives the error `unknown-unit`; an offset unit (°C, °F: a resolution with a non-zero
 * `offset`, or a refusal whose reason starts with `offset unit`) gives `unsupported-unit`.
 * Units that fail stay `unit` nodes (the numeric core cannot evaluate them: the error is the signal).
 */
export function resolveUnits(tree: Node, resolve: UnitResolver): ResolveUnitsResult {
  const diagnostics: Diagnostic[] = [];
  const out = rewriteBottomUp(tree, (node) => {
    if (node.type !== 'unit') return node;
    const unit = resolve(node.unit);
    if (!unit.ok) {
      diagnostics.push(
        OFFSET_REASON.test(unit.reason)
          ? diagnostic('unsupported-unit', 'error', `${node.unit}: ${unit.reason}`, node.span)
          : diagnostic('unknown-unit', 'error', `unknown unit ${node.unit}: ${unit.reason}`, node.span),
      );
      return node;
    }
    if (unit.offset !== undefined && unit.offset !== 0) {
      diagnostics.push(
        diagnostic(
          'unsupported-unit',
          'error',
          `${node.unit} is an offset unit (zero at ${unit.offset} K); convert the value to kelvin`,
          node.span,
        ),
      );
      return node;
    }
    return { type: 'number', value: unit.scale, raw: node.unit, dim: unit.dim, span: node.span };
  });
  return { tree: out, diagnostics };
}
