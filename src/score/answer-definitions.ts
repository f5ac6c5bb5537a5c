import { prepareFormula, symbolName } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import type { Statement } from './final-statements.js';

/**
 * The answer's own definitions of single symbols (`t = \pi\sqrt{a^3/GM}` "with"
 * `a = \frac{r_0 + r_1}{2}`; `x = \frac{\mu B}{k_B T}`): symbol LaTeX → its value LaTeX, for a symbol
 * the answer defines in one statement only (a chain `a = X = Y` is one statement; a symbol defined
 * twice, or in terms of itself, is left out). `exclude`: symbols never taken (the expected
 * quantity's own variables). A final statement written with such a symbol is compared with the
 * symbol replaced by its definition, as a grader reads "where …".
 */
export function answerDefinitions(
  statements: readonly Statement[],
  prepare: (latex: string) => PreparedFormula,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const found = new Map<string, { symbol: string; value: string; offset: number } | null>();
  for (const s of statements) {
    if (s.bare || s.sides === undefined) continue;
    const name = symbolName(s.sides.lhs);
    if (name === undefined || !/^[^=]+$/.test(s.sides.lhs)) continue;
    const previous = found.get(name);
    if (previous === null) continue;
    if (previous !== undefined) {
      if (previous.offset !== s.offset) found.set(name, null);
      continue;
    }
    const value = prepare(s.sides.rhs);
    // A value that names the symbol itself is an equation for it, not a definition.
    if (!value.ok || value.kind !== 'expression' || value.variables.includes(name)) {
      found.set(name, null);
      continue;
    }
    found.set(name, { symbol: s.sides.lhs, value: s.sides.rhs, offset: s.offset });
  }
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const [name, d] of found) {
    if (d === null) continue;
    out.set(name, { symbol: d.symbol, value: d.value });
  }
  return out;
}

/**
 * Whether a value added to the problem's constants map would read a letter as a physical constant
 * the map does not already read (`G` in `\sqrt{GM/r_0}`): in a map, a table constant's letter then
 * means the constant everywhere, while in the answer it is a symbol. Such a definition is not used.
 */
export function readsTableConstants(
  constants: Readonly<Record<string, string>>,
  symbol: string,
  value: string,
): boolean {
  const lookups = (map: Readonly<Record<string, string>>) => {
    const p = prepareFormula('0', { constants: map });
    return p.ok ? p.diagnostics.filter((d) => d.code === 'constant-from-table').length : -1;
  };
  const before = lookups(constants);
  const after = lookups({ ...constants, [symbol]: value });
  return after < 0 || after > before;
}
