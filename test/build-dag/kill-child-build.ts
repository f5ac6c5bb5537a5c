// Child process for build-dag-kill.test.ts: a DAG build against the parent's fake server.
// Usage: node --import tsx test/build-dag/kill-child-build.ts <dataset.json> <baseUrl> <buildDir>
import { runBuildDag } from '../../src/build-dag/index.js';
import { loadDataset } from '../../src/dataset/index.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { fakeRolesConfig } from '../helpers/fake-roles.js';

const [datasetPath, baseUrl, dir] = process.argv.slice(2) as [string, string, string];
const { roles } = resolveRoles(fakeRolesConfig(baseUrl), {
  env: {},
  transport: { backoff: { baseMs: 1, maxMs: 5 } },
});
const { report } = await runBuildDag({
  dataset: datasetPath,
  problems: loadDataset(datasetPath).problems,
  dir,
  writer: roles.solver,
  reviewer: roles.reviewer!,
  concurrency: 1,
});
process.stdout.write(`${JSON.stringify({ accepted: report.accepted, resumed: report.calls.resumed })}\n`);
