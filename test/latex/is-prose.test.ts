import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import { isProse } from '../../src/latex/is-prose.js';

/**
 * The rule of `isProse` written out plainly, without its cheap pre-check: at least four words of two
 * or more letters outside commands and their arguments, two of them function words, one strong.
 */
function proseByDefinition(source: string): boolean {
  const weak = ['then', 'since', 'be', 'can', 'and', 'of', 'for', 'into', 'its', 'it', 'so', 'by', 'as'];
  const strong = ['the', 'is', 'we', 'that', 'thus', 'where', 'with', 'from', 'using', 'given'];
  const bare = source.replace(/\\[A-Za-z]+\*?(\s*\{[^{}]*\})?/g, ' ').replace(/[_^]\s*\{[^{}]*\}/g, ' ');
  const words = (bare.match(/[A-Za-z]{2,}/g) ?? []).map((w) => w.toLowerCase());
  const nStrong = words.filter((w) => strong.includes(w)).length;
  const nProse = nStrong + words.filter((w) => weak.includes(w)).length;
  return words.length >= 4 && nProse >= 2 && nStrong >= 1;
}

test('isProse agrees with its definition on seeded mixes of words, commands and arguments', () => {
  const prng = createPrng('is-prose');
  const pieces = [
    'the',
    'The',
    'is',
    'we',
    'and',
    'of',
    'so',
    'mass',
    'velocity',
    'x',
    'v_0',
    '=',
    '+',
    '\\frac{a}{b}',
    '\\text{the}',
    '\\text{ and the }',
    '\\mathrm{kg}',
    '\\the',
    '\\\\the',
    '_{the}',
    '^{is}',
    'm/s',
    'where',
    'with',
    'from',
    '\\alpha',
    '\\quad',
    ',',
    'THE',
    'thus',
    '2',
    '\\,',
    '{',
    '}',
    'it',
    'using',
    'given',
  ];
  let prose = 0;
  for (let k = 0; k < 4000; k++) {
    const n = 1 + Math.floor(prng.next() * 12);
    const parts: string[] = [];
    for (let j = 0; j < n; j++) parts.push(pieces[Math.floor(prng.next() * pieces.length)]!);
    const glue = prng.next() < 0.3 ? '' : ' ';
    const source = parts.join(glue);
    const expected = proseByDefinition(source);
    if (expected) prose++;
    assert.equal(isProse(source), expected, source);
  }
  assert.ok(prose > 200, `the mixes include prose (${prose} of 4000)`);
});
