// C3 (spec C5): DAG entropy e = Σ ln(width), its properties, and the documented thresholds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import { dagLayers } from '../../src/dag/dag-layers.js';
import { C3_THRESHOLDS, levelOf, structuralComplexity } from '../../src/dag/structural-complexity.js';
import type { DagNode } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { tertileThresholds } from '../../src/stats/tertile-thresholds.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const node = (index: number, dependency: number[]): DagNode => ({ index, formula: 'x = 1', dependency });

/** A seeded random DAG: node i depends on a random subset of earlier nodes. */
function randomDag(seed: string, n: number): DagNode[] {
  const prng = createPrng(seed);
  return Array.from({ length: n }, (_, i) => {
    const deps = [...new Set(Array.from({ length: prng.int(3) }, () => 1 + prng.int(Math.max(1, i))))].filter(
      (d) => d <= i,
    );
    return node(i + 1, i === 0 ? [] : deps);
  });
}

test('a chain has e = 0 and C3 = 1, however long', () => {
  for (const n of [1, 2, 5, 40]) {
    const chain = Array.from({ length: n }, (_, i) => node(i + 1, i === 0 ? [] : [i]));
    const c = structuralComplexity(chain);
    assert.equal(c.entropy, 0);
    assert.equal(c.c3, 1);
    assert.deepEqual(c.widths, Array(n).fill(1));
  }
});

test('e is the log of the product of the layer widths (natural log)', () => {
  // layers: {1,2,3} → {4,5} → {6}
  const dag = [node(1, []), node(2, []), node(3, []), node(4, [1, 2]), node(5, [3]), node(6, [4, 5])];
  const c = structuralComplexity(dag);
  assert.deepEqual(c.widths, [3, 2, 1]);
  assert.ok(Math.abs(c.entropy - Math.log(6)) < 1e-12);
  assert.equal(c.c3, 3, 'Π widths = 6 reaches τ2 = ln 6 even though ln 3 + ln 2 may miss it by an ulp');
});

test('thresholds: the lower boundary belongs to the higher level', () => {
  assert.equal(levelOf(Math.log(2), C3_THRESHOLDS.tau1, C3_THRESHOLDS.tau2), 1);
  assert.equal(levelOf(Math.log(3), C3_THRESHOLDS.tau1, C3_THRESHOLDS.tau2), 2);
  assert.equal(levelOf(Math.log(5), C3_THRESHOLDS.tau1, C3_THRESHOLDS.tau2), 2);
  assert.equal(levelOf(Math.log(2) + Math.log(3), C3_THRESHOLDS.tau1, C3_THRESHOLDS.tau2), 3);
  assert.equal(levelOf(3, 3, 4), 2);
  assert.equal(levelOf(4, 3, 4), 3);
  assert.equal(levelOf(2.999, 3, 4), 1);
  // three parallel facts feeding one result: Π = 3
  assert.equal(structuralComplexity([node(1, []), node(2, []), node(3, []), node(4, [1, 2, 3])]).c3, 2);
});

test('property: adding a sink (a node nothing depends on) never lowers e, on 300 seeded DAGs', () => {
  for (let k = 0; k < 300; k++) {
    const dag = randomDag(`sink-${k}`, 2 + (k % 14));
    const before = structuralComplexity(dag).entropy;
    const prng = createPrng(`extra-${k}`);
    const deps = prng.int(2) === 0 ? [] : [1 + prng.int(dag.length)];
    const after = structuralComplexity([...dag, node(dag.length + 1, deps)]).entropy;
    assert.ok(after >= before - 1e-12, `DAG ${k}: e fell from ${before} to ${after}`);
  }
});

test('property: a parallel copy of a node (same parents) strictly raises e; C3 never falls', () => {
  for (let k = 0; k < 300; k++) {
    const dag = randomDag(`par-${k}`, 2 + (k % 14));
    const prng = createPrng(`pick-${k}`);
    const twin = dag[prng.int(dag.length)]!;
    const before = structuralComplexity(dag);
    const after = structuralComplexity([...dag, node(dag.length + 1, [...twin.dependency])]);
    assert.ok(after.entropy > before.entropy, `DAG ${k}`);
    assert.ok(after.c3 >= before.c3, `DAG ${k}`);
  }
});

test('property: e depends on the graph, not on how its nodes are numbered', () => {
  for (let k = 0; k < 100; k++) {
    const dag = randomDag(`perm-${k}`, 3 + (k % 10));
    // renumber in another topological order: sort by layer, ties reversed
    const layers = dagLayers(dag).layerOf;
    const order = [...dag].sort((a, b) => layers.get(a.index)! - layers.get(b.index)! || b.index - a.index);
    const newIndex = new Map(order.map((n, i) => [n.index, i + 1]));
    const renumbered = order.map((n) =>
      node(
        newIndex.get(n.index)!,
        n.dependency.map((d) => newIndex.get(d)!),
      ),
    );
    assert.ok(Math.abs(structuralComplexity(renumbered).entropy - structuralComplexity(dag).entropy) < 1e-12);
  }
});

test('τ1 = ln 3 and τ2 = ln 6 are the tertiles of e over the bundled benchmark (label-free)', () => {
  const { problems } = loadBundledDataset();
  assert.equal(problems.length, 70);
  const t = tertileThresholds(problems.map((p) => structuralComplexity(p.grading_standard).entropy));
  assert.ok(Math.abs(t.t1 - C3_THRESHOLDS.tau1) < 1e-9, `t1 = ${t.t1}`);
  assert.ok(Math.abs(t.t2 - C3_THRESHOLDS.tau2) < 1e-9, `t2 = ${t.t2}`);
});

test('on the released PRISM-Physics DAGs the thresholds spread the problems over all three levels', (t) => {
  const path = sharedFile('peers/prism-physics/dag_02_subset.json');
  if (path === undefined) return t.skip(missingShared('peers/prism-physics/dag_02_subset.json'));
  const { problems } = loadDataset(path);
  const counts = [0, 0, 0];
  for (const p of problems) counts[structuralComplexity(p.grading_standard).c3 - 1]!++;
  assert.equal(problems.length, 15);
  assert.deepEqual(counts, [4, 5, 6]);
});
