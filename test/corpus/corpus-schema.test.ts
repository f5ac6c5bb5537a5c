import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KNOWN_FAILURES } from './known-failures.js';
import { type EquivalenceRow, type ParseRow, readCorpus } from './read-corpus.js';

// Fast structural checks of the two corpora (no parsing of formulas): a malformed row must fail
// here with its file and line, not as a confusing failure in the slow suites.
const equivalence = readCorpus<EquivalenceRow>('fixtures/equivalence');
const parse = readCorpus<ParseRow>('fixtures/parse');
const VERDICTS = new Set(['equivalent', 'different']);
const CATEGORIES = [
  'rearrangement',
  'constants',
  'units',
  'notation',
  'calculus',
  'inequality',
  'plus-minus',
  'identity',
  'near-miss',
  'physical-mode',
];
const DOMAINS = [
  'mechanics',
  'electromagnetism',
  'optics',
  'thermodynamics',
  'quantum',
  'atomic-nuclear',
  'solid-state',
];

test('equivalence corpus: every row is well formed', () => {
  for (const { file, line, row } of equivalence) {
    const where = `${file}:${line}`;
    assert.match(row.id, /^[a-z-]+-\d{3}$/, where);
    assert.ok(CATEGORIES.includes(row.category), `${where}: category ${row.category}`);
    // `<category>.jsonl`, or a file of fresh rows across categories (`solver-fresh.jsonl`).
    assert.ok(
      file.endsWith(`/${row.category}.jsonl`) || file.endsWith('-fresh.jsonl'),
      `${where}: row filed under the wrong category`,
    );
    for (const field of ['a', 'b', 'note'] as const) {
      assert.ok(typeof row[field] === 'string' && row[field].trim() !== '', `${where}: ${field}`);
    }
    assert.ok(VERDICTS.has(row.expected), `${where}: expected`);
    if (row.expected_strict !== undefined) {
      assert.ok(VERDICTS.has(row.expected_strict), `${where}: expected_strict`);
      assert.notEqual(row.expected_strict, row.expected, `${where}: expected_strict only where it differs`);
    }
    if (row.category === 'near-miss') assert.equal(row.expected, 'different', `${where}: near misses differ`);
    for (const [k, v] of Object.entries(row.constants ?? {})) {
      assert.ok(k.trim() !== '' && typeof v === 'string' && v.trim() !== '', `${where}: constant ${k}`);
    }
  }
});

test('equivalence corpus: size, coverage and balance', () => {
  assert.ok(equivalence.length >= 300, `${equivalence.length} rows`);
  for (const c of CATEGORIES) {
    const n = equivalence.filter(({ row }) => row.category === c).length;
    assert.ok(n >= 20, `${c}: ${n} rows`);
  }
  const different = equivalence.filter(({ row }) => row.expected === 'different').length / equivalence.length;
  assert.ok(different >= 0.35 && different <= 0.45, `share of different rows ${different.toFixed(3)}`);
});

test('parse corpus: every row is well formed', () => {
  for (const { file, line, row } of parse) {
    const where = `${file}:${line}`;
    assert.match(row.id, /^[a-z]+-\d{3}$/, where);
    assert.ok(DOMAINS.includes(row.domain), `${where}: domain ${row.domain}`);
    assert.ok(typeof row.latex === 'string' && row.latex.trim() !== '', `${where}: latex`);
    const kinds = (['value', 'holds', 'items', 'error'] as const).filter((k) => row[k] !== undefined);
    assert.equal(kinds.length, 1, `${where}: exactly one of value/holds/items/error, got ${kinds}`);
    if (row.value !== undefined || row.holds !== undefined) {
      assert.ok(row.at !== undefined, `${where}: at`);
      for (const [k, v] of Object.entries(row.at ?? {})) {
        assert.ok(k !== '' && Number.isFinite(v), `${where}: at[${k}]`);
      }
    }
    if (row.value !== undefined) assert.ok(Number.isFinite(row.value), `${where}: value`);
    if (row.items !== undefined) assert.ok(Number.isInteger(row.items) && row.items >= 2, `${where}: items`);
    if (row.error !== undefined) assert.match(row.error, /^[a-z]+(-[a-z]+)*$/, `${where}: error code`);
  }
});

test('parse corpus: size, domains and error share', () => {
  assert.ok(parse.length >= 320, `${parse.length} rows`);
  for (const d of DOMAINS) {
    const n = parse.filter(({ row }) => row.domain === d).length;
    assert.ok(n >= 35, `${d}: ${n} rows`);
  }
  const errors = parse.filter(({ row }) => row.error !== undefined).length;
  assert.ok(errors <= parse.length * 0.1, `${errors} error rows`);
});

test('ids are unique across both corpora, and known failures name real rows', () => {
  const ids = [...equivalence, ...parse].map(({ row }) => row.id);
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual(dupes, []);
  const unknown = Object.keys(KNOWN_FAILURES).filter((id) => !ids.includes(id));
  assert.deepEqual(unknown, []);
});
