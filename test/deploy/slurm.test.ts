/**
 * deploy/slurm/ on a real one-node Slurm cluster (Debian's slurm-wlm and munge, started here as
 * root in a scratch folder: a munge key and socket of its own, a minimal slurm.conf with
 * SlurmUser=root, proctrack/linuxproc, task/none, then munged, slurmctld, slurmd). submit.sh sends
 * the array job (sbatch --array) and its merge job; the merged files must be byte for byte those
 * of one `prism score`. Skipped with a message where Slurm cannot start (not root, not installed).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const built = existsSync(join(root, 'dist/src/cli/main.js'));
const reason =
  process.getuid?.() !== 0
    ? 'Slurm: not root (the one-node cluster runs its daemons as root)'
    : !['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue'].every(has)
      ? 'Slurm: slurm-wlm and munge are not installed (apt-get install slurm-wlm munge)'
      : !built
        ? 'Slurm: the CLI is not built (npm install runs the build)'
        : undefined;

const dir = mkdtempSync(join(tmpdir(), 'prism-slurm-'));
const conf = join(dir, 'slurm.conf');
const env = { ...process.env, SLURM_CONF: conf, PRISM: `${process.execPath} ${join(root, 'bin/prism.js')}` };
let startError: string | undefined;
/** Set when both daemons run but the node never becomes usable: a failure, not a skip. */
let nodeStuck: string | undefined;
let nodeName: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function pidOf(name: string): number | undefined {
  const file = join(dir, `${name}.pid`);
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

before(async () => {
  if (reason !== undefined) return;
  try {
    writeFileSync(join(dir, 'munge.key'), execFileSync('head', ['-c', '1024', '/dev/urandom']));
    chmodSync(join(dir, 'munge.key'), 0o400);
    execFileSync('munged', [
      '--force',
      `--key-file=${join(dir, 'munge.key')}`,
      `--socket=${join(dir, 'munge.sock')}`,
      `--pid-file=${join(dir, 'munged.pid')}`,
      `--log-file=${join(dir, 'munged.log')}`,
      `--seed-file=${join(dir, 'munge.seed')}`,
    ]);
    const node = execFileSync('slurmd', ['-C'], { encoding: 'utf8' }).split('\n')[0]!;
    const [ctldPort, dPort] = [await freePort(), await freePort()];
    const host = hostname().split('.')[0]!;
    writeFileSync(
      conf,
      [
        'ClusterName=prismci',
        `SlurmctldHost=${host}`,
        'SlurmUser=root',
        'SlurmdUser=root',
        'AuthType=auth/munge',
        `AuthInfo=socket=${join(dir, 'munge.sock')}`,
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        `SlurmctldPort=${ctldPort}`,
        `SlurmdPort=${dPort}`,
        `StateSaveLocation=${join(dir, 'state')}`,
        `SlurmdSpoolDir=${join(dir, 'spool')}`,
        `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
        `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
        `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
        `SlurmdLogFile=${join(dir, 'slurmd.log')}`,
        'ReturnToService=2',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_CPU',
        'MpiDefault=none',
        'JobCompType=jobcomp/none',
        'AccountingStorageType=accounting_storage/none',
        `${node} State=UNKNOWN`,
        'PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
        '',
      ].join('\n'),
    );
    execFileSync('mkdir', ['-p', join(dir, 'state'), join(dir, 'spool')]);
    execFileSync('slurmctld', ['-f', conf], { env });
    execFileSync('slurmd', ['-f', conf], { env });
    nodeName = /NodeName=(\S+)/.exec(node)?.[1];
  } catch (error) {
    // A daemon that will not even start (no privileges, a missing plugin): Slurm cannot run here.
    startError = `Slurm could not start here: ${(error as Error).message.split('\n')[0]}${logTails()}`;
    return;
  }
  startError = await waitForNode();
});

/** The last lines of the daemons' logs, for a message that says why. */
function logTails(): string {
  const tail = (name: string) => {
    const file = join(dir, name);
    return existsSync(file)
      ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n')
      : '(none)';
  };
  return ['slurmctld.log', 'slurmd.log', 'munged.log']
    .map((name) => `\n--- ${name} ---\n${tail(name)}`)
    .join('');
}

/**
 * Waits (up to 3 minutes: a loaded machine registers the node slowly) until the node is idle and
 * responding, resuming it when the controller marks it down or drained. A daemon that exits
 * means Slurm cannot run here (the test is skipped, with its log); a node that never becomes usable
 * while both daemons run is a failure of this setup, reported with the node's state and the logs.
 */
async function waitForNode(): Promise<string | undefined> {
  const deadline = Date.now() + 180_000;
  let state = '';
  let lastResume = 0;
  while (Date.now() < deadline) {
    for (const daemon of ['slurmctld', 'slurmd']) {
      const pid = pidOf(daemon);
      // The pid file appears once the daemon has daemonized; a missing one after 30 s is a failed start.
      if ((pid !== undefined && !alive(pid)) || (pid === undefined && Date.now() > deadline - 150_000))
        return `Slurm could not start here: ${daemon} exited${logTails()}`;
    }
    const info = spawnSync('sinfo', ['-h', '-N', '-o', '%T|%E'], { env, encoding: 'utf8' });
    state = info.status === 0 ? info.stdout.trim() : `sinfo: ${info.stderr.trim()}`;
    // idle (or busy) without a flag: '*' is not responding, '~' powered down, drain/down unusable.
    if (info.status === 0 && /^(idle|mixed|allocated)\|/.test(state)) return undefined;
    if (
      /^(down|drain|drained|draining|fail)/.test(state) &&
      nodeName !== undefined &&
      Date.now() - lastResume > 10_000
    ) {
      lastResume = Date.now();
      spawnSync('scontrol', ['update', `NodeName=${nodeName}`, 'State=RESUME'], { env, encoding: 'utf8' });
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  nodeStuck = `the node never became idle in 180 s (last state: ${state || 'none'})${logTails()}`;
  return undefined;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

after(async () => {
  // Only the daemons this test started, by the pids they wrote; then wait for them to exit.
  const pids = ['slurmd', 'slurmctld', 'munged'].map(pidOf).filter((p): p is number => p !== undefined);
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

test('Slurm: submit.sh runs the sharded score as an array job and merges; byte for byte one machine', {
  skip: reason ?? false,
  timeout: 600_000,
}, async (t) => {
  if (startError !== undefined) {
    t.skip(startError);
    return;
  }
  assert.equal(nodeStuck, undefined, nodeStuck);
  const responses = join(root, 'data/answers/optics.jsonl');
  const out = join(dir, 'run');
  const merge = execFileSync('bash', [join(root, 'deploy/slurm/submit.sh'), responses, out, '3'], {
    env,
    encoding: 'utf8',
  }).trim();
  assert.match(merge, /^\d+$/);
  // Wait until neither the array nor the merge job is queued or running.
  for (let i = 0; i < 2400; i++) {
    const q = spawnSync('squeue', ['-h', '-o', '%i %T'], { env, encoding: 'utf8' });
    if (q.status === 0 && q.stdout.trim() === '') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = (name: string) =>
    existsSync(join(out, 'logs', name)) ? readFileSync(join(out, 'logs', name), 'utf8') : '';
  assert.ok(
    existsSync(join(out, 'merged', 'records.jsonl')),
    `no merged result: ${log('merge.log')} ${log('score-0.log')} ${log('score-1.log')} ${log('score-2.log')}`,
  );
  // Three shards, each run by its own array task.
  for (const i of [0, 1, 2])
    assert.ok(existsSync(join(out, 'shards', String(i), 'records.jsonl')), `shard ${i}`);
  const whole = join(dir, 'whole');
  execFileSync(process.execPath, [
    join(root, 'bin/prism.js'),
    'score',
    '--responses',
    responses,
    '--out',
    whole,
    '--quiet',
  ]);
  for (const file of ['records.jsonl', 'summary.json', 'summary.md'])
    assert.equal(
      readFileSync(join(out, 'merged', file), 'utf8'),
      readFileSync(join(whole, file), 'utf8'),
      file,
    );
});
