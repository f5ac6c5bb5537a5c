/** Normalization: from a parsed tree to the canonical tree the equivalence checker evaluates. */
export { applyToSymbol, normalizeApply } from './apply-to-symbol.js';
export { cancelledText, canonicalText } from './canonical-text.js';
export { NORMALIZE_CODES, type NormalizeCode } from './codes.js';
export { isEulerPower, isUprightE } from './euler.js';
export { expandPlusMinus, hasPlusMinus } from './expand-plus-minus.js';
export { mapChildren, rewriteBottomUp } from './map-children.js';
export {
  type MathConstantOptions,
  type MathConstantResult,
  substituteMathConstants,
} from './math-constants.js';
export { type NormalizeOptions, type NormalizeResult, normalize } from './normalize.js';
export { orientRelation, orientRelations } from './orient-relation.js';
export {
  constantNumber,
  type LatexParser,
  type PreparedConstants,
  prepareConstants,
} from './prepare-constants.js';
export {
  type ResolveUnitsResult,
  resolveUnits,
  type UnitResolution,
  type UnitResolver,
} from './resolve-units.js';
export { substituteConstants, withSpan } from './substitute-constants.js';
export { type SymbolLookup, substituteSymbols } from './substitute-symbols.js';
