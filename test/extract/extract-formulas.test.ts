import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { extractFormulas } from '../../src/extract/extract-formulas.js';

interface Case {
  name: string;
  markdown: string;
  formulas: string[];
  kinds?: string[];
  dropped?: string[];
  candidates?: string[];
  /** The problem's single-letter quantities (`quantityLetters`); absent: not given. */
  letters?: string[];
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
const cases = readFileSync(new URL('./extract-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Case);

for (const c of cases) {
  test(`extract: ${c.name}`, () => {
    const result = extractFormulas(
      c.markdown,
      c.letters === undefined ? {} : { quantityLetters: new Set(c.letters) },
    );
    assert.deepEqual(
      result.formulas.map((f) => squash(f.latex)),
      c.formulas.map(squash),
    );
    for (const f of result.formulas) {
      // Every formula's offset points into the answer at its first character.
      assert.equal(c.markdown[f.offset], f.latex[0], `offset of ${f.latex}`);
    }
    if (c.kinds)
      assert.deepEqual(
        result.formulas.map((f) => f.kind),
        c.kinds,
      );
    if (c.dropped)
      assert.deepEqual(
        result.dropped.map((d) => d.reason),
        c.dropped,
      );
    if (c.candidates)
      assert.deepEqual(
        result.candidates.map((f) => squash(f.latex)),
        c.candidates.map(squash),
      );
  });
}

test('a 2 MB answer finishes, capped at 2000 formulas with a diagnostic', () => {
  const big = '$$F_{k} = m_{k} a_{k}$$\n'.repeat(90_000);
  assert.ok(big.length > 2_000_000);
  const start = performance.now();
  const result = extractFormulas(big);
  const ms = performance.now() - start;
  assert.equal(result.formulas.length, 2000);
  assert.deepEqual(
    result.diagnostics.map((d) => d.code),
    ['too-many-formulas'],
  );
  assert.ok(ms < 5000, `took ${ms} ms`);
});

test('a 2 MB answer of prose and stray dollars finishes quickly', () => {
  const big = 'It costs $5 or $x and \\$3, $ then $$ unclosed '.repeat(45_000);
  const start = performance.now();
  const result = extractFormulas(big);
  assert.ok(performance.now() - start < 5000);
  assert.ok(result.formulas.length <= 2000);
});
