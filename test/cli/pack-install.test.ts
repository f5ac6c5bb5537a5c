import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// `npm pack` the package, install the tarball into an empty folder (no scripts; from npm's cache where
// it can: `--prefer-offline`, since its runtime dependencies — `ajv`, and `@mathjax/src` and
// `@napi-rs/canvas` for PRiSM Task II — need the registry's metadata, which a fresh machine that ran
// only `npm ci` has not cached), and run the library example (README, docs/getting-started.md) there.
test('npm pack → install in an empty folder → the library example runs on the bundled data', (t) => {
  if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
    t.skip('dist/ is not built (npm install builds it)');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'prism-pack-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball !== undefined, 'npm pack wrote no tarball');
  const app = join(work, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync(
    npm,
    ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', join(work, tarball)],
    {
      cwd: app,
      stdio: 'pipe',
    },
  );
  writeFileSync(
    join(app, 'example.mjs'),
    `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { checkEquivalence, createScorer, loadBundledDataset, loadDataset } from 'prism-physics';
import * as scoreStage from 'prism-physics/score';
import * as equivalenceStage from 'prism-physics/equivalence';
const schemaPath = createRequire(import.meta.url).resolve('prism-physics/schema/prism.summary.schema.json');
const summarySchema = JSON.parse(readFileSync(schemaPath, 'utf8')).properties.schema.const;
const stages = scoreStage.createScorer === createScorer && equivalenceStage.checkEquivalence === checkEquivalence;
const { problems } = loadBundledDataset();
const scorer = createScorer(problems);
const record = scorer.scoreResponse('mech-01', '$$v = \\\\sqrt{2gh}$$');
let missing = 'no error';
try { loadDataset('data/benchmark'); } catch (e) { missing = e.code; }
console.log(JSON.stringify({ problems: problems.length, step: record.step_score, verdict: checkEquivalence('v^2 = 2gh', 'v = \\\\sqrt{2gh}').verdict, missing, stages, summarySchema }));
`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['example.mjs'], { cwd: app, encoding: 'utf8' })) as {
    problems: number;
    step: number;
    verdict: string;
    missing: string;
    stages: boolean;
    summarySchema: string;
  };
  assert.equal(out.problems, 70);
  assert.equal(out.verdict, 'equivalent');
  assert.ok(out.step >= 0 && out.step <= 1);
  // Outside the repo a relative path to data/benchmark does not exist: an error, not an empty dataset.
  assert.equal(out.missing, 'file-unreadable');
  // Subpath exports per stage are the same objects as the flat root export; the schemas ship.
  assert.equal(out.stages, true);
  assert.equal(out.summarySchema, 'prism-summary-v1');
});
