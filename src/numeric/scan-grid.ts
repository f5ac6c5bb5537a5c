const cache = new Map<string, Float64Array>();
/** The last call's parameters and grid (every solve asks; building the key allocated strings). */
let last: { key: readonly unknown[]; grid: Float64Array } | undefined;

/**
 * The sorted scan grid of the general path. Non-periodic: 0, ±10^e for e from log10(minAbs) to
 * log10(maxAbs) in steps of 1/pointsPerDecade, and `linear` evenly spaced points on [−P, P].
 * Periodic: only the points inside [−P, P] (with the finer linear grid). Cached per parameters.
 */
export function scanGrid(
  minAbs: number,
  maxAbs: number,
  perDecade: number,
  window: number,
  linear: number,
  periodic: boolean,
): Float64Array {
  const k = last?.key;
  if (
    k !== undefined &&
    k[0] === minAbs &&
    k[1] === maxAbs &&
    k[2] === perDecade &&
    k[3] === window &&
    k[4] === linear &&
    k[5] === periodic
  )
    return last!.grid;
  const grid = build(minAbs, maxAbs, perDecade, window, linear, periodic);
  last = { key: [minAbs, maxAbs, perDecade, window, linear, periodic], grid };
  return grid;
}

function build(
  minAbs: number,
  maxAbs: number,
  perDecade: number,
  window: number,
  linear: number,
  periodic: boolean,
): Float64Array {
  const key = `${minAbs}|${maxAbs}|${perDecade}|${window}|${linear}|${periodic}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const points = new Set<number>([0]);
  const e0 = Math.log10(minAbs);
  const steps = Math.round((Math.log10(maxAbs) - e0) * perDecade);
  for (let i = 0; i <= steps; i++) {
    const x = 10 ** (e0 + i / perDecade);
    if (periodic && x > window) break;
    points.add(x);
    points.add(-x);
  }
  for (let i = 0; i < linear; i++) points.add(-window + (2 * window * i) / (linear - 1));
  const grid = Float64Array.from([...points].sort((a, b) => a - b));
  cache.set(key, grid);
  return grid;
}
