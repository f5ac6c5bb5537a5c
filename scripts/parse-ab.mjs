#!/usr/bin/env node
// Same-process A/B of two compiled trees of this repo (e.g. the commit before a parser change and
// after it), on CPU time with alternated rounds, so that a busy machine hurts both sides alike:
//  - parse: `parseLatex(f, { maxDepth: 200 })` (uncached in both) over the PRISM, OlympiadBench and
//    PHYBench display formulas of ../shared/peers;
//  - extract + prepare: `extractFormulas` then `prepareFormula` of every formula of a fresh
//    (seeded, perturbed) copy of each bundled answer, the parse work of a scorer on new answers.
// Build each tree with `npx tsc -p tsconfig.json --outDir DIR --declaration false` (for an old
// commit: `git archive <commit> src scripts bench tsconfig.json | tar -x -C /tmp/old` first, and
// link data/ into DIR). Run: node scripts/parse-ab.mjs OLD_DIR NEW_DIR [rounds]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [oldDir, newDir, roundsArg] = process.argv.slice(2);
if (oldDir === undefined || newDir === undefined) {
  console.error('usage: node scripts/parse-ab.mjs OLD_DIR NEW_DIR [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 12);
const load = (dir, rel) => import(pathToFileURL(resolve(dir, rel)).href);
const peers = resolve(new URL('..', import.meta.url).pathname, '../shared/peers');
if (!existsSync(peers)) {
  console.log('../shared/peers is absent: nothing to compare');
  process.exit(0);
}
const sides = await Promise.all(
  [oldDir, newDir].map(async (dir) => ({
    latex: await load(dir, 'src/latex/index.js'),
    extract: await load(dir, 'src/extract/extract-formulas.js'),
    prepare: await load(dir, 'src/equivalence/index.js'),
  })),
);
const coverage = await load(newDir, 'scripts/parse-coverage.js');
const fresh = await load(newDir, 'bench/fresh-answers.js');
const formulas = [
  ...coverage.prismFormulas(`${peers}/prism-physics/dag_02_subset.json`),
  ...coverage.olympiadFormulas(`${peers}/olympiadbench-physics/English_Olympiad_Physics.json`),
  ...coverage.phybenchFormulas(`${peers}/phybench/PHYBench-fullques_v1.json`),
];
const { answers } = fresh.bundledAnswers();

const cpu = (fn) => {
  const c0 = process.cpuUsage();
  const n = fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
};
const parse = (side) =>
  cpu(() => {
    for (const f of formulas) side.latex.parseLatex(f, { maxDepth: 200 });
    return formulas.length;
  });
let copy = 0;
const scorerParse = (side) => {
  const texts = answers.map((a, i) => fresh.perturb(a.text, `parse-ab-${copy}-${i}`));
  copy++;
  return cpu(() => {
    let n = 0;
    for (const text of texts) {
      const extraction = side.extract.extractFormulas(text);
      for (const f of [...extraction.formulas, ...extraction.candidates]) {
        side.prepare.prepareFormula(f.latex);
        n++;
      }
    }
    return n;
  });
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [name, fn] of [
  ['parse, µs CPU a formula', parse],
  ['extract + prepare, µs CPU a formula', scorerParse],
]) {
  for (let k = 0; k < 2; k++) for (const side of sides) fn(side);
  const times = [[], []];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) times[i].push(fn(sides[i]));
  }
  const [a, b] = times.map(median);
  console.log(
    `${name}: old ${a.toFixed(1)}, new ${b.toFixed(1)}; ratio ${(a / b).toFixed(2)}x (median of ${rounds} alternated rounds)`,
  );
}
