// Worker-thread entry of the reward server: builds the scorer once, then scores one item per message.
import { parentPort, workerData } from 'node:worker_threads';
import { createProblemScorers } from './problem-scorers.js';
import { scoreItem } from './score-item.js';
import { warmupAnswers } from './warmup.js';
import type { WorkerInit, WorkerReply, WorkerRequest } from './worker-messages.js';

const port = parentPort;
if (port === null) throw new Error('score-worker: must run in a worker thread');
const init = workerData as WorkerInit;
const scorers = createProblemScorers(init.base, init.overlay, {
  mode: init.mode,
  ...(init.workBudget === undefined ? {} : { workBudget: init.workBudget }),
});
const reply = (message: WorkerReply): void => port.postMessage(message);

port.on('message', (message: WorkerRequest) => {
  if (message.type === 'problems') scorers.upsert(message.problems);
  else
    reply({ type: 'result', id: message.id, outcome: scoreItem(scorers, message.item, message.detail, now) });
});
// Warm up before saying ready (the pool sends nothing before that; /health counts ready workers).
for (const item of warmupAnswers(init.base, init.warmupItems ?? 0)) scoreItem(scorers, item, 'summary', now);
reply({ type: 'ready' });

function now(): number {
  return performance.now();
}
