import type { ProjectConfig } from '../../src/pipeline/index.js';
import type { LlmBehaviour, LlmRequest } from './fake-llm-server.js';

/**
 * A config whose every role is a distinct model on the fake server, mixing both protocols: the
 * solver and verifier 1 speak OpenAI, the reviewer, verifiers 2–3, meta-verifier and judge speak
 * Anthropic. A request's model name tells the script which role sent it.
 */
export function fakeRolesConfig(url: string): ProjectConfig {
  const p = (type: 'openai' | 'anthropic', model: string) => ({ type, base_url: url, model, temperature: 0 });
  return {
    providers: {
      solver: p('openai', 'solver-model'),
      reviewer: p('anthropic', 'reviewer-model'),
      v1: p('openai', 'verifier-1'),
      v2: p('anthropic', 'verifier-2'),
      v3: p('anthropic', 'verifier-3'),
      meta: p('anthropic', 'meta-model'),
      judge: p('anthropic', 'judge-model'),
    },
    roles: {
      solver: 'solver',
      reviewer: 'reviewer',
      verifiers: ['v1', 'v2', 'v3'],
      meta_verifier: 'meta',
      judge: 'judge',
    },
  };
}

/** The problem id a request is about (`PROBLEM-ID:<id>` in any turn). */
export function problemOf(req: LlmRequest): string {
  for (const t of req.turns) {
    const m = /PROBLEM-ID:(\S+)/.exec(t.text);
    if (m?.[1] !== undefined) return m[1];
  }
  return '?';
}

/** A verifier reply with every score `s` and the given mistakes. */
export function verifierReply(
  s: number | readonly [number, number, number, number, number, number],
  mistakes: string[],
): Extract<LlmBehaviour, { kind: 'answer' }> {
  // One score for all six criteria, or one each in the order numerical correctness, formulation,
  // logical consistency, completeness, validity of assumptions, clarity.
  const [n, f, l, c, a, k] = typeof s === 'number' ? [s, s, s, s, s, s] : s;
  const scores = {
    numerical_correctness: n,
    formulation: f,
    logical_consistency: l,
    completeness: c,
    validity_of_assumptions: a,
    clarity: k,
  };
  return { kind: 'answer', text: JSON.stringify({ scores, mistakes }) };
}

/** The request log of one model, in order. */
export function requestsOf(log: readonly LlmRequest[], model: string, problem?: string): LlmRequest[] {
  return log.filter((r) => r.model === model && (problem === undefined || problemOf(r) === problem));
}
