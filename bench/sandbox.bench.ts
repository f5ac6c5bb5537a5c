/**
 * What the Task IV sandbox costs per run: one sandboxed run of `solve(x)` on 5 instances (math,
 * then numpy when installed) against the baseline of starting the same python3 bare
 * (`python3 -I -B -c pass`), interleaved in this process, median of N each.
 * Run: node scripts/run-bench.mjs sandbox [-- N]
 */
import { spawnSync } from 'node:child_process';
import { runPythonSandboxed, sandboxSupport } from '../src/sandbox/index.js';

const N = Number(process.argv[2] ?? 9);
const support = sandboxSupport();
if (support.missing !== undefined) {
  console.log(`sandbox bench skipped: ${support.missing}`);
  process.exit(0);
}
const python = support.python!.executable;
const calls = [1, 2, 3, 4, 5].map((x) => ({ x }));
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;

for (const [label, source] of [
  ['math', 'import math\ndef solve(x):\n    return {"ans_1": math.sqrt(x)}\n'],
  ['numpy', 'import numpy as np\ndef solve(x):\n    return {"ans_1": float(np.sqrt(x))}\n'],
] as const) {
  const importable = spawnSync(python, ['-I', '-c', `import ${label}`]).status === 0;
  if (!importable) {
    console.log(`${label}: not installed, skipped`);
    continue;
  }
  const bare: number[] = [];
  const sandboxed: number[] = [];
  for (let i = 0; i < N; i++) {
    let t0 = performance.now();
    spawnSync(python, ['-I', '-B', '-c', `import ${label}`]);
    bare.push(performance.now() - t0);
    t0 = performance.now();
    const r = await runPythonSandboxed(source, 'solve', calls);
    sandboxed.push(performance.now() - t0);
    if (!r.calls.every((c) => c.ok)) throw new Error(`the sandbox failed: ${JSON.stringify(r.calls[0])}`);
  }
  const b = median(bare);
  const s = median(sandboxed);
  console.log(
    `${label.padEnd(6)} bare python3 + import (baseline) ${b.toFixed(0).padStart(5)} ms; sandboxed run of 5 instances ${s.toFixed(0).padStart(5)} ms (${(s / calls.length).toFixed(0)} ms per instance); ratio ${(s / b).toFixed(2)}x`,
  );
}
