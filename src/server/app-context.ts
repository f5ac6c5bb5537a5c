import type { Metrics } from './metrics.js';
import type { RewardMix } from './reward-mix.js';
import type { ScoreBackend } from './worker-pool.js';

/** What the route handlers share. */
export interface AppContext {
  readonly backend: ScoreBackend;
  readonly metrics: Metrics;
  readonly mix: RewardMix;
  readonly maxBodyBytes: number;
  /** Ids of the problems the server holds (the dataset's plus those added at runtime). */
  readonly problemIds: Set<string>;
  /** Set when a token is configured (PRISM_SERVER_TOKEN). */
  readonly token: string | undefined;
}
