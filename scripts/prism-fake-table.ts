/**
 * Renders a PRiSM Table 3 from the loopback fake server (not from any real model), for docs/prism.md:
 * `prism run --instances 5` on the bundled benchmark for three scripted models — `solver` (answers
 * each instance with its computed answers), `half` (solves instances 1–2, then answers as the
 * published problem) and `memorizer` (always the published problem's answers).
 *
 *   npx tsx scripts/prism-fake-table.ts
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRunCommand } from '../src/cli/commands/run.js';
import { bundledDatasetPath } from '../src/cli/paths.js';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { datasetInstances } from '../src/instances/index.js';
import { type RobustnessReport, renderTable3 } from '../src/tasks/index.js';
import { runCommand } from '../test/helpers/cli.js';
import { startFakeOpenAiServer } from '../test/helpers/fake-openai-server.js';
import { fakeModel } from '../test/tasks/fake-models.js';

const originals = loadDataset(bundledDatasetPath()).problems;
const { instances } = datasetInstances(originals, { n: 5, seed: '0', textualOnly: true });
const server = await startFakeOpenAiServer(fakeModel(instances, originals));
const tmp = mkdtempSync(join(tmpdir(), 'prism-table3-'));
const reports: RobustnessReport[] = [];
const started = performance.now();
try {
  for (const model of ['solver', 'half', 'memorizer']) {
    const command = createRunCommand({
      env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
      onInterrupt: () => () => {},
    });
    const out = join(tmp, model);
    const r = await runCommand(command, ['--model', model, '--instances', '5', '--out', out, '--quiet']);
    if (r.code !== 0) throw new Error(r.stderr);
    reports.push(JSON.parse(readFileSync(join(out, 'prism.json'), 'utf8')) as RobustnessReport);
  }
} finally {
  await server.close();
}
process.stdout.write(renderTable3(reports));
process.stdout.write(
  `\n${instances.length} instances per model; ${Math.round(performance.now() - started)} ms in all\n`,
);
