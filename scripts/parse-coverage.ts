/**
 * Parse coverage over real physics notation:
 *  (a) the 131 `grading_standard` formulas of ../shared/peers/prism-physics/dag_02_subset.json
 *      (must all parse);
 *  (b) every display formula (`$$…$$`, `\[…\]`) in the `solution` strings of
 *      ../shared/peers/olympiadbench-physics/English_Olympiad_Physics.json (≥ 99 % without an error;
 *      prose reported as `not-a-formula` is counted and listed separately);
 *  (c) every display formula of the PHYBench worked solutions and answers
 *      (../shared/peers/phybench/PHYBench-fullques_v1.json, 100 problems);
 *  (d) every display formula of the SciBench physics worked solutions
 *      (../shared/peers/scibench-physics/{fund,class,thermo,quan}_sol.json).
 * A corpus whose file is absent is skipped with a message.
 * Run: npx tsx scripts/parse-coverage.ts [--all] (lists every failure with --all, else the first 40).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseLatex } from '../src/latex/index.js';

/** One formula that did not parse. */
export interface CoverageFailure {
  readonly latex: string;
  readonly code: string;
  readonly message: string;
}

/** Coverage of one corpus. */
export interface Coverage {
  readonly total: number;
  readonly ok: number;
  readonly prose: readonly string[];
  readonly failures: readonly CoverageFailure[];
}

/** The `grading_standard` formulas of the PRISM subset, with `$$` stripped. */
export function prismFormulas(path: string): string[] {
  const problems = JSON.parse(readFileSync(path, 'utf8')) as { grading_standard: { formula: string }[] }[];
  return problems.flatMap((p) => p.grading_standard.map((g) => g.formula.replace(/^\s*\$\$|\$\$\s*$/g, '')));
}

/** Every display formula in the OlympiadBench solutions. */
export function olympiadFormulas(path: string): string[] {
  const problems = JSON.parse(readFileSync(path, 'utf8')) as { solution: string[] | string }[];
  const out: string[] = [];
  for (const p of problems) {
    const text = Array.isArray(p.solution) ? p.solution.join('\n') : p.solution;
    for (const m of text.matchAll(/\$\$([\s\S]*?)\$\$|\\\[([\s\S]*?)\\\]/g)) out.push(m[1] ?? m[2] ?? '');
  }
  return out;
}

/** Every display formula (`$$…$$`, `\[…\]`) of some texts. */
export function displayFormulas(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts)
    for (const m of text.matchAll(/\$\$([\s\S]*?)\$\$|\\\[([\s\S]*?)\\\]/g)) out.push(m[1] ?? m[2] ?? '');
  return out;
}

/** PHYBench: display formulas of the worked solutions and of the answers. */
export function phybenchFormulas(path: string): string[] {
  const problems = JSON.parse(readFileSync(path, 'utf8')) as { solution?: string; answer?: string }[];
  return displayFormulas(problems.flatMap((p) => [p.solution ?? '', p.answer ?? '']));
}

/** SciBench: display formulas of the worked solutions of the `*_sol.json` files. */
export function scibenchFormulas(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const problems = JSON.parse(readFileSync(path, 'utf8')) as { solution?: string }[];
    return displayFormulas(problems.map((p) => p.solution ?? ''));
  });
}

/** Parses every formula and sorts the outcomes. */
export function coverage(formulas: readonly string[]): Coverage {
  let ok = 0;
  const prose: string[] = [];
  const failures: CoverageFailure[] = [];
  for (const latex of formulas) {
    const r = parseLatex(latex);
    const error = r.diagnostics.find((d) => d.severity === 'error');
    if (r.ok && error === undefined) ok++;
    else if (error?.code === 'not-a-formula') prose.push(latex);
    else failures.push({ latex, code: error?.code ?? 'unknown', message: error?.message ?? '' });
  }
  return { total: formulas.length, ok, prose, failures };
}

function report(name: string, c: Coverage, all: boolean): void {
  const rate = (100 * c.ok) / Math.max(1, c.total);
  const rateNoProse = (100 * c.ok) / Math.max(1, c.total - c.prose.length);
  console.log(
    `${name}: ${c.ok}/${c.total} parsed (${rate.toFixed(2)} %); prose ${c.prose.length}; errors ${c.failures.length}; rate without prose ${rateNoProse.toFixed(2)} %`,
  );
  for (const f of all ? c.failures : c.failures.slice(0, 40)) {
    console.log(`  [${f.code}] ${f.message}\n      ${JSON.stringify(f.latex.trim().slice(0, 300))}`);
  }
  if (c.prose.length > 0) {
    console.log('  prose (not-a-formula):');
    for (const p of all ? c.prose : c.prose.slice(0, 10))
      console.log(`      ${JSON.stringify(p.trim().slice(0, 160))}`);
  }
}

function main(): void {
  const root = new URL('../../shared/peers/', import.meta.url);
  const all = process.argv.includes('--all');
  const prism = coverage(prismFormulas(fileURLToPath(new URL('prism-physics/dag_02_subset.json', root))));
  report('PRISM grading_standard', prism, all);
  const olympiad = coverage(
    olympiadFormulas(fileURLToPath(new URL('olympiadbench-physics/English_Olympiad_Physics.json', root))),
  );
  report('OlympiadBench display formulas', olympiad, all);
  const at = (rel: string): string => fileURLToPath(new URL(rel, root));
  const phybench = at('phybench/PHYBench-fullques_v1.json');
  if (existsSync(phybench)) report('PHYBench display formulas', coverage(phybenchFormulas(phybench)), all);
  else console.log(`PHYBench: ${phybench} absent; skipped`);
  const sci = ['fund', 'class', 'thermo', 'quan'].map((n) => at(`scibench-physics/${n}_sol.json`));
  if (sci.every((f) => existsSync(f)))
    report('SciBench display formulas', coverage(scibenchFormulas(sci)), all);
  else console.log('SciBench: ../shared/peers/scibench-physics absent; skipped');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
