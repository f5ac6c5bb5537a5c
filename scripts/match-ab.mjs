#!/usr/bin/env node
// Node matching alone, before/after in one process. Each round harshens every bundled answer with a
// new tag (a cancelling K_n/K_n before every `=`, n new to every cache; `--fresh`: the project's own
// freshening instead), extracts and prepares its formulas (untimed), then times, per build, matching
// every formula against every node as the scorer does (a pair matcher with the scorer's options,
// nodes primed): the CPU of the process (all threads) per answer, the builds alternating per answer.
// The build loaded first ran 3–6% slower in A/A runs on the shared machine, so the comparison runs
// twice, in child processes with the load order swapped, and the two ratios are combined (geometric
// mean). Work units and match counts are printed: they must be equal.
// Usage: node scripts/ab-bench.mjs --before REV (compiles .bench-build/ab-REV and .bench-build/ab-now),
// then: node scripts/match-ab.mjs [DIR_BEFORE DIR_AFTER] [--rounds N] [--fresh]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string' }, fresh: { type: 'boolean' }, child: { type: 'boolean' } },
});
const root = new URL('..', import.meta.url).pathname;
const rounds = Number(values.rounds ?? 3);

if (!values.child) {
  const dirs =
    positionals.length === 2
      ? positionals
      : [join(root, '.bench-build/ab-main'), join(root, '.bench-build/ab-now')];
  const run = (order) => {
    const args = [new URL(import.meta.url).pathname, '--child', '--rounds', String(rounds), ...order];
    if (values.fresh) args.push('--fresh');
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) {
      console.error(r.stderr);
      process.exit(1);
    }
    process.stdout.write(r.stdout);
    return JSON.parse(r.stdout.trim().split('\n').at(-1));
  };
  const first = run(dirs); // before loaded first
  const second = run([dirs[1], dirs[0]]); // after loaded first
  const total = Math.sqrt((first.cpu[0] / first.cpu[1]) * (second.cpu[1] / second.cpu[0]));
  const median = Math.sqrt(first.medianRatio / second.medianRatio);
  console.log(
    `before/after CPU of node matching: ${total.toFixed(3)}× in total, ${median.toFixed(3)}× at the median answer (both load orders)`,
  );
  process.exit(0);
}

async function load(dir) {
  const m = (p) => import(join(dir, p));
  const fa = await m('bench/fresh-answers.js');
  const { createPairMatcher } = await m('src/score/pair-matcher.js');
  const { prepareNodes } = await m('src/score/prepare-nodes.js');
  const { withDeclarations } = await m('src/dag/problem-declarations.js');
  const { problemPrepareOptions, problemLetters } = await m('src/dag/problem-options.js');
  const { extractFormulas } = await m('src/extract/extract-formulas.js');
  const { prepareFormula } = await m('src/equivalence/prepare-formula.js');
  const { metered } = await m('src/numeric/work-meter.js');
  const bundled = fa.bundledAnswers();
  const matcher = createPairMatcher({ equivalence: { mode: 'physical' } });
  const problems = new Map();
  for (const original of bundled.problems) {
    const problem = withDeclarations(original);
    const nodes = prepareNodes(problem);
    for (const n of nodes) for (const part of n.parts) matcher.prime(part);
    problems.set(problem.id, {
      nodes,
      options: problemPrepareOptions(problem),
      letters: problemLetters(problem),
    });
  }
  const state = { work: 0, matched: 0 };
  const prepare = (answer) => {
    const p = problems.get(answer.problemId);
    const ex = extractFormulas(answer.text, { workPerChar: 0, quantityLetters: p.letters });
    return { p, formulas: ex.formulas.map((f) => prepareFormula(f.latex, p.options)) };
  };
  const match = ({ p, formulas }) => {
    matcher.beginResponse();
    const run = metered(Number.POSITIVE_INFINITY, () => {
      for (const a of formulas) {
        if (!a.ok) continue;
        for (const node of p.nodes)
          if (node.parts.find((q) => matcher.match(a, q) === 'equivalent') !== undefined) state.matched++;
      }
    });
    state.work += run.work;
  };
  return { fa, bundled, prepare, match, state };
}

const builds = [await load(positionals[0]), await load(positionals[1])];
const answers = builds[0].bundled.answers;
const cpu = [0, 0];
const per = [[], []];
const now = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
for (let r = -1; r < rounds; r++) {
  const tagged = values.fresh
    ? answers.map((a, i) => ({ problemId: a.problemId, text: builds[0].fa.perturb(a.text, `m${r}-${i}`) }))
    : builds[0].fa.harshAnswers(answers, `m${r}x`);
  tagged.forEach((a, i) => {
    const order = (i + r) % 2 === 0 ? [0, 1] : [1, 0];
    const prepared = order.map((b) => builds[b].prepare(a));
    order.forEach((b, j) => {
      const t0 = now();
      builds[b].match(prepared[j]);
      const dt = now() - t0;
      if (r >= 0) {
        cpu[b] += dt;
        per[b][per[b].length] = dt;
      }
    });
  });
}
const n = rounds * answers.length;
const ratios = per[0].map((x, i) => Math.max(x, 1) / Math.max(per[1][i], 1)).sort((x, y) => x - y);
positionals.forEach((d, i) => {
  const b = builds[i];
  console.log(
    `${d}: ${(cpu[i] / n / 1000).toFixed(3)} CPU-ms of matching per answer; work ${b.state.work}, matched ${b.state.matched}`,
  );
});
console.log(JSON.stringify({ cpu, medianRatio: ratios[ratios.length >> 1] }));
