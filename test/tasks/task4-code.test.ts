import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { missingPiece, sandboxSupport } from '../../src/sandbox/index.js';
import type { CodeOutcome, RobustnessReport } from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';

const skip = sandboxSupport().missing ?? false;
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

/** Where the attacker aims (a host directory that must stay empty). */
const outside = join(tmp, 'outside');
const forged = JSON.stringify({ results: [1, 2, 3].map(() => ({ ok: true, value: { ans_1: 1 } })) });
/** Code an attacking model writes: each answer tries one escape the issue found. */
const ATTACKS: [RegExp, string][] = [
  // writes through dir_fd to a host path, then appends to it with sqlite3
  [
    /series circuit/,
    `import os, sqlite3\ndef solve(R, L, C, V_rms, f):\n    os.makedirs(${JSON.stringify(outside)}, exist_ok=True)\n    d = os.open(${JSON.stringify(outside)}, os.O_RDONLY)\n    os.close(os.open("pwned", os.O_WRONLY | os.O_CREAT, dir_fd=d))\n    sqlite3.connect(${JSON.stringify(`${outside}/x.db`)}).execute("create table t (a)")\n    return {"ans_1": 0}\n`,
  ],
  // a forged results line, then os._exit
  [
    /capacitor of capacitance/,
    `import os\nos.write(1, (${JSON.stringify(forged)} + "\\n").encode())\nos._exit(0)\n`,
  ],
  // forks (a daemon), then a memory bomb
  [
    /proton/,
    'import os\ndef solve(B, v, theta, E):\n    if os.fork() == 0:\n        os.setsid()\n        while True:\n            pass\n    return {"ans_1": len(bytearray(10 ** 10))}\n',
  ],
  // reads the parent's files and environment into its answer
  [
    /conducting rails/,
    'import os\ndef solve(ell, theta, R, B, m):\n    return {"ans_1": open("/etc/passwd").read() + repr(dict(os.environ))}\n',
  ],
];

let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    const text = userText(req.body);
    const table = req.body.model === 'attacker' ? ATTACKS : CODE;
    const code = table.find(([re]) => re.test(text))?.[1] ?? 'no idea';
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

test('Task IV through the loopback server: an attacking model escapes nothing, each attempt recorded', {
  skip,
}, async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, 'attacker');
  const r = await runCommand(command, [
    '--model',
    'attacker',
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
  const { report, outcomes } = JSON.parse(readFileSync(join(out, 'prism-iv.json'), 'utf8')) as {
    report: RobustnessReport;
    outcomes: CodeOutcome[];
  };
  assert.equal(report.metrics.overall_accuracy, 0);
  assert.equal(
    existsSync(outside),
    false,
    `${outside} was created: ${existsSync(outside) ? readdirSync(outside) : ''}`,
  );
  const of = (id: string) => outcomes.filter((o) => o.problem_id.startsWith(`${id}#`));
  assert.ok(
    of('em-07').every((o) => /FileNotFoundError|PermissionError|Read-only/.test(o.error ?? '')),
    JSON.stringify(of('em-07')),
  );
  assert.ok(
    of('em-02').every((o) => /sandbox-crashed/.test(o.error ?? '')),
    JSON.stringify(of('em-02')),
  );
  assert.ok(
    of('em-04').every((o) => /BlockingIOError|Resource temporarily unavailable/.test(o.error ?? '')),
    JSON.stringify(of('em-04')),
  );
  assert.ok(
    of('em-08').every((o) => /FileNotFoundError/.test(o.error ?? '')),
    JSON.stringify(of('em-08')),
  );
  assert.ok(!readFileSync(join(out, 'prism-iv.json'), 'utf8').includes('root:'));
});

test('without its sandbox Task IV refuses in one line naming what is missing, asking the model nothing', async () => {
  const asked = server.total();
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
    sandboxMissing: () =>
      missingPiece({
        platform: 'linux',
        python: true,
        bwrap: false,
        prlimit: true,
        root: false,
        setpriv: false,
        arch: 'x64',
      }),
  });
  const r = await runCommand(command, [
    '--model',
    'coder',
    '--dataset',
    dataset,
    '--task',
    'IV',
    '--out',
    join(tmp, 'refused'),
  ]);
  assert.equal(r.code, 2);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(
    r.stderr,
    /^prism run: Task IV cannot run: bubblewrap \(bwrap\) is not installed.*apt-get install bubblewrap\)$/m,
  );
  assert.equal(server.total(), asked);
  assert.equal(existsSync(join(tmp, 'refused', 'prism-iv.json')), false);
});

test('the missing piece is named in order; nothing is missing when every tool is there', () => {
  const all = {
    platform: 'linux',
    python: true,
    bwrap: true,
    prlimit: true,
    root: true,
    setpriv: true,
    arch: 'x64',
  };
  assert.equal(missingPiece(all), undefined);
  assert.equal(missingPiece({ ...all, root: false, setpriv: false }), undefined);
  assert.match(missingPiece({ ...all, platform: 'darwin' }) ?? '', /needs Linux.*darwin/);
  assert.match(missingPiece({ ...all, python: false, bwrap: false }) ?? '', /^python3 was not found/);
  assert.match(missingPiece({ ...all, bwrap: false }) ?? '', /^bubblewrap \(bwrap\) is not installed/);
  assert.match(missingPiece({ ...all, prlimit: false }) ?? '', /^prlimit/);
  assert.match(missingPiece({ ...all, setpriv: false }) ?? '', /^setpriv/);
  assert.equal(missingPiece({ ...all, arch: 'arm64' }), undefined);
  assert.match(missingPiece({ ...all, arch: 'riscv64' }) ?? '', /seccomp socket filter.*riscv64/);
});

test('Task IV on a problem whose text shows no parameter (mech-01) runs, not "no problems"', {
  skip,
}, async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const r = await runCommand(command, [
    '--model',
    'coder',
    '--task',
    'IV',
    '--problem',
    'mech-01',
    '--instances',
    '2',
    '--quiet',
    '--out',
    join(tmp, 'mech-01'),
  ]);
  assert.doesNotMatch(r.stderr, /no problems/);
  assert.notEqual(r.code, 2, r.stderr);
  // Near miss: a problem without parameters is still refused, with the reason.
  const none = await runCommand(command, [
    '--model',
    'coder',
    '--task',
    'IV',
    '--problem',
    'opt-03',
    '--quiet',
    '--out',
    join(tmp, 'opt-03'),
  ]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /Task IV needs parameterized problems; none of the 1 selected has parameters/);
});
