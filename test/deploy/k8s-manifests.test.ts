/**
 * deploy/k8s/ validated against the Kubernetes API schemas (kubernetes-models: the OpenAPI schemas
 * of each kind, as `kubectl --validate` would check them against a cluster), and the Indexed Job's
 * contract read from it: the merge step, the fsGroup, the shard count.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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
  assert.match(script, /prism\.js merge \/shared\/shards\/\[0-9\]\* --out \/shared\/merged/);
  const deployment = manifests.find((m) => m.object.kind === 'Deployment')!.object as unknown as {
    spec: {
      template: { spec: { containers: { lifecycle: { preStop: { exec: { command: string[] } } } }[] } };
    };
  };
  assert.deepEqual(deployment.spec.template.spec.containers[0]!.lifecycle.preStop.exec.command[0], 'sleep');
});
