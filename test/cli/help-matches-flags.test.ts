// Each command's help is checked against the one option table its parser uses: every flag it takes
// is documented in the Options section (a line starting with the flag), and none is listed twice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commands } from '../../src/cli/commands/index.js';
import type { CliIo } from '../../src/cli/io.js';
import { takeParsedOptions } from '../../src/cli/parse-flags.js';

const quiet: CliIo = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', isTTY: false };

/** The flags documented as option lines (`  --flag …` at the start of a line) of a help text. */
function optionLines(help: string): string[] {
  return [...help.matchAll(/^ {2,4}(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]!);
}

for (const command of commands) {
  test(`prism ${command.name} --help lists every flag it parses, each once`, async () => {
    takeParsedOptions();
    try {
      await command.run(['--zz-not-a-flag'], quiet);
    } catch {
      // a usage error is what we expect; the parser has seen its table
    }
    const options = takeParsedOptions();
    if (options === undefined) return;
    const documented = optionLines(command.help);
    const repeated = documented.filter((f, i) => documented.indexOf(f) !== i);
    assert.deepEqual(repeated, [], `listed twice in prism ${command.name} --help`);
    const missing = Object.keys(options)
      .map((k) => `--${k}`)
      .filter((f) => !documented.includes(f));
    assert.deepEqual(missing, [], `prism ${command.name} takes these flags but its help does not list them`);
    // Near miss: a documented option the parser does not take.
    const unknown = documented.filter((f) => !Object.keys(options!).includes(f.slice(2)));
    assert.deepEqual(unknown, [], `prism ${command.name} --help lists flags it does not take`);
  });
}
