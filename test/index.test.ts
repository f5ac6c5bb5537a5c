import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as prism from '../src/index.js';

test('the package entry exports each stage of the pipeline', () => {
  for (const name of [
    'parseLatex',
    'normalize',
    'compile',
    'solveEquation',
    'checkEquivalence',
    'prepareFormula',
    'extractFormulas',
    'validateDataset',
    'ancestorClosure',
    'createScorer',
    'summarize',
    'loadDataset',
    'createChatClient',
    'runModel',
    'pairedTTest',
  ]) {
    assert.equal(typeof (prism as Record<string, unknown>)[name], 'function', name);
  }
  assert.equal(prism.checkEquivalence('F = ma', 'a = F/m').verdict, 'equivalent');
});
