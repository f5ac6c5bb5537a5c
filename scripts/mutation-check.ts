// A mutation check of our own (not part of `npm test`): flips operators and constants in the
// sources of src/techniques, src/judges, src/tasks and src/stats one at a time, runs the tests of
// that folder, and counts a mutant as killed when they fail (or time out). Mutation sites come from
// the TypeScript syntax tree, so comments and strings are never touched.
//
//   npx tsx scripts/mutation-check.ts [--per-folder N] [--seed S] [--timeout SECONDS] [--folder F] [--json]
//
// A seeded sample of N sites per folder (default 12) keeps a run to minutes on two cores; every
// survivor is printed with its file, line and change. The working tree is restored after every
// mutant, and on Ctrl-C. Survivors include equivalent mutants (changes no test could observe);
// read them before calling a survivor a missing test.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { createPrng } from '../src/core/prng.js';

const root = new URL('..', import.meta.url).pathname;

/** The source folders checked and the tests that guard each. */
const FOLDERS: Readonly<Record<string, readonly string[]>> = {
  'src/techniques': ['test/techniques/'],
  'src/judges': ['test/judges/'],
  'src/tasks': ['test/tasks/'],
  'src/stats': ['test/stats/'],
};

interface Mutant {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly from: string;
  readonly to: string;
  readonly line: number;
}

const SWAPS: Readonly<Record<string, string>> = {
  '===': '!==',
  '!==': '===',
  '<': '<=',
  '<=': '<',
  '>': '>=',
  '>=': '>',
  '+': '-',
  '-': '+',
  '*': '/',
  '/': '*',
  '&&': '||',
  '||': '&&',
  '??': '||',
};

/** Every mutation site of one file: binary operators, numeric literals, true/false. */
function sites(file: string): Mutant[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Mutant[] = [];
  const add = (start: number, end: number, to: string): void => {
    const from = text.slice(start, end);
    out.push({ file, start, end, from, to, line: source.getLineAndCharacterOfPosition(start).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    // Types, imports and exports lists carry no behaviour.
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isTypeAliasDeclaration(node)) return;
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      const to = SWAPS[op.getText(source)];
      // String concatenation with `+` is not arithmetic: skip when either side is a string literal or template.
      const stringy = [node.left, node.right].some(
        (n) => ts.isStringLiteral(n) || ts.isTemplateExpression(n) || ts.isNoSubstitutionTemplateLiteral(n),
      );
      if (to !== undefined && !(stringy && (op.getText(source) === '+' || op.getText(source) === '-')))
        add(op.getStart(source), op.getEnd(), to);
    } else if (ts.isNumericLiteral(node)) {
      const value = Number(node.text);
      add(node.getStart(source), node.getEnd(), value === 0 ? '1' : value === 1 ? '0' : String(value + 1));
    } else if (node.kind === ts.SyntaxKind.TrueKeyword) add(node.getStart(source), node.getEnd(), 'false');
    else if (node.kind === ts.SyntaxKind.FalseKeyword) add(node.getStart(source), node.getEnd(), 'true');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = join(dir, name.name);
      if (name.isDirectory()) walk(rel);
      else if (/\.ts$/.test(name.name) && !/\.test\.ts$/.test(name.name) && name.name !== 'index.ts')
        out.push(rel);
    }
  };
  walk(folder);
  return out.sort();
}

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}

const perFolder = Number(flag('per-folder', '12'));
const seed = flag('seed', 'mutation-1');
const timeoutS = Number(flag('timeout', '300'));
const only = flag('folder', '');
const asJson = process.argv.includes('--json');

/** Runs the guarding tests once; true when they pass. */
function testsPass(tests: readonly string[]): { pass: boolean; timedOut: boolean; ms: number } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...tests], {
    cwd: root,
    stdio: 'ignore',
    timeout: timeoutS * 1000,
    killSignal: 'SIGKILL',
  });
  return { pass: r.status === 0, timedOut: r.error !== undefined || r.signal !== null, ms: Date.now() - t0 };
}

let restore: (() => void) | undefined;
process.on('SIGINT', () => {
  restore?.();
  process.exit(130);
});

const results: { folder: string; mutant: Mutant; killed: boolean; timedOut: boolean }[] = [];
for (const [folder, tests] of Object.entries(FOLDERS)) {
  if (only !== '' && folder !== only) continue;
  const baseline = testsPass(tests);
  if (!baseline.pass) {
    console.error(`${folder}: its tests fail before any mutation; fix them first`);
    process.exit(2);
  }
  const all = sourceFiles(folder).flatMap(sites);
  const prng = createPrng(`${seed}/${folder}`);
  const pool = [...all];
  const chosen: Mutant[] = [];
  while (chosen.length < perFolder && pool.length > 0) chosen.push(pool.splice(prng.int(pool.length), 1)[0]!);
  console.error(
    `${folder}: ${all.length} sites, checking ${chosen.length} (tests ${Math.round(baseline.ms / 1000)} s each)`,
  );
  for (const m of chosen) {
    const path = join(root, m.file);
    const original = readFileSync(path, 'utf8');
    restore = () => writeFileSync(path, original);
    writeFileSync(path, original.slice(0, m.start) + m.to + original.slice(m.end));
    let outcome: ReturnType<typeof testsPass>;
    try {
      outcome = testsPass(tests);
    } finally {
      restore();
      restore = undefined;
    }
    const killed = !outcome.pass;
    results.push({ folder, mutant: m, killed, timedOut: outcome.timedOut });
    console.error(
      `  ${killed ? 'killed  ' : 'SURVIVED'} ${relative(root, path)}:${m.line} ${m.from} → ${m.to}${outcome.timedOut ? ' (timeout)' : ''}`,
    );
  }
}

const byFolder = Object.keys(FOLDERS)
  .filter((f) => only === '' || f === only)
  .map((folder) => {
    const rs = results.filter((r) => r.folder === folder);
    return { folder, mutants: rs.length, killed: rs.filter((r) => r.killed).length };
  });
const total = results.length;
const killed = results.filter((r) => r.killed).length;
if (asJson) {
  console.log(
    JSON.stringify({
      seed,
      per_folder: perFolder,
      killed,
      total,
      score: total === 0 ? null : killed / total,
      by_folder: byFolder,
      survivors: results.filter((r) => !r.killed).map((r) => ({ ...r.mutant, file: r.mutant.file })),
    }),
  );
} else {
  console.log('| folder | mutants | killed | score |\n|---|---:|---:|---:|');
  for (const f of byFolder)
    console.log(
      `| ${f.folder} | ${f.mutants} | ${f.killed} | ${f.mutants === 0 ? '—' : `${((100 * f.killed) / f.mutants).toFixed(0)}%`} |`,
    );
  console.log(
    `| all | ${total} | ${killed} | ${total === 0 ? '—' : `${((100 * killed) / total).toFixed(1)}%`} |`,
  );
}
