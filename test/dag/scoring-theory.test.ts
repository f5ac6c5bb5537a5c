import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng, type Prng } from '../../src/core/prng.js';
import { ancestorClosure } from '../../src/dag/ancestor-closure.js';
import type { DagNode } from '../../src/dag/types.js';
import { validateGraph } from '../../src/dag/validate-graph.js';
import { baselines } from '../../src/score/baselines.js';

// Property tests of the scoring theory (paper spec C1 and C8) on seeded random forward-edge DAGs:
// nodes 1..n, edges only from lower to higher index (Assumption 2). 300 DAGs × 8 matched sets each.

type Policy = (dag: readonly DagNode[], m: ReadonlySet<number>) => Set<number>;

const ach: Policy = (dag, m) => new Set(ancestorClosure(dag, m));
/** C1 strict matching: credit exactly the matched formulas. */
const strict: Policy = (_dag, m) => new Set(m);
/** C1 prefix credit: every formula up to the last matched one (empty for M = ∅). */
const prefix: Policy = (_dag, m) => {
  const last = Math.max(0, ...m);
  return new Set(Array.from({ length: last }, (_, i) => i + 1));
};

function randomDag(rng: Prng, n: number, density: number): DagNode[] {
  return Array.from({ length: n }, (_, i) => ({
    index: i + 1,
    formula: `f_${i + 1}`,
    dependency: Array.from({ length: i }, (_, j) => j + 1).filter(() => rng.next() < density),
  }));
}

function randomSubset(rng: Prng, n: number, p: number): Set<number> {
  return new Set(Array.from({ length: n }, (_, i) => i + 1).filter(() => rng.next() < p));
}

const subset = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => [...a].every((x) => b.has(x));
const same = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => a.size === b.size && subset(a, b);
const union = (a: ReadonlySet<number>, b: ReadonlySet<number>): Set<number> => new Set([...a, ...b]);

/** Which of Definition 4's conditions S(M) violates: 1 matched inclusion, 2 ancestor closure, 3 soundness. */
function violations(dag: readonly DagNode[], m: ReadonlySet<number>, s: ReadonlySet<number>): number[] {
  const out: number[] = [];
  if (!subset(m, s)) out.push(1);
  if (dag.some((node) => s.has(node.index) && node.dependency.some((d) => !s.has(d)))) out.push(2);
  if (!subset(s, ach(dag, m))) out.push(3);
  return out;
}

/** Every seeded case: a DAG and random matched sets over it. */
function* cases(seed: string, count = 300): Generator<{ dag: DagNode[]; ms: Set<number>[]; rng: Prng }> {
  const rng = createPrng(seed);
  for (let k = 0; k < count; k++) {
    const n = 1 + rng.int(14);
    const dag = randomDag(rng, n, [0.1, 0.3, 0.6][k % 3]!);
    const ms = Array.from({ length: 8 }, (_, i) => randomSubset(rng, n, i === 0 ? 0 : rng.next()));
    yield { dag, ms, rng };
  }
}

test('(a) Ach is admissible: matched inclusion, ancestor closure, soundness', () => {
  for (const { dag, ms } of cases('a'))
    for (const m of ms) assert.deepEqual(violations(dag, m, ach(dag, m)), []);
});

test('(b) Ach(M) is the smallest ancestor-closed superset of M (brute force over all subsets, n ≤ 8)', () => {
  const rng = createPrng('b');
  for (let k = 0; k < 60; k++) {
    const n = 1 + rng.int(8);
    const dag = randomDag(rng, n, 0.35);
    const m = randomSubset(rng, n, 0.3);
    const closure = ach(dag, m);
    for (let mask = 0; mask < 1 << n; mask++) {
      const s = new Set(Array.from({ length: n }, (_, i) => i + 1).filter((i) => mask & (1 << (i - 1))));
      const closed = dag.every((node) => !s.has(node.index) || node.dependency.every((d) => s.has(d)));
      if (closed && subset(m, s)) assert.ok(subset(closure, s), `Ach not below closed superset ${[...s]}`);
    }
  }
});

