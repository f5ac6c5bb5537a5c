import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import type { ParseResult } from '../../src/core/tree.js';
import { prepareFormula } from '../../src/equivalence/index.js';
import { extractFormulas } from '../../src/extract/extract-formulas.js';
import { parseLatex, RecentParses, recentParses } from '../../src/latex/index.js';

const result = (n: number): ParseResult => ({
  ok: false,
  diagnostics: [{ code: `c${n}`, severity: 'error', message: '' }],
});

test('RecentParses evicts the least recently used entry past its entry bound', () => {
  const cache = new RecentParses({ maxEntries: 3, maxChars: 1000, maxSourceLength: 100 });
  cache.set('a', result(1));
  cache.set('b', result(2));
  cache.set('c', result(3));
  assert.equal(cache.get('a'), cache.get('a')); // a is now the most recent
  cache.set('d', result(4));
  assert.equal(cache.size, 3);
  assert.equal(cache.get('b'), undefined);
  assert.deepEqual(cache.get('a'), result(1));
  assert.deepEqual(cache.get('d'), result(4));
});

test('RecentParses is bounded by source characters and skips over-long sources', () => {
  const cache = new RecentParses({ maxEntries: 100, maxChars: 10, maxSourceLength: 6 });
  cache.set('x'.repeat(7), result(1));
  assert.equal(cache.size, 0);
  for (let k = 0; k < 20; k++) cache.set(`${k}`.padStart(4, 'y'), result(k));
  assert.ok(cache.heldChars <= 10, `holds ${cache.heldChars} characters`);
  assert.equal(cache.size, 2);
  cache.set('0019'.padStart(4, 'y'), result(99)); // replacing an entry does not count it twice
  assert.equal(cache.heldChars, 8);
  cache.clear();
  assert.equal(cache.size, 0);
  assert.equal(cache.heldChars, 0);
});

test('parseLatex returns the same result for a source parsed recently, equal to a fresh parse', () => {
  const sources = [
    'E = mc^2',
    'v = \\frac{d x}{d t}',
    '\\frac{a',
    'this is the answer we want here',
    '  F = q(3.0\\times10^{4})  ',
  ];
  for (const source of sources) {
    const first = parseLatex(source);
    assert.equal(parseLatex(source), first, source);
    assert.deepEqual(parseLatex(source, { cache: false }), first, source);
  }
});

test('the global cache of recent parses stays bounded on many distinct formulas', () => {
  recentParses.clear();
  for (let k = 0; k < 2000; k++) parseLatex(`x_{${k}} = ${k} y + \\frac{${k}}{z}`);
  assert.ok(recentParses.size <= recentParses.options.maxEntries);
  assert.ok(recentParses.heldChars <= recentParses.options.maxChars);
  const long = `${'a + '.repeat(3000)}b = c`;
  parseLatex(long);
  assert.ok(recentParses.heldChars <= recentParses.options.maxChars, 'an over-long source is not kept');
});

test('custom limits bypass the cache and still bound hostile input', () => {
  const deep = `${'{'.repeat(150)}x${'}'.repeat(150)} = 1`;
  const r = parseLatex(deep);
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics[0]?.code, 'nesting-too-deep');
  assert.equal(parseLatex(deep, { maxDepth: 400 }).ok, true);
  // A left-deep chain is checked by tree height, not by parser nesting.
  const chain = `y = ${Array.from({ length: 1200 }, (_, k) => `a_{${k}}`).join(' + ')}`;
  assert.equal(parseLatex(chain).diagnostics[0]?.code, 'nesting-too-deep');
  assert.equal(parseLatex(chain, { maxDepth: 2000 }).ok, true, 'an iterative height check for huge limits');
  assert.equal(parseLatex('x'.repeat(10), { maxLength: 5 }).diagnostics[0]?.code, 'input-too-large');
});

test('a formula that was a whole math row, or a part of one, is prepared without a second parse, with the same result', () => {
  recentParses.clear();
  const answer = 'So $F = q(3.0\\times10^{4})$ and $$a = 2, \\quad b = \\frac{F}{m}$$.';
  const formulas = extractFormulas(answer).formulas;
  assert.deepEqual(
    formulas.map((f) => f.latex),
    ['F = q(3.0\\times10^{4})', 'a = 2', 'b = \\frac{F}{m}'],
  );
  const held = recentParses.size;
  const prepared = formulas.map((f) => prepareFormula(f.latex));
  // The parts of the split row were kept by extraction (rememberPart): nothing is parsed again.
  assert.equal(recentParses.size, held, 'no part is parsed again');
  recentParses.clear();
  assert.deepEqual(
    formulas.map((f) => prepareFormula(f.latex)),
    prepared,
  );
});

test('RecentParses keeps the entries a reference LRU keeps, in its order, over random operations', () => {
  // Its evictions find the oldest entry with an iterator kept across calls (not a new one each time).
  const prng = createPrng('recent-parses-model');
  const cache = new RecentParses({ maxEntries: 30, maxChars: 120, maxSourceLength: 9 });
  const order: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const key = 'k'.repeat(1 + prng.int(9)) + String(prng.int(40));
    if (prng.next() < 0.4) {
      const held = order.includes(key);
      if (held) order.push(...order.splice(order.indexOf(key), 1));
      assert.equal(cache.get(key) !== undefined, held, `op ${i}: get ${key}`);
    } else if (prng.next() < 0.02) {
      cache.clear();
      order.length = 0;
    } else {
      cache.set(key, result(i));
      if (key.length > 9) continue;
      if (order.includes(key)) order.splice(order.indexOf(key), 1);
      order.push(key);
      const chars = () => order.reduce((s, k) => s + k.length, 0);
      while (order.length > 30 || chars() > 120) order.shift();
    }
    assert.deepEqual([...cache.keys()], order, `op ${i}`);
  }
});
