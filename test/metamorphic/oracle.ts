import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Pair } from './generate.js';
import { printPython } from './print-python.js';

/** What the oracle says about a pair's two equations. */
export type OracleVerdict = 'same' | 'different' | 'unknown';

/**
 * Runs the Python oracle once over every pair that carries trees (one subprocess per batch, JSON
 * lines in and out). Pairs whose trees cannot be printed for Python get `unknown`. Returns
 * `undefined` when python3 is not available.
 */
export function oracleVerdicts(
  pairs: readonly Pair[],
  timeoutMs = 300_000,
): Map<string, OracleVerdict> | undefined {
  const out = new Map<string, OracleVerdict>();
  const lines: string[] = [];
  for (const p of pairs) {
    if (p.trees === undefined) continue;
    const names = new Map<string, string>();
    const sides = [p.trees.a.lhs, p.trees.a.rhs, p.trees.b.lhs, p.trees.b.rhs].map((n) =>
      printPython(n, names),
    );
    if (sides.some((s) => s === undefined) || names.size > 40) {
      out.set(p.id, 'unknown');
      continue;
    }
    lines.push(
      JSON.stringify({ id: p.id, a: sides.slice(0, 2), b: sides.slice(2), names: [...names.values()] }),
    );
  }
  if (lines.length === 0) return out;
  const script = fileURLToPath(new URL('./oracle.py', import.meta.url));
  const r = spawnSync('python3', [script], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 1 << 26,
  });
  if (r.error !== undefined || r.status !== 0) return undefined;
  for (const line of r.stdout.split('\n')) {
    if (line.trim() === '') continue;
    const { id, verdict } = JSON.parse(line) as { id: string; verdict: OracleVerdict };
    out.set(id, verdict);
  }
  return out;
}