test('(c) idempotence, (d) monotonicity, (e) union', () => {
  for (const { dag, ms } of cases('cde')) {
    for (const m of ms) assert.ok(same(ach(dag, ach(dag, m)), ach(dag, m)));
    for (const m1 of ms) {
      for (const m2 of ms) {
        if (subset(m1, m2)) assert.ok(subset(ach(dag, m1), ach(dag, m2)));
        assert.ok(same(ach(dag, union(m1, m2)), union(ach(dag, m1), ach(dag, m2))));
      }
      const bigger = union(m1, ms[(ms.indexOf(m1) + 1) % ms.length]!);
      assert.ok(subset(ach(dag, m1), ach(dag, bigger)));
    }
  }
});

test('(f) Ach(∅) = ∅ and the score |Ach(M)|/|F| lies in [0, 1]', () => {
  for (const { dag, ms } of cases('f')) {
    assert.equal(ancestorClosure(dag, new Set()).length, 0);
    for (const m of ms) {
      const score = ancestorClosure(dag, m).length / dag.length;
      assert.ok(score >= 0 && score <= 1);
    }
  }
});

test('(g) completeness: when every node reaches a final answer, matching all finals scores 1', () => {
  for (const { dag, rng } of cases('g')) {
    // Finals: every sink (so each node reaches one), plus a few random extra nodes.
    const hasChild = new Set(dag.flatMap((node) => node.dependency));
    const finals = new Set(
      dag.filter((node) => !hasChild.has(node.index) || rng.next() < 0.1).map((node) => node.index),
    );
    const marked = dag.map((node) => ({
      ...node,
      ...(finals.has(node.index) ? { is_final_answer: true } : {}),
    }));
    assert.deepEqual(validateGraph(marked, 'random'), [], 'the validator accepts the complete DAG');
    assert.equal(ancestorClosure(marked, finals).length, dag.length);
  }
});

test('(h) strict ⊆ Ach ⊆ prefix, hence strict ≤ DAG ≤ prefix scores', () => {
  for (const { dag, ms } of cases('h')) {
    for (const m of ms) {
      assert.ok(subset(strict(dag, m), ach(dag, m)));
      assert.ok(subset(ach(dag, m), prefix(dag, m)));
    }
  }
});

test('(i) strict and prefix are flagged by the admissibility check exactly where they differ from Ach', () => {
  let strictFlagged = 0;
  let prefixFlagged = 0;
  for (const { dag, ms } of cases('i')) {
    for (const m of ms) {
      const a = ach(dag, m);
      for (const [policy, name] of [
        [strict, 'strict'],
        [prefix, 'prefix'],
      ] as const) {
        const s = policy(dag, m);
        const v = violations(dag, m, s);
        assert.equal(v.length > 0, !same(s, a), `${name} on M = {${[...m]}}`);
        if (v.length > 0 && name === 'strict') {
          strictFlagged++;
          // Strict violates ancestor closure: some matched node has an unmatched ancestor.
          assert.deepEqual(v, [2]);
        }
        if (v.length > 0 && name === 'prefix') {
          prefixFlagged++;
          // Prefix violates soundness: an earlier node is no ancestor of any matched node.
          assert.ok(v.includes(3));
        }
      }
    }
  }
  assert.ok(strictFlagged > 100 && prefixFlagged > 100, `${strictFlagged} / ${prefixFlagged}`);
});

test('the three policies agree on a chain DAG', () => {
  const rng = createPrng('chain');
  for (let n = 1; n <= 12; n++) {
    const chain = Array.from({ length: n }, (_, i) => ({
      index: i + 1,
      formula: '',
      dependency: i === 0 ? [] : [i],
    }));
    for (let k = 0; k < 10; k++) {
      const m = randomSubset(rng, n, rng.next());
      const last = Math.max(0, ...m);
      // On a chain, matching F_j credits F_1..F_j; strict equals it when M is itself a prefix.
      assert.ok(same(ach(chain, m), prefix(chain, m)));
      if (m.size === last) assert.ok(same(strict(chain, m), ach(chain, m)));
    }
  }
});

