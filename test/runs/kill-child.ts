// Child process for kill-resume.test.ts: runs a model run against the parent's fake server.
// Usage: node --import tsx test/runs/kill-child.ts <dataset.json> <baseUrl> <runDir> <cacheDir>
import { readFileSync } from 'node:fs';
import type { Problem } from '../../src/dag/types.js';
import { createChatClient } from '../../src/llm/index.js';
import { createResponseCache, runModel } from '../../src/runs/index.js';
import { tinyScorer } from './synthetic.js';

const [datasetPath, baseUrl, dir, cacheDir] = process.argv.slice(2) as [string, string, string, string];
const problems = JSON.parse(readFileSync(datasetPath, 'utf8')) as Problem[];
const result = await runModel({
  dir,
  problems,
  client: createChatClient({ baseUrl, concurrency: 4, backoff: { baseMs: 1, maxMs: 5 } }),
  params: { model: 'fake-model', temperature: 0 },
  dataset: datasetPath,
  cache: createResponseCache(cacheDir),
  concurrency: 4,
  scorer: tinyScorer,
});
process.stdout.write(
  `${JSON.stringify({ requested: result.requested, fromCache: result.fromCache, alreadyDone: result.alreadyDone })}\n`,
);
