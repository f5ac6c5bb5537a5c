// Child process for kill-resume-technique.test.ts: a multi-agent run against the parent's fake server.
// Usage: node --import tsx test/runs/kill-child-technique.ts <dataset.json> <baseUrl> <runDir> <cacheDir>
import { readFileSync } from 'node:fs';
import type { Problem } from '../../src/dag/types.js';
import { createResponseCache, resolveRoles } from '../../src/pipeline/index.js';
import { runTechnique } from '../../src/runs/run-technique.js';
import { DEFAULT_TECHNIQUE_SETTINGS, multiAgentReview } from '../../src/techniques/index.js';
import { fakeRolesConfig } from '../helpers/fake-roles.js';
import { tinyScorer } from './synthetic.js';

const [datasetPath, baseUrl, dir, cacheDir] = process.argv.slice(2) as [string, string, string, string];
const problems = JSON.parse(readFileSync(datasetPath, 'utf8')) as Problem[];
const { roles } = resolveRoles(fakeRolesConfig(baseUrl), {
  env: {},
  transport: { backoff: { baseMs: 1, maxMs: 5 } },
});
const result = await runTechnique({
  dir,
  problems,
  roles,
  technique: multiAgentReview,
  settings: DEFAULT_TECHNIQUE_SETTINGS,
  dataset: datasetPath,
  cache: createResponseCache(cacheDir),
  concurrency: 3,
  scorer: tinyScorer,
});
process.stdout.write(`${JSON.stringify({ alreadyDone: result.alreadyDone, failed: result.failed })}\n`);
