// The getting-started guide's "First hour" sequence (docs/getting-started.md), command by command as a
// new user types it (in a fresh folder, in-process): each must succeed, and the selection must not
// replace the whole benchmark's output.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { packageRoot } from '../../src/dataset/bundled-dataset.js';
import { readAppBundle } from '../../src/viewer/app-bundle.js';
import { runCli } from '../helpers/cli.js';

const guide = readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8');

/** The `npx prism …` lines of the First hour block, without comments and pipes. */
function firstHourCommands(): string[][] {
  const block = /## First hour\n\n```sh[^\n]*\n([\s\S]*?)```/.exec(guide)?.[1];
  assert.ok(block, 'docs/getting-started.md has a First hour block');
  return block
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').replace(/\|.*$/, '').trim())
    .filter((l) => l.includes('npx prism '))
    .map((l) => l.slice(l.indexOf('npx prism ') + 'npx prism '.length).trim())
    .map((l) => [...l.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!));
}

test('the getting-started first-hour sequence runs, and the optics selection leaves out/score whole', async () => {
  // `npm install` builds the viewer app (prepare); a bare checkout builds it here, as the browser tests do.
  if (readAppBundle() === undefined)
    execFileSync(process.execPath, [join(packageRoot(), 'scripts', 'build-viewer.mjs')]);
  const commands = firstHourCommands();
  assert.ok(commands.length >= 5, JSON.stringify(commands));
  const dir = mkdtempSync(join(tmpdir(), 'prism-first-hour-'));
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    for (const argv of commands) {
      const r = await runCli(argv);
      assert.equal(r.code, 0, `prism ${argv.join(' ')}: ${r.stderr}`);
    }
    const lines = (p: string) => readFileSync(p, 'utf8').trim().split('\n').length;
    assert.equal(lines(join('out', 'score', 'records.jsonl')), 210);
    assert.equal(lines(join('out', 'score-domain-optics', 'records.jsonl')), 30);
    assert.ok(existsSync('report.html'));
  } finally {
    process.chdir(cwd);
  }
});