test('Theorem 1: Φ and Ψ are mutually inverse between forward kernels and forward-edge DAGs, which are acyclic', () => {
  const rng = createPrng('theorem-1');
  for (let k = 0; k < 200; k++) {
    const n = 1 + rng.int(12);
    const kernel = new Set<string>();
    for (let j = 2; j <= n; j++) for (let i = 1; i < j; i++) if (rng.next() < 0.3) kernel.add(`${i}<${j}`);
    const phi = (kern: ReadonlySet<string>): DagNode[] =>
      Array.from({ length: n }, (_, j) => ({
        index: j + 1,
        formula: '',
        dependency: [...kern].filter((p) => p.endsWith(`<${j + 1}`)).map((p) => Number(p.split('<')[0])),
      }));
    const psi = (dag: readonly DagNode[]): Set<string> =>
      new Set(dag.flatMap((node) => node.dependency.map((d) => `${d}<${node.index}`)));
    const g = phi(kernel);
    assert.deepEqual([...psi(g)].sort(), [...kernel].sort());
    assert.deepEqual(phi(psi(g)), g);
    const withFinal = g.map((node, i) => (i === n - 1 ? { ...node, is_final_answer: true } : node));
    const codes = validateGraph(withFinal, 'kernel').map((d) => d.code);
    assert.ok(!codes.includes('dag-cycle') && !codes.includes('dag-forward-dependency'));
  }
});

test('adding or removing transitive edges leaves every ancestor-closure score unchanged', () => {
  for (const { dag, ms, rng } of cases('transitive', 200)) {
    const reach = dag.map((node) => new Set(ancestorClosure(dag, new Set([node.index]))));
    // Add: a random ancestor that is not a direct parent becomes one.
    const added = dag.map((node, i) => {
      const extra = [...reach[i]!].filter(
        (a) => a !== node.index && !node.dependency.includes(a) && rng.next() < 0.5,
      );
      return { ...node, dependency: [...node.dependency, ...extra] };
    });
    // Remove: the transitive reduction keeps a parent only when no other parent reaches it.
    const reduced = dag.map((node) => ({
      ...node,
      dependency: node.dependency.filter(
        (p) => !node.dependency.some((q) => q !== p && reach[q - 1]!.has(p)),
      ),
    }));
    for (const m of ms) {
      const a = ancestorClosure(dag, m);
      assert.deepEqual(ancestorClosure(added, m), a);
      assert.deepEqual(ancestorClosure(reduced, m), a);
    }
  }
});

test("the scorer's baselines are C1's policies: strict = |M|/|F|, prefix = |{F_i : i ≤ max M}|/|F|", () => {
  // Checked against the set definitions above (spec C1), not against the implementation's loop:
  // strict(M) = M and prefix(M) = {F_i : i ≤ max M}, so strict ≤ DAG ≤ prefix on every case.
  let strictBelow = 0;
  let prefixAbove = 0;
  for (const { dag, ms } of cases('baselines')) {
    const n = dag.length;
    for (const m of [...ms, new Set(dag.map((node) => node.index))]) {
      const b = baselines(n, m);
      const dagScore = ach(dag, m).size / n;
      assert.equal(b.strict, strict(dag, m).size / n);
      assert.equal(b.prefix, prefix(dag, m).size / n);
      assert.equal(b.strict_all_nodes, strict(dag, m).size === n ? 1 : 0);
      assert.ok(b.strict <= dagScore && dagScore <= b.prefix, `${b.strict} ≤ ${dagScore} ≤ ${b.prefix}`);
      assert.ok(b.matched_run <= b.strict);
      if (b.strict < dagScore) strictBelow++;
      if (dagScore < b.prefix) prefixAbove++;
    }
  }
  // The bounds are not vacuous: both are strict on many cases.
  assert.ok(strictBelow > 100 && prefixAbove > 100, `${strictBelow} / ${prefixAbove}`);
});
