import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

// The dataset guide must stay true: its example is the example file, and its commands print what
// it shows. A renamed field, flag or changed output fails here.
const root = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(join(root, 'docs/dataset-format.md'), 'utf8');

/** The fenced block that follows `<!-- example: PATH -->`, with its path. */
function embeddedExample(): { path: string; body: string } {
  const m = /<!-- example: (\S+) -->\n```json\n([\s\S]*?)```/.exec(page);
  assert.ok(m, 'docs/dataset-format.md has no embedded example');
  return { path: m[1]!, body: m[2]! };
}

test('docs/dataset-format: the embedded problem is the example file, byte for byte', () => {
  const { path, body } = embeddedExample();
  assert.equal(body, readFileSync(join(root, path), 'utf8'));
});

test('docs/dataset-format: every field of the schema is explained on the page', () => {
  const schema = JSON.parse(readFileSync(join(root, 'schema/problem.schema.json'), 'utf8')) as {
    properties: Record<string, unknown>;
    $defs: { node: { properties: Record<string, unknown> } };
  };
  for (const field of [...Object.keys(schema.properties), ...Object.keys(schema.$defs.node.properties)])
    assert.match(page, new RegExp(`\`${field}\``), `${field} is not documented`);
});

test('docs/dataset-format: `prism validate` on the example prints what the page shows', async () => {
  const shown = /npx prism validate --dataset (\S+)\n# (.*)\n/.exec(page);
  assert.ok(shown, 'no validate example with its output');
  const r = await runCli(['validate', '--dataset', join(root, shown[1]!)]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.stdout.trim(), shown[2]!.replace(shown[1]!, join(root, shown[1]!)));
});

test('docs/dataset-format: the answer shown scores full credit on the example', async () => {
  const echoed = /echo '(.*)' > answers\.jsonl/.exec(page);
  assert.ok(echoed, 'no answer example');
  const dir = mkdtempSync(join(tmpdir(), 'prism-docs-'));
  const responses = join(dir, 'answers.jsonl');
  // The shell passes the single-quoted text through unchanged: it is the JSONL line itself.
  writeFileSync(responses, `${echoed[1]!}\n`);
  const r = await runCli([
    'score',
    '--dataset',
    join(root, 'examples/dataset/incline.json'),
    '--responses',
    responses,
    '--out',
    join(dir, 'out'),
  ]);
  assert.equal(r.code, 0, r.stderr);
  const record = JSON.parse(readFileSync(join(dir, 'out/records.jsonl'), 'utf8').trim()) as {
    step_score: number;
    final_answer_correct: boolean;
  };
  assert.equal(record.step_score, 1);
  assert.equal(record.final_answer_correct, true);
});
