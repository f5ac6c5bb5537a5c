/**
 * Physical constants by canonical symbol name. The table (CODATA 2018, astronomical data labelled
 * with their own sources) lives in `constant-table.ts`.
 */
import { PHYSICAL_CONSTANTS, type PhysicalConstant } from './constant-table.js';

export { PHYSICAL_CONSTANTS, type PhysicalConstant } from './constant-table.js';

const BY_NAME: ReadonlyMap<string, PhysicalConstant> = (() => {
  const map = new Map<string, PhysicalConstant>();
  for (const c of PHYSICAL_CONSTANTS) {
    for (const name of c.names) {
      if (map.has(name)) throw new Error(`constant name ${name} is listed twice`);
      map.set(name, c);
    }
  }
  return map;
})();

/**
 * The physical constant a canonical symbol name denotes (`epsilon_{0}`, `hbar`, `k_{B}`), or
 * `undefined`. An unbraced one-character subscript is accepted too (`k_B` → `k_{B}`).
 */
export function lookupConstant(canonicalName: string): PhysicalConstant | undefined {
  const exact = BY_NAME.get(canonicalName);
  if (exact !== undefined) return exact;
  const loose = /^([^_]+)_([^{}])$/.exec(canonicalName);
  return loose === null ? undefined : BY_NAME.get(`${loose[1]}_{${loose[2]}}`);
}
