import type { Problem } from '../dag/types.js';
import { SCORER_VERSION } from '../score/codes.js';
import type { AppContext } from './app-context.js';
import { checkToken } from './check-token.js';
import { HttpError } from './errors.js';
import { getReward } from './get-reward.js';
import { type AppRequest, type AppResponse, json } from './http-types.js';
import { createMetrics, type Metrics } from './metrics.js';
import { DEFAULT_REWARD_MIX, formatRewardMix, type RewardMix } from './reward-mix.js';
import { scoreBatch } from './score-batch.js';
import { upsertProblems } from './upsert-problems.js';
import type { ScoreBackend } from './worker-pool.js';

/** Options of {@link createApp}. */
export interface AppOptions {
  readonly backend: ScoreBackend;
  /** The problems the backend was built with (their ids resolve labels). */
  readonly problems: readonly Problem[];
  /** Bearer token; undefined: no authentication (the CLI then binds loopback only). */
  readonly token?: string | undefined;
  readonly mix?: RewardMix;
  /** Largest request body. Default 64 MiB. */
  readonly maxBodyBytes?: number;
  /** Clock for latency metrics (the edge's). Default `performance.now`. */
  readonly now?: () => number;
}

/** The reward server as a plain request → response function, plus its lifecycle. */
export interface App {
  handle(request: AppRequest): Promise<AppResponse>;
  /**
   * SIGTERM, first step: `/health` says `draining` (503), so load balancers stop sending here,
   * while requests that still arrive are accepted and answered.
   */
  drain(): void;
  /** Last step: from now on, new requests get 503 `shutting-down`. */
  refuse(): void;
  readonly metrics: Metrics;
}

type Handler = (request: AppRequest, ctx: AppContext) => Promise<AppResponse>;

interface Route {
  readonly method: string;
  readonly handler: Handler;
  /** `score`: token needed when configured; `admin`: a token must be configured and given. */
  readonly access: 'open' | 'score' | 'admin';
}

/**
 * Creates the app. Routes: `POST /get_reward` (OpenRLHF), `POST /v1/score` (records and dense
 * rewards), `POST /v1/problems` (admin), `GET /health`, `GET /metrics`. Every error — thrown
 * `HttpError`s and unexpected exceptions alike — becomes a JSON response here and only here.
 */
export function createApp(options: AppOptions): App {
  const metrics = createMetrics();
  const now = options.now ?? (() => performance.now());
  const ctx: AppContext = {
    backend: options.backend,
    metrics,
    mix: options.mix ?? DEFAULT_REWARD_MIX,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024 * 1024,
    problemIds: new Set(options.problems.map((p) => p.id)),
    token: options.token,
  };
  let draining = false;
  let refusing = false;
  const health: Handler = async () => {
    const pool = ctx.backend.stats();
    const status = draining ? 'draining' : pool.ready > 0 ? 'ok' : 'starting';
    return json(status === 'ok' ? 200 : 503, {
      status,
      workers: pool.workers,
      ready: pool.ready,
      busy: pool.busy,
      queued: pool.queued,
      problems: ctx.problemIds.size,
      reward: formatRewardMix(ctx.mix),
      scorer_version: SCORER_VERSION,
      auth: ctx.token !== undefined,
    });
  };
  const routes = new Map<string, Route>([
    ['/get_reward', { method: 'POST', handler: getReward, access: 'score' }],
    ['/v1/score', { method: 'POST', handler: scoreBatch, access: 'score' }],
    ['/v1/problems', { method: 'POST', handler: upsertProblems, access: 'admin' }],
    ['/health', { method: 'GET', handler: health, access: 'open' }],
    [
      '/metrics',
      {
        method: 'GET',
        access: 'open',
        handler: async () => ({
          status: 200,
          headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' },
          body: metrics.render(ctx.backend.stats()),
        }),
      },
    ],
  ]);

  const dispatch = async (request: AppRequest): Promise<AppResponse> => {
    const route = routes.get(request.path);
    if (route === undefined) throw new HttpError(404, 'not-found', `no endpoint ${request.path}`);
    if (request.method !== route.method && !(route.method === 'GET' && request.method === 'HEAD'))
      throw new HttpError(405, 'method-not-allowed', `${request.path} takes ${route.method}`, {
        allow: route.method,
      });
    if (refusing && route.access !== 'open')
      throw new HttpError(503, 'shutting-down', 'the server is shutting down', { 'retry-after': '1' });
    if (route.access === 'admin' && ctx.token === undefined)
      throw new HttpError(403, 'problems-disabled', 'set PRISM_SERVER_TOKEN to change problems at runtime');
    if (
      route.access !== 'open' &&
      ctx.token !== undefined &&
      !checkToken(request.headers.authorization, ctx.token)
    )
      throw new HttpError(401, 'unauthorized', 'missing or wrong token (Authorization: Bearer …)', {
        'www-authenticate': 'Bearer realm="prism"',
      });
    return route.handler(request, ctx);
  };

  return {
    metrics,
    drain: () => {
      draining = true;
    },
    refuse: () => {
      draining = true;
      refusing = true;
    },
    async handle(request) {
      const start = now();
      let response: AppResponse;
      try {
        response = await dispatch(request);
      } catch (error) {
        response =
          error instanceof HttpError
            ? json(error.status, { error: { code: error.code, message: error.message } }, error.headers)
            : json(500, {
                error: { code: 'internal', message: error instanceof Error ? error.message : String(error) },
              });
      }
      const route = routes.has(request.path) ? request.path : 'other';
      metrics.request(route, response.status, (now() - start) / 1000);
      return response;
    },
  };
}
