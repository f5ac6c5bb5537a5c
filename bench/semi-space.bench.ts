/**
 * The in-process scorer (what `prism score` and the library run) at several semi-space sizes of the
 * main thread (`node --max-semi-space-size=N`; V8's young generation is two semi-spaces and a
 * large-object space): one child process per size, started together, each warmed with the same
 * answers, then the same fresh answers scored by each child in turn, round after round (one child
 * scores at a time; the order rotates every round). Each child reports its own CPU per answer; the
 * ratio is each size's rate per CPU against the first variant (Node's default unless told). Every
 * child's scores must agree item by item. Memory: each child's peak RSS.
 * Run: npm run bench -- semi-space -- [--sizes default,16,32,64] [--rounds 3] [--harsh]
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import { rotatingRounds, roundSets, variantRates } from './rounds.js';

const child = process.argv[2] === '--child';
const { values: flags } = parseArgs({
  args: child ? process.argv.slice(3) : process.argv.slice(2),
  options: {
    sizes: { type: 'string' },
    rounds: { type: 'string' },
    warm: { type: 'string' },
    harsh: { type: 'boolean' },
  },
});
const sizes = (flags.sizes ?? 'default,16,32,64').split(',');
const { problems, answers, rounds: ROUNDS, warm: WARM, set } = roundSets(flags);

interface Report {
  readonly cpu: number;
  readonly scores: string[];
  readonly rssMb: number;
}

if (child) {
  const scorers = createProblemScorers(problems, []);
  const now = () => performance.now();
  process.on('message', (message: { set?: number; exit?: boolean }) => {
    if (message.exit === true) process.exit(0);
    const list = set(message.set ?? 0);
    const c0 = process.cpuUsage();
    const scores = list.map((a) => {
      const o = scoreItem(scorers, { problem_id: a.problemId, response: a.text }, 'summary', now);
      return o.status === 'ok' ? `${o.step_score}|${o.final_answer_correct}` : o.status;
    });
    const u = process.cpuUsage(c0);
    const report: Report = {
      cpu: (u.user + u.system) / 1e6,
      scores,
      rssMb: process.resourceUsage().maxRSS / 1024,
    };
    process.send?.(report);
  });
} else {
  const children = sizes.map((s) =>
    fork(new URL(import.meta.url), ['--child', ...process.argv.slice(2)], {
      execArgv: [...process.execArgv, ...(s === 'default' ? [] : [`--max-semi-space-size=${s}`])],
    }),
  );
  const ask = (c: (typeof children)[number], set: number): Promise<Report> =>
    new Promise((resolve) => {
      c.once('message', (m: Report) => resolve(m));
      c.send({ set });
    });
  for (let w = 0; w < WARM; w++) for (const c of children) await ask(c, 1 + w);
  const rss = sizes.map(() => 0);
  const times = await rotatingRounds(sizes.length, ROUNDS, async (p, r) => {
    const report = await ask(children[p]!, 1 + WARM + r);
    rss[p] = report.rssMb;
    return { cpu: report.cpu, outcomes: report.scores };
  });
  const scored = ROUNDS * answers.length;
  for (const c of children) c.send({ exit: true });

  console.log(
    `${scored} ${flags.harsh ? 'harsh' : 'fresh'} answers per variant (${ROUNDS} rounds, after ${WARM} warm-up passes), in process, CPU per answer:`,
  );
  variantRates(times, scored).forEach(({ cost, rate, rounds }, i) => {
    const s = sizes[i]!;
    console.log(
      `  semi-space ${s === 'default' ? 'default' : `${s} MB`}: ${cost}, rate ${rate}× the ${sizes[0]} variant; peak RSS ${rss[i]!.toFixed(0)} MB; per round ${rounds}`,
    );
  });
  console.log(`item outcomes differing between variants: ${times.differences}`);
  if (times.differences > 0) process.exitCode = 1;
}
