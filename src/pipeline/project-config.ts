/** The six rubric criteria shared by PhysicsEval's verifiers (0–5) and its PPS judge (1–5). */
export const CRITERIA = [
  'mathematical_accuracy',
  'logical_consistency',
  'completeness',
  'clarity_and_coherence',
  'formulas_principles',
  'assumptions_made',
] as const;

/** The verifiers' six criteria (spec A5, 0–5 each), in the order of their weights. */
export const VERIFIER_CRITERIA = [
  'numerical_correctness',
  'formulation',
  'logical_consistency',
  'completeness',
  'validity_of_assumptions',
  'clarity',
] as const;

/** One verifier criterion. */
export type VerifierCriterion = (typeof VERIFIER_CRITERIA)[number];

/** One rubric criterion. */
export type Criterion = (typeof CRITERIA)[number];

/** Weights per criterion. */
export type CriterionWeights = Readonly<Record<Criterion, number>>;

/** A model behind a provider, as declared in `prism.config.json`. */
export interface ProviderConfig {
  /** Wire protocol. */
  readonly type: 'openai' | 'anthropic';
  /** Base URL with the API prefix; default the hosted API of `type`. */
  readonly base_url?: string;
  /** NAME of the environment variable holding the key (never the key itself). */
  readonly api_key_env?: string;
  readonly model: string;
  readonly temperature?: number;
  readonly max_tokens?: number;
  /** OpenAI o-series: sent as `max_completion_tokens` instead of `max_tokens`. */
  readonly max_completion_tokens?: number;
  readonly reasoning_effort?: string;
  /** A reasoning model (default effort medium, no default temperature); default: from the model name. */
  readonly reasoning?: boolean;
  readonly concurrency?: number;
  readonly timeout_s?: number;
  readonly max_attempts?: number;
}

/** Which provider plays which role. */
export interface RolesConfig {
  readonly solver: string;
  readonly reviewer?: string;
  readonly verifiers?: readonly string[];
  readonly meta_verifier?: string;
  readonly judge?: string;
  /** PRiSM Task I's paraphrases (default: the solver). */
  readonly paraphraser?: string;
}

/** Technique settings (PhysicsEval A3–A5). */
export interface TechniqueConfig {
  /** Review/revise rounds; default 1, as in the paper. */
  readonly rounds?: number;
  /** Meta-verifier aggregation weights, one per verifier; default 0.5/0.3/0.2 (Eq. 2). */
  readonly meta_weights?: readonly number[];
  /** Weights of the verifiers' six 0–5 scores; default §4.1.2. */
  readonly verifier_weights?: Readonly<Record<VerifierCriterion, number>>;
}

/** Judge settings (PhysicsEval A6–A7). */
export interface JudgeConfig {
  /** Default Table 3. */
  readonly pps_weights?: CriterionWeights;
  /** `min-max` = 100·(Σw·s − 1)/4 (default), `times-20` = 20·Σw·s. */
  readonly pps_normaliser?: 'min-max' | 'times-20';
}

/** The contents of `prism.config.json`. */
export interface ProjectConfig {
  readonly providers: Readonly<Record<string, ProviderConfig>>;
  readonly roles: RolesConfig;
  readonly technique?: TechniqueConfig;
  readonly judge?: JudgeConfig;
  /** Cache entries older than this are ignored (hours); absent = no expiry. */
  readonly cache_ttl_hours?: number;
}

/** The role names a run can bind. */
export type RoleName = 'solver' | 'reviewer' | 'verifier' | 'meta_verifier' | 'judge';
