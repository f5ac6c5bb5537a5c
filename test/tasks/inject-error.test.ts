import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { compareFormulas, prepareFormula } from '../../src/equivalence/index.js';
import { datasetInstances, planInstances, solveInstance } from '../../src/instances/index.js';
import { ERROR_KINDS, injectError } from '../../src/tasks/index.js';

const originals = loadDataset(bundledDatasetPath()).problems;
const { instances } = datasetInstances(originals, { n: 1, seed: 'inject', textualOnly: true });

test('every bundled problem with parameters in its text admits injected errors, each a real error at a known node', () => {
  const counts: Record<string, number> = {};
  for (const inst of instances) {
    const original = originals.find((p) => p.id === inst.instance_of)!;
    const solved = solveInstance(planInstances(original), inst.parameter_values);
    assert.ok(solved.ok);
    let any = false;
    for (const kind of ERROR_KINDS) {
      const e = injectError(original, inst, kind, solved.solution);
      if (e === undefined) continue;
      any = true;
      counts[kind] = (counts[kind] ?? 0) + 1;
      assert.notEqual(e.wrong, e.right);
      assert.ok(!e.shown.includes('\\boxed'));
      if (kind === 'conceptual' || kind === 'knowledge-gap') {
        const node = inst.grading_standard.find((n) => n.index === e.node)!;
        assert.notEqual(node.is_final_answer, true, `${inst.id}: error at a final node`);
        const c = inst.constants ?? {};
        const verdict = compareFormulas(
          prepareFormula(e.wrong, { constants: c }),
          prepareFormula(e.right, { constants: c }),
        ).verdict;
        assert.equal(verdict, 'different', `${inst.id} ${kind}: ${e.wrong} vs ${e.right}`);
      }
      if (kind === 'careless' || kind === 'encoding') {
        const num = (s: string) => {
          const m = /=\s*(-?[\d.]+)(?:\\times10\^\{(-?\d+)\})?/.exec(s);
          return Number(`${m?.[1]}e${m?.[2] ?? 0}`);
        };
        assert.ok(Math.abs(num(e.wrong) / num(e.right) - 10) < 0.2, `${e.wrong} vs ${e.right}`);
      }
    }
    assert.ok(any, `${inst.id}: no error kind applies`);
  }
  assert.equal(counts.encoding, instances.length);
  assert.ok((counts.conceptual ?? 0) >= instances.length - 2, JSON.stringify(counts));
});
