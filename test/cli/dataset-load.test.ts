import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lineColumn, parseJson } from '../../src/dataset/json-error.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { parseResponses, readResponses } from '../../src/dataset/read-responses.js';

const problem = (id: number | string, domain?: string) => ({
  id,
  context: '',
  ...(domain ? { domain } : {}),
  grading_standard: [{ index: 1, formula: '$$x = 1$$', dependency: [], is_final_answer: true }],
});

test('invalid JSON names file, line and column', () => {
  const r = parseJson('[\n  {"id": 1,\n   "x": }\n]', 'd.json');
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.equal(r.diagnostic.code, 'invalid-json');
    assert.equal(r.diagnostic.where, 'd.json:3:9');
  }
  assert.deepEqual(lineColumn('ab\ncd', 4), { line: 2, column: 2 });
});

test('responses: invalid JSON on line 5000 is reported with its line; the rest is read', () => {
  const lines: string[] = [];
  for (let i = 1; i <= 6000; i++) {
    lines.push(
      i === 5000
        ? '{"problem_id": 1, "response": "cut'
        : JSON.stringify({ problem_id: '02_cleaned_dag:1010', model_response: `$x = ${i}$` }),
    );
  }
  const r = parseResponses(lines.join('\n'), 'answers.jsonl');
  assert.equal(r.responses.length, 5999);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.where?.split(':').slice(0, 2).join(':')]),
    [['invalid-json', 'answers.jsonl:5000']],
  );
  assert.equal(r.responses[0]!.problem_id, '1010');
  assert.equal(r.responses[4999]!.line, 5001);
});

test('responses: missing fields are skipped with the line number', () => {
  const r = parseResponses(
    '{"response": "x"}\n[1]\n{"problem_id": 3}\n{"problem_id": 3, "response": "", "answer_id": "a7"}\n',
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.where]),
    [
      ['response-missing-problem-id', 'responses:1'],
      ['response-not-object', 'responses:2'],
      ['response-missing-text', 'responses:3'],
    ],
  );
  assert.deepEqual(
    r.responses.map((x) => [x.problem_id, x.response_id, x.response]),
    [['3', 'a7', '']],
  );
});

test('a directory of *.json files is merged in name order with domains from the file stems', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-ds-'));
  writeFileSync(join(dir, 'optics.json'), JSON.stringify([problem(2), problem(3, 'quantum')]));
  writeFileSync(join(dir, 'mechanics.json'), JSON.stringify([problem(1), problem(2)]));
  writeFileSync(join(dir, 'notes.txt'), 'ignored');
  const r = loadDataset(dir);
  assert.deepEqual(
    r.problems.map((p) => [p.id, p.domain]),
    [
      ['1', 'mechanics'],
      ['2', 'mechanics'],
      ['3', 'quantum'],
    ],
  );
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['problem-duplicate-id'],
  );
});

test('a JSONL dataset and a bad JSON file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-ds-'));
  writeFileSync(
    join(dir, 'a.jsonl'),
    `${JSON.stringify(problem(1))}\n{oops\n${JSON.stringify(problem(2))}\n`,
  );
  const r = loadDataset(join(dir, 'a.jsonl'));
  assert.deepEqual(
    r.problems.map((p) => p.id),
    ['1', '2'],
  );
  assert.equal(r.diagnostics[0]?.where?.startsWith('a.jsonl:2:'), true);
  writeFileSync(join(dir, 'b.json'), '[{"id": 1,}]');
  const bad = loadDataset(join(dir, 'b.json'));
  assert.equal(bad.problems.length, 0);
  assert.equal(bad.diagnostics[0]?.code, 'invalid-json');
  assert.equal(readResponses(join(dir, 'missing.jsonl')).readable, false);
});
