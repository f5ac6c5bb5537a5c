import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { sandboxSupport } from '../../src/sandbox/index.js';
import type { CodeOutcome, RobustnessReport } from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';

const skip = sandboxSupport().python === undefined ? 'python3 is not installed' : false;
const tmp = mkdtempSync(join(tmpdir(), 'prism-task4-'));
const dataset = join(tmp, 'em.json');
const raw = JSON.parse(readFileSync(join(bundledDatasetPath(), 'electromagnetism.json'), 'utf8')) as {
  id: string;
}[];
writeFileSync(
  dataset,
  JSON.stringify(raw.filter((p) => ['em-02', 'em-04', 'em-07', 'em-08'].includes(p.id))),
);

/** Code a scripted model writes, by what the prompt is about. */
const CODE: [RegExp, string][] = [
  // em-07, right: I_rms, P, f_0.
  [
    /series circuit/,
    'import math\ndef solve(R, L, C, V_rms, f):\n    w = 2 * math.pi * f\n    Z = math.sqrt(R**2 + (w * L - 1 / (w * C))**2)\n    I = V_rms / Z\n    return {"ans_1": I, "ans_2": I**2 * R, "ans_3": 1 / (2 * math.pi * math.sqrt(L * C))}\n',
  ],
  // em-02, wrong: forgets the factor 2 of the energy's decay rate.
  [
    /capacitor of capacitance/,
    'import math\ndef solve(C, V_0, R):\n    tau = R * C\n    return {"ans_1": tau * math.log(10), "ans_2": 0.9 * 0.5 * C * V_0**2}\n',
  ],
  // em-04: never returns.
  [/proton/, 'def solve(B, v, theta, E):\n    while True:\n        pass\n'],
  // em-08: does not parse.
  [/conducting rails/, 'def solve(ell, theta, R, B, m)\n    return {}\n'],
];

let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    const text = userText(req.body);
    const code = CODE.find(([re]) => re.test(text))?.[1] ?? 'no idea';
    return { kind: 'answer', text: `Here is the function.\n\`\`\`python\n${code}\`\`\`\n` };
  });
});
after(() => server.close());

test('Task IV through the loopback server: code runs in the sandbox on every instance', {
  skip,
}, async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, 'coder');
  const r = await runCommand(command, [
    '--model',
    'coder',
    '--dataset',
    dataset,
    '--task',
    'IV',
    '--instances',
    '3',
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\| IV \| Overall Acc ↑ \| 25\.0 \|/);
  const { report, outcomes } = JSON.parse(readFileSync(join(out, 'prism-iv.json'), 'utf8')) as {
    report: RobustnessReport;
    outcomes: CodeOutcome[];
  };
  assert.deepEqual(
    [
      report.metrics.overall_accuracy,
      report.metrics.true_at_t,
      report.metrics.volatility,
      report.metrics.total_failure_rate,
    ],
    [25, 25, 0, 75],
  );
  const of = (id: string) => outcomes.filter((o) => o.problem_id.startsWith(`${id}#`));
  assert.ok(of('em-07').every((o) => o.final_answer_correct));
  assert.ok(of('em-02').every((o) => !o.final_answer_correct && o.error === undefined));
  assert.ok(
    of('em-04').every((o) => /cpu-limit|timeout/.test(o.error ?? '')),
    JSON.stringify(of('em-04')),
  );
  assert.ok(of('em-08').every((o) => /SyntaxError/.test(o.error ?? '')));
  assert.equal(server.total(), 4);
});
