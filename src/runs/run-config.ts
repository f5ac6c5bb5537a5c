import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { PACKAGE_VERSION } from '../core/version.js';
import type { RunInstances } from './run-problems.js';

/** Tool name and version stamped into run.json. */
export const TOOL_VERSION = `prism-physics/${PACKAGE_VERSION}`;
/** Version of the run-directory layout. */
export const RUN_SCHEMA = 'prism-run-v1';

/** The contents of `run.json`: what produced the responses in a run directory. */
export interface RunConfig {
  readonly schema: string;
  readonly tool: string;
  readonly model: string;
  readonly base_url: string;
  readonly prompt_version: string;
  readonly temperature?: number;
  readonly max_tokens: number;
  readonly reasoning_effort?: string;
  readonly text_only: boolean;
  /** Samples per problem (K); may grow between invocations. */
  readonly samples: number;
  readonly dataset: string;
  /** Content hash of the run's problems (the ones `problem_ids` names, in that order). */
  readonly dataset_hash: string;
  readonly problems: number;
  /**
   * The ids of every problem the run covers (the union over its invocations: a resume with another
   * selection adds problems, never drops them). Every command that reads a run uses exactly these.
   * Absent in runs written before prism 0.1 stored it.
   */
  readonly problem_ids?: readonly string[];
  /** PRiSM instance runs: how the `<id>#<k>` problems were drawn. */
  readonly instances?: RunInstances;
  readonly created_at: string;
  /** Technique runs: the technique, its version and settings. Absent for plain zero-shot runs. */
  readonly technique?: string;
  readonly technique_version?: string;
  /** Technique runs: every role's provider identity (protocol, base URL, model, parameters). */
  readonly roles?: Readonly<Record<string, unknown>>;
  /** Content hash of `technique_version`, `roles` and the technique settings: must agree to resume. */
  readonly roles_hash?: string;
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** The fields that must agree for a directory to be resumed (the rest may change). */
const IDENTITY: readonly (keyof RunConfig)[] = [
  'model',
  'base_url',
  'prompt_version',
  'temperature',
  'max_tokens',
  'reasoning_effort',
  'text_only',
  'technique',
  'roles_hash',
];

/**
 * Diagnostics (`run-config-mismatch`) for every identity field on which a stored run.json and a
 * new config disagree. The dataset may differ only by more or fewer problems (`--limit`), which
 * the per-problem prompt hashes take care of.
 */
export function compareRunConfig(stored: RunConfig, next: RunConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const key of IDENTITY) {
    if (stored[key] !== next[key]) {
      out.push(
        diagnostic(
          'run-config-mismatch',
          'error',
          `${key} is ${JSON.stringify(stored[key])} in run.json but ${JSON.stringify(next[key])} now`,
        ),
      );
    }
  }
  return out;
}
