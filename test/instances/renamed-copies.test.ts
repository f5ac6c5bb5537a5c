// The validation draw of a parameterized problem is seeded by its id: renaming a problem must not
// turn a good one bad. Draws that lose the witness to rounding (sides cancelling) are not the DAG's fault.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { checkParameters } from '../../src/instances/check-parameters.js';

const bundled = loadDataset(bundledDatasetPath()).problems;
const failures = (id: string, copies: number): string[] => {
  const base = bundled.find((p) => p.id === id)!;
  const out: string[] = [];
  for (let i = 0; i < copies; i++) {
    const found = checkParameters({ ...base, id: `${id}-copy-${i}` });
    if (found.length > 0) out.push(`${id}-copy-${i}: ${found[0]!.message}`);
  }
  return out;
};

// mech-07 (v_f = (v_0 − Rω_0)/2 near rolling) failed 112 of 2,000 renamed copies on rounding noise.
// (anp-10 fails 15 of 200 for a real reason: draws with E < mc² have no real momentum, and it
// declares no constraint against them; prism parameterize relies on such draws being reported.)
for (const id of ['mech-07']) {
  test(`300 renamed copies of ${id} all validate`, () => {
    assert.deepEqual(failures(id, 300).slice(0, 3), []);
  });
}

test('5 renamed copies of every parameterized bundled problem validate (anp-10 aside, see above)', () => {
  const ids = bundled.filter((p) => (p.parameters ?? []).length > 0 && p.id !== 'anp-10').map((p) => p.id);
  assert.ok(ids.length > 60);
  assert.deepEqual(ids.flatMap((id) => failures(id, 5)).slice(0, 3), []);
});

test('near miss: a problem as written that breaks its own witness still fails, whatever its id', () => {
  const base = bundled.find((p) => p.id === 'mech-07')!;
  const parameter = base.parameters![0]!;
  // The text's value no longer matches the witness the DAG was solved from.
  const broken = {
    ...base,
    parameters: base.parameters!.map((p) => (p === parameter ? { ...p, value: p.value * 1.5 } : p)),
  };
  for (const id of ['mech-07', 'mech-07-copy-1']) {
    const found = checkParameters({ ...broken, id });
    assert.ok(
      found.some((d) => d.severity === 'error'),
      `${id}: ${JSON.stringify(found)}`,
    );
  }
});
