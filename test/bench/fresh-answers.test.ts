import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledAnswers, perturb } from '../../bench/fresh-answers.js';

// The benchmarks' freshening nudges numbers by a relative ~1e-9 so that every cache misses while
// verdicts stay put. A match restarting inside a decimal (`{1.986\times…}`: the digits after the
// point nudged as an integer, 1.986.000000001) or ending at its point (`{17.0}` → 17.00000002.0)
// would change what an answer says, and the benchmark would score different answers.

/** Every number literal of a text, a decimal with its digits after the point. */
const numbers = (text: string): string[] => text.match(/\d+(?:\.\d+)*/g) ?? [];

function corrupted(before: string, after: string): string[] {
  const a = numbers(before);
  const b = numbers(after);
  if (a.length !== b.length) return [`${a.length} numbers became ${b.length}`];
  return a.flatMap((x, k) => {
    const y = b[k] as string;
    const near = Math.abs(Number(y) - Number(x)) <= 1e-6 * Math.abs(Number(x));
    return /\..*\./.test(y) || !near ? [`${x} → ${y}`] : [];
  });
}

test('freshening nudges a number opening a group whole', () => {
  const text = '$E = {1.986\\times10^{-25}}\\,\\text{J m}$ and $\\lambda = \\frac{1240}{17.0}\\ \\text{nm}$';
  const fresh = perturb(text, 's');
  assert.deepEqual(corrupted(text, fresh), []);
  assert.match(fresh, /\{1\.986\d+\\times10\^\{-25\}\}/, fresh); // nudged, exponent kept
  assert.match(fresh, /\{17\.0\}/, fresh); // before `}`: kept as written
});

test('freshening leaves indices and exponents alone', () => {
  const text = '$x_{12} = 10^{23} + a^{15} + 2^{10}\\cdot 33$';
  const fresh = perturb(text, 's');
  assert.match(fresh, /x_\{12\}/);
  assert.match(fresh, /10\.\d+\^\{23\}/);
  assert.match(fresh, /a\^\{15\}/);
  assert.match(fresh, /\^\{10\}/);
  assert.doesNotMatch(fresh, /\\cdot 33\$/); // 33 nudged
});

test('no freshened number of the bundled answers is a corrupted decimal', () => {
  const { answers } = bundledAnswers();
  const bad: string[] = [];
  for (const copy of [0, 1])
    answers.forEach((a, i) => {
      const found = corrupted(a.text, perturb(a.text, `fresh-${copy}-${i}`));
      if (found.length > 0) bad.push(`${a.id ?? i} (copy ${copy}): ${found.slice(0, 3).join(', ')}`);
    });
  assert.deepEqual(bad, []);
});
