import type { Diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import { parseLatex } from '../latex/parse-latex.js';
import { offsetUnit, parseUnit } from '../physics/units.js';
import { normalizeApply } from './apply-to-symbol.js';
import { substituteMathConstants } from './math-constants.js';
import { convertOffsetTemperatures } from './offset-temperatures.js';
import { orientRelations } from './orient-relation.js';
import { type PreparedConstants, prepareConstants } from './prepare-constants.js';
import { resolveUnits, type UnitResolution } from './resolve-units.js';
import { substituteConstants } from './substitute-constants.js';

/** Options of {@link normalize}. */
export interface NormalizeOptions {
  /** The problem's constants map: symbol LaTeX → value LaTeX (a number or an expression). */
  readonly constants?: Readonly<Record<string, string>>;
  /** Treat the symbol `i` as the imaginary unit (default false: `i` is a plain symbol). */
  readonly imaginaryUnit?: boolean;
}

/** The canonical tree and what was found on the way. */
export interface NormalizeResult {
  readonly tree: Node;
  readonly diagnostics: readonly Diagnostic[];
}

const NO_CONSTANTS: PreparedConstants = { values: new Map(), diagnostics: [] };
const prepared = new WeakMap<object, PreparedConstants>();

/**
 * Turns a parsed formula into the canonical tree the equivalence checker evaluates. Pure,
 * deterministic, never throws on user input. Steps, in order (each exported on its own):
 * 1. `normalizeApply`: `x(t)` → `x`, `x(0)` → the symbol `x(0)`;
 * 2. `prepareConstants` + `substituteConstants`: the problem's constants map (Stage 1), with
 *    physical constants available to the map's values by name;
 * 3. `substituteMathConstants`: π, Euler's `e` (upright or as an exponential's base), `i`;
 * 4. `convertOffsetTemperatures`: a stated °C/°F temperature → kelvin (a difference: scale only);
 *    `resolveUnits`: unit nodes → SI scale numbers with their dimension (a `c` inside a unit is the
 *    speed of light, or 1 when the constants map sets `c` to `1`: natural units, `GeV/c` = `GeV`);
 * 5. `orientRelations`: `a > b` → `b < a`.
 * `±` is left in the tree; `expandPlusMinus` gives the branches. A constants map object is
 * prepared once and reused while it is alive (cached by identity; do not mutate it afterwards).
 */
export function normalize(tree: Node, options: NormalizeOptions = {}): NormalizeResult {
  const constants = options.constants === undefined ? NO_CONSTANTS : prepareCached(options.constants);
  let out = normalizeApply(tree);
  out = substituteConstants(out, constants);
  const math = substituteMathConstants(out, options.imaginaryUnit === true ? { imaginaryUnit: true } : {});
  const temperatures = convertOffsetTemperatures(math.tree, offsetUnit);
  const units = resolveUnits(temperatures, naturalUnits(options.constants) ? parseNaturalUnit : parseUnit);
  out = orientRelations(units.tree);
  return { tree: out, diagnostics: [...constants.diagnostics, ...math.diagnostics, ...units.diagnostics] };
}

/** A problem in natural units declares `c: "1"` in its constants map (`"units": "natural"` adds it). */
function naturalUnits(constants: Readonly<Record<string, string>> | undefined): boolean {
  return constants?.c?.trim() === '1';
}

function parseNaturalUnit(text: string): UnitResolution {
  return parseUnit(text, { naturalUnits: true });
}

function prepareCached(constants: Readonly<Record<string, string>>): PreparedConstants {
  let entry = prepared.get(constants);
  if (entry === undefined) {
    entry = Object.keys(constants).length === 0 ? NO_CONSTANTS : prepareConstants(constants, parseLatex);
    prepared.set(constants, entry);
  }
  return entry;
}
