// How strict are build-dag's checks on DAGs that already exist? Replays each problem's own text,
// DAG and witness as the "model" answer of every stage (reviewer always valid, no retries) through
// the real pipeline, and reports what is accepted and what our rules and witness flag. With
// --peers, also runs the rule checks alone on the real PRISM-Physics DAGs in ../shared/peers
// (they have no witness). Usage: npx tsx scripts/build-dag-replay.ts [--dataset P] [--peers] [--list]
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDagRules, draftOf, runBuildDag } from '../src/build-dag/index.js';
import { bundledDatasetPath } from '../src/cli/paths.js';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/index.js';
import type { ChatMessage, ChatOutcome } from '../src/llm/chat-types.js';
import type { ModelBinding } from '../src/pipeline/index.js';

const { values } = parseArgs({
  options: { dataset: { type: 'string' }, peers: { type: 'boolean' }, list: { type: 'boolean' } },
});
const path = values.dataset ?? bundledDatasetPath();
const problems = loadDataset(path).problems.filter(
  (p) => p.grading_standard.length > 0 && (p.witness?.length ?? 0) > 0,
);
const byId = new Map(problems.map((p) => [p.id, p]));

/** The replaying model: each stage's answer is the problem as it already is. */
function reply(messages: readonly ChatMessage[]): string {
  const system = String(messages[0]?.content ?? '');
  const first = String(messages[1]?.content ?? '');
  if (system.includes('physics professor')) return '<judge>valid</judge><reason>replay</reason>';
  const id = /"id": "([^"]+)"/.exec(first)?.[1] ?? '';
  const p = byId.get(id) as Problem;
  const fence = (v: unknown) => `\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;
  if (first.includes('Stage 1 —') || first.includes('Stage 2 —')) return fence(draftOf(p));
  if (first.includes('Stage 3 —')) return fence({ grading_standard: p.grading_standard });
  return JSON.stringify({ witness: p.witness?.[0] ?? {} });
}
const binding: ModelBinding = {
  name: 'replay',
  params: { model: 'replay' },
  identity: { model: 'replay' },
  provider: {
    kind: 'openai',
    baseUrl: 'replay://',
    complete: async (messages): Promise<ChatOutcome> => ({
      ok: true,
      text: reply(messages),
      finishReason: 'stop',
      usage: { prompt: 0, completion: 0, total: 0 },
      latencyMs: 0,
      attempts: 1,
    }),
  },
};

const started = performance.now();
const { report } = await runBuildDag({
  dataset: path,
  problems,
  dir: mkdtempSync(join(tmpdir(), 'prism-replay-')),
  writer: binding,
  reviewer: binding,
  maxRetries: 0,
  concurrency: 1,
});
const ms = performance.now() - started;
const codes = new Map<string, number>();
for (const b of report.builds)
  for (const h of b.history)
    for (const c of h.codes ?? []) codes.set(`${h.stage}: ${c}`, (codes.get(`${h.stage}: ${c}`) ?? 0) + 1);
const warnings = report.builds
  .flatMap((b) => b.warnings)
  .filter((w) => w.code === 'build-transitive-edge').length;
console.log(
  `${path}: ${report.problems} problems with DAG and witness replayed in ${(ms / 1000).toFixed(1)} s (${(ms / report.problems).toFixed(0)} ms per problem, checks only)`,
);
console.log(
  `accepted ${report.accepted}, rejected ${report.rejected}; transitive edges flagged on accepted DAGs: ${warnings}`,
);
for (const [code, n] of [...codes].sort((a, b) => b[1] - a[1])) console.log(`  problems with ${code}: ${n}`);
if (values.list === true)
  for (const b of report.builds.filter((x) => x.status !== 'accepted'))
    console.log(
      `- ${b.problem_id} (${b.stage}): ${(b.reason ?? '').split('\n').slice(0, 3).join(' ').slice(0, 300)}`,
    );

if (values.peers === true) {
  const file = join(import.meta.dirname, '../../shared/peers/prism-physics/dag_02_subset.json');
  if (!existsSync(file)) console.log('(../shared/peers/prism-physics is absent: skipped)');
  else {
    const peers = loadDataset(file).problems;
    let nodes = 0;
    const count = new Map<string, number>();
    for (const p of peers) {
      nodes += p.grading_standard.length;
      const r = checkDagRules(p, draftOf(p), p.grading_standard);
      for (const d of [...r.errors, ...r.warnings]) count.set(d.code, (count.get(d.code) ?? 0) + 1);
    }
    console.log(`PRISM-Physics peers: ${peers.length} problems, ${nodes} nodes; rule findings:`);
    for (const [code, n] of [...count].sort((a, b) => b[1] - a[1])) console.log(`  ${code}: ${n}`);
  }
}
