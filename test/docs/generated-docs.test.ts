// The CLI reference is generated from the commands' flag tables and help (scripts/gen-docs.ts); the
// checked-in page must be what the generator writes now, so a new, renamed or re-described flag
// fails here until `npm run docs:gen` is run. (The API pages are checked by `npm run docs:check`
// in .ci/run: typedoc takes too long for a unit test.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { cliReference } from '../../scripts/cli-reference.js';
import { commands } from '../../src/cli/commands/index.js';
import { flagHelp } from '../../src/cli/flags.js';

test('docs/cli.md is what scripts/gen-docs.ts generates from the commands', () => {
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  assert.equal(page, cliReference(), 'docs/cli.md is stale: run `npm run docs:gen`');
});

test('every command with flags renders them into its --help, and every flag is in the reference', () => {
  const page = cliReference();
  for (const c of commands) {
    for (const [name, spec] of Object.entries(c.flags ?? {})) {
      const line = flagHelp({ [name]: spec }, 0)
        .split('\n')[0]!
        .trim();
      assert.ok(
        c.help.split('\n').some((l) => l.trim().replace(/\s+/g, ' ') === line.replace(/\s+/g, ' ')),
        `prism ${c.name} --help lacks: ${line}`,
      );
      assert.ok(page.includes(`\`--${name}`), `docs/cli.md lacks --${name} of prism ${c.name}`);
    }
  }
});
