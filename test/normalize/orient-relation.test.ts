import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node, RelationNode } from '../../src/core/tree.js';
import { orientRelation, orientRelations } from '../../src/normalize/orient-relation.js';
import { list, rel, sym } from './trees.js';

const a = sym('a');
const b = sym('b');

test('relations: > and >= turn around to < and <=', () => {
  assert.deepEqual(orientRelation(rel('>', a, b) as RelationNode), rel('<', b, a));
  assert.deepEqual(orientRelation(rel('>=', a, b) as RelationNode), rel('<=', b, a));
  assert.deepEqual(orientRelation(rel('<', a, b) as RelationNode), rel('<', a, b));
  assert.deepEqual(orientRelation(rel('=', a, b) as RelationNode), rel('=', a, b));
});

test('relations: chains stay as they are; lists are visited', () => {
  const chain: Node = {
    type: 'relation',
    ops: ['>', '>'],
    args: [a, b, sym('c')],
    span: { start: 0, end: 0 },
  };
  assert.deepEqual(orientRelations(chain), chain);
  assert.deepEqual(
    orientRelations(list(rel('>', a, b), rel('=', a, b))),
    list(rel('<', b, a), rel('=', a, b)),
  );
});
