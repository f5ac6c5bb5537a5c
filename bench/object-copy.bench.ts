/**
 * Why the per-trial path builds its results field by field: on the Node versions we support,
 * copying an object and adding a property it lacks (`{ ...x, extra }`) takes a slow path, while a
 * literal, a plain copy, or a copy that overrides a key it already has stay fast. Prints ns per
 * object for each against the literal (the baseline, same process).
 * Run: node scripts/run-bench.mjs object-copy
 */
const N = 2_000_000;
const base = { trials: [] as number[], nEq: 0, nNeq: 0, nFail: 0, mode: 'physical' };
let sink = 0;

function time(label: string, make: (i: number) => { nEq: number }): number {
  for (let i = 0; i < N / 10; i++) sink += make(i).nEq;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) sink += make(i).nEq;
  const ns = ((performance.now() - t0) * 1e6) / N;
  console.log(`${label.padEnd(44)} ${ns.toFixed(1).padStart(8)} ns`);
  return ns;
}

const literal = time('literal with every field (baseline)', (i) => ({
  trials: base.trials,
  nEq: i,
  nNeq: 0,
  nFail: 0,
  mode: base.mode,
  shortcut: 'identical',
}));
const override = time('{ ...x, nEq } (a key x has)', (i) => ({ ...base, nEq: i }));
const extend = time('{ ...x, shortcut } (a key x lacks)', (i) => ({
  ...base,
  nEq: i,
  shortcut: 'identical',
}));
console.log(
  `ratio to the literal: override ${(override / literal).toFixed(1)}x, add a key ${(extend / literal).toFixed(1)}x (node ${process.version})`,
);
if (sink === -1) console.log(sink);
