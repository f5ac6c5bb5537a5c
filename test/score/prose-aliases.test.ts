import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namedQuantities, proseAliases } from '../../src/score/prose-aliases.js';

test('the ways a text names a quantity in words', () => {
  const named = (text: string) => Object.fromEntries(namedQuantities(text));
  assert.deepEqual(named('Let the mass of the block be $M$.'), { 'mass of block': 'M' });
  assert.deepEqual(named('Denote the spring constant by \\(k\\).'), { 'spring constant': 'k' });
  assert.deepEqual(named('Let $m$ denote the mass, and let $v$ be the speed.'), { mass: 'm', speed: 'v' });
  assert.deepEqual(named('where $a$ is the radius and $M$ the mass'), { radius: 'a' });
  // one phrase, two symbols: ambiguous
  assert.deepEqual(named('Let $m$ be the mass. Later $M$ is the mass.'), {});
  // not a lone symbol
  assert.deepEqual(named('Let $2m$ be the mass.'), {});
});

test('an answer symbol stands for the problem’s only for the same phrase, used by the reference', () => {
  const uses = (name: string) => name === 'M';
  const alias = (problem: string, answer: string) => Object.fromEntries(proseAliases(problem, answer, uses));
  assert.deepEqual(alias('Let the mass be $M$.', 'Let $m$ be the mass.'), { m: { symbol: 'm', value: 'M' } });
  assert.deepEqual(alias('Let the mass of the block be $M$.', 'Let $m$ be the mass of the table.'), {});
  // the reference uses the answer's symbol too: no alias
  assert.deepEqual(proseAliases('Let the mass be $M$.', 'Let $m$ be the mass.', () => true).size, 0);
});
