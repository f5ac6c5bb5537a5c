// Docs that stay true: every fenced block marked `runnable` in the README and the docs pages
// (```sh runnable, ```ts runnable) is executed here, and what it shows as output is compared.
//
// sh blocks: each line is a command, run in one scratch folder per block (so a file written by one
// line is there for the next). `npx prism …` / `prism …` run the CLI in-process (optionally piped
// into `| head -N`); `npm install` / `npm test` lines are skipped (this suite runs inside them); any
// other line runs in bash. A command must exit 0. Its expected output is either the lines after a
// `$ command` line (up to the next `$ `), or `# …` lines right after a plain command line; `…`
// stands for any text (elided timings, long tables), whitespace runs match any whitespace, and the
// expected text must appear in what the command printed (stdout, then stderr).
//
// ts blocks: run with tsx, `prism-physics` imports pointing at this checkout's sources; every
// `console.log(…)` line must end in `// → expected`, compared in order with the printed lines.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../../src/dataset/bundled-dataset.js';
import { readAppBundle } from '../../src/viewer/app-bundle.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

interface Block {
  readonly page: string;
  readonly line: number;
  readonly lang: 'sh' | 'ts';
  readonly body: string;
}

/** The fenced blocks whose info string is `sh runnable` or `ts runnable`. */
export function runnableBlocks(page: string, text: string): Block[] {
  const out: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)(.*)$/.exec(lines[i]!);
    if (open === null) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.startsWith('```')) j++;
    if (/\brunnable\b/.test(open[2]!)) {
      const lang = open[1]!;
      assert.ok(
        lang === 'sh' || lang === 'ts',
        `${page}:${i + 1}: runnable blocks are sh or ts, not ${lang}`,
      );
      out.push({ page, line: i + 1, lang, body: lines.slice(i + 1, j).join('\n') });
    }
    i = j;
  }
  return out;
}

/** A regular expression for shown output: `…` is any text, whitespace runs any whitespace. */
export function outputPattern(expected: string): RegExp {
  const parts = expected
    .trim()
    .split('…')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(parts.join('[\\s\\S]*?'));
}

