/**
 * deploy/k8s/ validated against the Kubernetes API schemas (kubernetes-models: the OpenAPI schemas
 * of each kind, as `kubectl --validate` would check them against a cluster), and the Indexed Job's
 * contract read from it: the merge step, the fsGroup, the shard count. The Job's pod script is also
 * run for real with sh (the shared volume a scratch folder, 3 indexes one after another): a second
 * Job on the same volume needs no clearing, a retried index and a merge that fails once still end
 * with the one-machine result.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const dir = fileURLToPath(new URL('../../deploy/k8s/', import.meta.url));

interface Manifest {
  apiVersion: string;
  kind: string;
  [key: string]: unknown;
}

/** Validates one object with the schema of its apiVersion and kind; throws what is wrong. */
async function validate(object: Manifest): Promise<void> {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['', object.apiVersion];
  const path = `kubernetes-models/${group === '' ? '' : `${group}/`}${version}/${object.kind}`;
  const mod = (await import(path)) as Record<string, new (o: unknown) => { validate(): void }>;
  const Model = mod[object.kind] ?? mod.default!;
  new Model(object).validate();
}

const manifests = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({
      file,
      object: doc.toJS() as Manifest,
    })),
  );

for (const { file, object } of manifests) {
  test(`k8s: ${file} (${object.kind}) is valid against the ${object.apiVersion} schema`, async () => {
    await validate(object);
  });
}

test('k8s: the validator rejects near misses (a wrong type, a missing required field)', async () => {
  const deployment = manifests.find((m) => m.object.kind === 'Deployment')!.object;
  const wrongType = structuredClone(deployment) as unknown as { spec: { replicas: unknown } };
  wrongType.spec.replicas = 'two';
  await assert.rejects(validate(wrongType as unknown as Manifest));
  const noImage = structuredClone(deployment) as unknown as {
    spec: { template: { spec: { containers: unknown[] } } };
  };
  noImage.spec.template.spec.containers = [{ image: 'x' }];
  await assert.rejects(validate(noImage as unknown as Manifest));
});

test('k8s: the Indexed Job merges as a real step, with an fsGroup; the Deployment drains behind a preStop', () => {
  const job = manifests.find((m) => m.object.kind === 'Job')!.object as unknown as {
    spec: {
      completionMode: string;
      completions: number;
      template: { spec: { securityContext: { fsGroup: number }; containers: { args: string[] }[] } };
    };
  };
  assert.equal(job.spec.completionMode, 'Indexed');
  assert.equal(typeof job.spec.template.spec.securityContext.fsGroup, 'number');
  const script = job.spec.template.spec.containers[0]!.args.join('\n');
  assert.match(script, new RegExp(`N=${job.spec.completions}\\b`));
  assert.match(script, /--shard "\$I\/\$N"/);
  assert.match(script, /prism\.js merge "\$RUN"\/shards\/\[0-9\]\* --out "\$RUN\/merged"/);
  assert.match(script, /RUN="\/shared\/runs\/\$JOB_UID"/);
  const deployment = manifests.find((m) => m.object.kind === 'Deployment')!.object as unknown as {
    spec: {
      template: { spec: { containers: { lifecycle: { preStop: { exec: { command: string[] } } } }[] } };
    };
  };
  assert.deepEqual(deployment.spec.template.spec.containers[0]!.lifecycle.preStop.exec.command[0], 'sleep');
});

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(join(root, 'dist/src/cli/main.js'));

test('k8s: the Indexed Job run twice on one volume, an index retried, a merge failing once: the one-machine result each time', {
  skip: built ? false : 'the CLI is not built (npm install runs the build)',
  timeout: 600_000,
}, () => {
  const job = manifests.find((m) => m.object.kind === 'Job')!.object as unknown as {
    spec: { template: { spec: { containers: { args: string[] }[] } } };
  };
  const shared = mkdtempSync(join(tmpdir(), 'prism-k8s-'));
  try {
    // The pod's script with the volume at a scratch folder, 3 indexes, and `prism` through a shim
    // that can make one merge fail.
    const shim = join(shared, 'prism-shim.sh');
    writeFileSync(
      shim,
      `#!/bin/sh\nif [ "$1" = merge ] && [ -e "$FAIL_MERGE_ONCE" ]; then rm "$FAIL_MERGE_ONCE"; exit 1; fi\nexec "${process.execPath}" "${join(root, 'bin/prism.js')}" "$@"\n`,
    );
    chmodSync(shim, 0o755);
    const script = job.spec.template.spec.containers[0]!.args.join('\n')
      .replace(/^(\s*)N=\d+$/m, '$1N=3')
      .replaceAll('node bin/prism.js', shim)
      .replaceAll('/shared', shared);
    const pod = (uid: string, index: number, extra: Record<string, string> = {}) =>
      spawnSync('sh', ['-c', script], {
        env: { ...process.env, JOB_UID: uid, JOB_COMPLETION_INDEX: String(index), ...extra },
        encoding: 'utf8',
      });
    const lines = readFileSync(join(root, 'data/answers/optics.jsonl'), 'utf8').trim().split('\n');
    const whole = (name: string) => {
      const out = join(shared, `whole-${name}`);
      const r = spawnSync(
        process.execPath,
        [
          join(root, 'bin/prism.js'),
          'score',
          '--responses',
          join(shared, 'responses.jsonl'),
          '--out',
          out,
          '--quiet',
        ],
        { encoding: 'utf8' },
      );
      assert.equal(r.status, 0, r.stderr);
      return out;
    };
    const assertMerged = (uid: string, name: string) => {
      assert.equal(readlinkSync(join(shared, 'merged')), `runs/${uid}/merged`);
      const one = whole(name);
      for (const file of ['records.jsonl', 'summary.json', 'summary.md'])
        assert.equal(
          readFileSync(join(shared, 'merged', file), 'utf8'),
          readFileSync(join(one, file), 'utf8'),
          `${name}: ${file}`,
        );
    };

    // First Job: 7 responses; index 1 is retried after the Job completed (a pod restarted).
    writeFileSync(join(shared, 'responses.jsonl'), `${lines.slice(0, 7).join('\n')}\n`);
    for (const i of [0, 1, 2]) assert.equal(pod('uid-a', i).status, 0, `uid-a ${i}`);
    assertMerged('uid-a', 'a');
    assert.equal(pod('uid-a', 1).status, 0, 'uid-a retried');
    assertMerged('uid-a', 'a');

    // Second Job on the same volume, other responses, nothing cleared; its last merge fails once
    // and its index is retried.
    writeFileSync(join(shared, 'responses.jsonl'), `${lines.slice(3, 11).join('\n')}\n`);
    const flag = join(shared, 'fail-once');
    writeFileSync(flag, '');
    for (const i of [0, 1]) assert.equal(pod('uid-b', i).status, 0, `uid-b ${i}`);
    assert.notEqual(pod('uid-b', 2, { FAIL_MERGE_ONCE: flag }).status, 0, 'the failing merge fails the pod');
    assert.equal(readlinkSync(join(shared, 'merged')), 'runs/uid-a/merged', 'the last complete result stays');
    assert.equal(pod('uid-b', 2, { FAIL_MERGE_ONCE: flag }).status, 0, 'the retried index merges');
    assertMerged('uid-b', 'b');

    // Near miss: without the Job's uid the pod refuses rather than sharing a folder with other runs.
    const none = pod('', 0);
    assert.notEqual(none.status, 0);
    assert.match(none.stderr, /JOB_UID/);
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});
