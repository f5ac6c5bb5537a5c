import { latencyMs, tokenCount } from '../llm/token-count.js';
import type { CallRecord } from './call-record.js';

/** Calls, tokens and latency of one role (or of everything). */
export interface CallCost {
  /** Successful calls (from a request or the cache). */
  readonly calls: number;
  /** Of those, answered by the content-addressed cache. */
  readonly cached: number;
  readonly failed: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  /** Sum of the calls' latencies (the model time the technique costs, not wall time). */
  readonly latency_ms: number;
}

/** Cost per role and in total. */
export interface CostSummary {
  readonly by_role: Readonly<Record<string, CallCost>>;
  readonly total: CallCost;
  /** Samples the records cover. */
  readonly samples: number;
}

const zero: CallCost = {
  calls: 0,
  cached: 0,
  failed: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  latency_ms: 0,
};

function add(a: CallCost, r: CallRecord): CallCost {
  const ok = r.response !== null && r.error === null;
  return {
    calls: a.calls + (ok ? 1 : 0),
    cached: a.cached + (ok && r.cached ? 1 : 0),
    failed: a.failed + (ok ? 0 : 1),
    // Records come from files a user may have edited: only plausible counts are summed.
    prompt_tokens: a.prompt_tokens + tokenCount(r.usage?.prompt),
    completion_tokens: a.completion_tokens + tokenCount(r.usage?.completion),
    latency_ms: a.latency_ms + latencyMs(r.latency_ms),
  };
}

/** Sums call records per role (each transcript line is one call; resumed calls are not written twice). */
export function summarizeCalls(records: readonly CallRecord[]): CostSummary {
  const byRole: Record<string, CallCost> = {};
  let total = zero;
  const samples = new Set<string>();
  for (const r of records) {
    byRole[r.role] = add(byRole[r.role] ?? zero, r);
    total = add(total, r);
    samples.add(r.sample);
  }
  return { by_role: byRole, total, samples: samples.size };
}