/** Shell words of a simple command line: single and double quotes, no expansion. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g))
    words.push(m[1] ?? m[2]?.replace(/\\(["\\$`])/g, '$1') ?? m[3]!);
  return words;
}

interface Step {
  readonly command: string;
  readonly expected?: string;
}

/** The commands of an sh block with the output shown for each. */
function shSteps(body: string): Step[] {
  const steps: { command: string; expected: string[] }[] = [];
  const dollar = body.split('\n').some((l) => l.startsWith('$ '));
  for (const raw of body.split('\n')) {
    if (dollar) {
      if (raw.startsWith('$ ')) steps.push({ command: raw.slice(2), expected: [] });
      else if (steps.length > 0) steps.at(-1)!.expected.push(raw);
      continue;
    }
    if (raw.trim() === '') continue;
    if (raw.startsWith('#')) {
      if (steps.length > 0) steps.at(-1)!.expected.push(raw.replace(/^# ?/, ''));
      continue;
    }
    steps.push({ command: raw.replace(/\s+#.*$/, ''), expected: [] });
  }
  return steps.map((s) => ({
    command: s.command.trim(),
    ...(s.expected.join('\n').trim() === '' ? {} : { expected: s.expected.join('\n') }),
  }));
}

async function runStep(step: Step, dir: string): Promise<{ code: number; output: string }> {
  let command = step.command;
  if (/^npm (install|test|ci)\b/.test(command)) {
    command = command.replace(/^npm install\s*&&\s*/, '');
    if (/^npm /.test(command)) return { code: 0, output: '' };
  }
  // `echo '…' | npx prism …`: the echoed text is the command's standard input.
  const piped = /^echo '([^']*)' \| (.*)$/.exec(command);
  const stdin = piped === null ? '' : `${piped[1]!}\n`;
  if (piped !== null) command = piped[2]!;
  const prism = /^(?:npx )?prism (.*)$/.exec(command);
  if (prism !== null) {
    let rest = prism[1]!;
    let head: number | undefined;
    const pipe = /\|\s*head(?:\s+-n)?\s+-?(\d+)\s*$/.exec(rest);
    if (pipe !== null) {
      head = Number(pipe[1]);
      rest = rest.slice(0, pipe.index);
    }
    assert.doesNotMatch(
      rest,
      /[|;&<>`]|\$\(/,
      `unsupported shell syntax in a runnable prism line: ${command}`,
    );
    const r = await runCli(shellWords(rest), stdin);
    const stdout = head === undefined ? r.stdout : r.stdout.split('\n').slice(0, head).join('\n');
    return { code: head === undefined ? r.code : 0, output: `${stdout}\n${r.stderr}` };
  }
  try {
    const output = execFileSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, output: `${e.stdout ?? ''}\n${e.stderr ?? ''}` };
  }
}

/** A scratch folder in which repository-relative paths of the docs (examples/, data/) resolve. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prism-docs-run-'));
  for (const name of ['examples', 'data', 'schema']) symlinkSync(join(root, name), join(dir, name));
  return dir;
}

async function runShBlock(block: Block): Promise<void> {
  const steps = shSteps(block.body);
  assert.ok(steps.length > 0, 'an empty runnable block');
  const dir = scratch();
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    for (const step of steps) {
      const { code, output } = await runStep(step, dir);
      assert.equal(code, 0, `${step.command} exited ${code}:\n${output}`);
      if (step.expected !== undefined)
        assert.match(output, outputPattern(step.expected), `${step.command} printed something else`);
    }
  } finally {
    process.chdir(cwd);
  }
}

function runTsBlock(block: Block): void {
  const expected: string[] = [];
  for (const line of block.body.split('\n'))
    if (line.includes('console.log(')) {
      const shown = /\/\/ → (.*)$/.exec(line);
      assert.ok(shown, `every console.log of a runnable block shows its output (// → …): ${line.trim()}`);
      expected.push(shown[1]!);
    }
  const source = block.body.replace(
    /from '(prism-physics)(\/[\w-]+)?'/g,
    (_m, _p, sub: string | undefined) => {
      const file = join(root, 'src', sub === undefined ? 'index.ts' : `${sub.slice(1)}/index.ts`);
      return `from '${pathToFileURL(file).href}'`;
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'prism-docs-ts-'));
  const file = join(dir, 'block.ts');
  writeFileSync(file, source);
  const printed = execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), file], {
    cwd: dir,
    encoding: 'utf8',
  })
    .trimEnd()
    .split('\n');
  assert.equal(printed.length, expected.length, `printed:\n${printed.join('\n')}`);
  expected.forEach((e, i) => {
    assert.match(printed[i]!, outputPattern(e), `line ${i + 1} of the output`);
  });
}

/** `prism` command lines of every sh block, runnable or not: [page:line, argv words]. */
function prismLines(page: string, text: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  const lines = text.split('\n');
  let inSh = false;
  lines.forEach((line, i) => {
    if (line.startsWith('```')) {
      inSh = !inSh && /^```(sh|bash|shell)\b/.test(line);
      return;
    }
    if (!inSh || line.startsWith('#')) return;
    const m = /(?:^|[\s|&;])(?:npx )?prism ([^|&;#>]*)/.exec(line.replace(/^\$ /, ''));
    if (m === null) return;
    out.push([`${page}:${i + 1}`, shellWords(m[1]!.replace(/[[\]]/g, ' '))]);
  });
  return out;
}

const blocks = pages.flatMap((page) => runnableBlocks(page, readFileSync(join(root, page), 'utf8')));

test('docs: the runnable-block reader finds output and elisions as documented', () => {
  assert.deepEqual(shSteps('$ prism x\n{\n  "a": 1\n}\n$ prism y'), [
    { command: 'prism x', expected: '{\n  "a": 1\n}' },
    { command: 'prism y' },
  ]);
  assert.deepEqual(shSteps('npx prism a   # why\n# shown\nnpx prism b'), [
    { command: 'npx prism a', expected: 'shown' },
    { command: 'npx prism b' },
  ]);
  assert.match('took 2859 ms; 0 findings', outputPattern('took … ms; 0  findings'));
  // Near misses: a changed number or word is not matched.
  assert.doesNotMatch('took 2859 ms; 1 findings', outputPattern('took … ms; 0 findings'));
  assert.doesNotMatch('"verdict": "different"', outputPattern('"verdict": "equivalent"'));
});

test('docs: the README and the pages carry runnable blocks', () => {
  // A floor, so that this file cannot pass by finding nothing to run.
  assert.ok(blocks.length >= 8, `only ${blocks.length} runnable blocks`);
  assert.ok(blocks.some((b) => b.page === 'README.md' && b.lang === 'ts'));
});

test('docs: every prism command shown in an sh block names a real command and flags it takes', async () => {
  const { commands } = await import('../../src/cli/commands/index.js');
  const problems: string[] = [];
  let seen = 0;
  for (const page of pages)
    for (const [where, words] of prismLines(page, readFileSync(join(root, page), 'utf8'))) {
      const name = words[0] === 'dataset' ? `dataset ${words[1]}` : words[0] === 'help' ? words[1] : words[0];
      const command = commands.find((c) => c.name === name);
      if (command === undefined) {
        problems.push(`${where}: no command 'prism ${name}'`);
        continue;
      }
      seen++;
      for (const w of words.filter((x) => x.startsWith('--')).map((x) => x.split('=')[0]!.slice(2)))
        if (w !== 'help' && w !== '' && !(w in (command.flags ?? {})))
          problems.push(`${where}: prism ${name} takes no --${w}`);
    }
  assert.ok(seen >= 40, `only ${seen} prism lines found`);
  assert.deepEqual(problems, []);
});

for (const block of blocks) {
  test(`docs: ${block.page}:${block.line} (${block.lang}) runs and prints what it shows`, async () => {
    if (block.lang === 'sh') {
      // `prism report --html` needs the viewer app; a bare checkout builds it, as the browser tests do.
      if (block.body.includes('--html') && readAppBundle() === undefined)
        execFileSync(process.execPath, [join(packageRoot(), 'scripts', 'build-viewer.mjs')]);
      await runShBlock(block);
    } else runTsBlock(block);
  });
}
