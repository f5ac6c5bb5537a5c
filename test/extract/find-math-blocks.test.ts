import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockRows } from '../../src/extract/block-rows.js';
import { findMathBlocks } from '../../src/extract/find-math-blocks.js';

const blocks = (md: string) => findMathBlocks(md).map((b) => [b.kind, b.content]);

test('display, bracket, paren and inline math in reading order', () => {
  assert.deepEqual(blocks('a $$x=1$$ b \\[y=2\\] c \\(z=3\\) d $w=4$.'), [
    ['display', 'x=1'],
    ['display', 'y=2'],
    ['inline', 'z=3'],
    ['inline', 'w=4'],
  ]);
});

test('offsets point at the content in the answer', () => {
  const md = 'Then $$F = ma$$';
  const [b] = findMathBlocks(md);
  assert.equal(md.slice(b!.offset, b!.offset + b!.content.length), 'F = ma');
});

test('currency and escaped dollars are not math', () => {
  assert.deepEqual(blocks('It costs $5 and $10 today.'), []);
  assert.deepEqual(blocks('Pay \\$3 and \\$4 now.'), []);
  assert.deepEqual(blocks('A price of $ 5 $ is odd.'), []);
});

test('inline math does not cross a blank line', () => {
  assert.deepEqual(blocks('open $x\n\nand y$ here'), []);
});

test('environments, starred too, and align rows flagged', () => {
  const found = findMathBlocks(
    '\\begin{align*} a &= b \\\\ &= c \\end{align*} \\begin{equation}E=mc^2\\end{equation}',
  );
  assert.deepEqual(
    found.map((b) => [b.kind, b.rows, b.content.trim()]),
    [
      ['environment', true, 'a &= b \\\\ &= c'],
      ['environment', false, 'E=mc^2'],
    ],
  );
});

test('a boxed answer outside math keeps balanced braces', () => {
  assert.deepEqual(blocks('Answer: \\boxed{F = \\frac{a}{b}} done'), [
    ['boxed', '\\boxed{F = \\frac{a}{b}}'],
  ]);
});

test('unterminated delimiters are reported, not swallowed', () => {
  const found = findMathBlocks('text $$x = 1 and more');
  assert.equal(found.length, 1);
  assert.equal(found[0]!.unterminated, true);
});

test('fenced code is skipped', () => {
  assert.deepEqual(blocks('```\n$$x=1$$\n```\n$y=2$'), [['inline', 'y=2']]);
});

test('align rows: & removed, \\\\ split, &= rows continue the chain', () => {
  const content = ' a &= b \\\\ &= c \\\\ d &= e ';
  const rows = blockRows(content, 100, true);
  assert.deepEqual(
    rows.map((r) => r.text.replace(/\s+/g, ' ').trim()),
    ['a = b = c', 'd = e'],
  );
  // Offsets map back into the answer: the second row starts at `d`.
  assert.equal(rows[1]!.at(rows[1]!.text.indexOf('d')), 100 + content.indexOf('d'));
});

test('boxed wrappers, tags and trailing punctuation are blanked without moving offsets', () => {
  const content = '\\boxed{F = ma} \\tag{3}.';
  const [row] = blockRows(content, 0, false);
  assert.equal(row!.text.length, content.length);
  assert.equal(row!.text.trim(), 'F = ma');
  assert.deepEqual(row!.boxed, [[0, 14]]);
});

test('an inner aligned environment is split into rows', () => {
  const rows = blockRows('\\begin{aligned} x &= 1 \\\\ y &= 2 \\end{aligned}', 0, false);
  assert.deepEqual(
    rows.map((r) => r.text.trim()),
    ['x  = 1', 'y  = 2'],
  );
});
