import type { Diagnostic } from '../core/diagnostic.js';
import type { ChatMessage } from '../llm/chat-types.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { VerifierCriterion } from '../pipeline/project-config.js';
import type { Roles } from '../pipeline/resolve-roles.js';

/** Settings shared by the techniques (spec A3–A5). */
export interface TechniqueSettings {
  /** Review/revise rounds (default 1, as in the paper). */
  readonly rounds: number;
  /** Meta-verifier aggregation weights, one per verifier (default 0.5/0.3/0.2, Eq. 2). */
  readonly metaWeights: readonly number[];
  readonly verifierWeights: Readonly<Record<VerifierCriterion, number>>;
}

/** Everything a technique needs for one sample. */
export interface TechniqueContext {
  readonly pipeline: Pipeline;
  /** `problem#sample`. */
  readonly sample: string;
  readonly sampleIndex: number;
  readonly roles: Roles;
  readonly settings: TechniqueSettings;
  /** The solver's first turn(s): the rendered zero-shot prompt. */
  readonly solvePrompt: readonly ChatMessage[];
  readonly solvePromptVersion: string;
  /** The problem statement reviewers see (no solving instructions). */
  readonly problemText: string;
}

/** What one review round found and did. */
export interface RoundTrace {
  readonly round: number;
  /** The mistakes that reached the solver (after the meta-verifier's filtering). */
  readonly mistakes: readonly string[];
  readonly revised: boolean;
  /** Multi-agent: each verifier's weighted 0–5 score (null when its review was unusable). */
  readonly verifier_scores?: readonly (number | null)[];
  /** Multi-agent: Σ w_k·r_k over the usable verifiers (weights renormalised). */
  readonly aggregated_score?: number | null;
}

/** A technique's result for one sample: the final answer is what the scorer scores. */
export type TechniqueOutcome =
  | {
      readonly ok: true;
      readonly final: string;
      readonly initial: string;
      readonly rounds: readonly RoundTrace[];
    }
  | { readonly ok: false; readonly error: Diagnostic };

/** An inference-time technique: a pipeline of calls per sample. */
export interface Technique {
  readonly name: string;
  /** Enters run.json and every sample's identity: bump when the control flow changes. */
  readonly version: string;
  /** Roles the technique calls besides the solver. */
  readonly needs: readonly ('reviewer' | 'verifiers' | 'meta_verifier')[];
  run(ctx: TechniqueContext): Promise<TechniqueOutcome>;
}
