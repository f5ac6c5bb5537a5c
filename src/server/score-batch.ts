import type { AppContext } from './app-context.js';
import { HttpError } from './errors.js';
import { type AppRequest, type AppResponse, json } from './http-types.js';
import { readJson } from './read-json.js';
import { mixReward } from './reward-mix.js';

/**
 * `POST /v1/score`: `{items: [{problem_id, response, response_id?}], detail?: "full"|"summary"}`
 * (or a bare array of items) → `{results: [...]}`, one per item in order: the reward, the full
 * record and the dense rewards (`dense`: span and credit of each formula that earned something),
 * or `{status: "timeout", error, reward: 0}` (too slow is scored 0), or `{status: "error", error:
 * {code, message}, reward: null}`: an item that could not be scored (an unknown problem id, a
 * malformed item, a crashed worker) has no reward, never a silent 0 — clients map it to their
 * framework's "unscorable" (TRL: None) or stop with the message.
 */
export async function scoreBatch(request: AppRequest, ctx: AppContext): Promise<AppResponse> {
  const body = await readJson(request, ctx.maxBodyBytes);
  const { items, detail } = Array.isArray(body)
    ? { items: body, detail: undefined }
    : typeof body === 'object' && body !== null
      ? (body as { items?: unknown; detail?: unknown })
      : { items: undefined, detail: undefined };
  if (!Array.isArray(items))
    throw new HttpError(400, 'bad-request', 'body must be {items: [{problem_id, response}]}');
  if (detail !== undefined && detail !== 'full' && detail !== 'summary')
    throw new HttpError(400, 'bad-request', '`detail` must be "full" or "summary"');
  const outcomes = await ctx.backend.score(items, detail === 'summary' ? 'summary' : 'full');
  const results = outcomes.map((o, i) => {
    ctx.metrics.items(o.status);
    const raw = items[i] as Record<string, unknown> | null;
    const rid = typeof raw === 'object' && raw !== null ? raw.response_id : undefined;
    const head = {
      index: i,
      ...(typeof rid === 'string' || typeof rid === 'number' ? { response_id: rid } : {}),
    };
    if (o.status !== 'ok') {
      const reward = o.status === 'timeout' ? 0 : null;
      return { ...head, status: o.status, reward, error: { code: o.code, message: o.message }, ms: o.ms };
    }
    return {
      ...head,
      status: o.status,
      reward: mixReward(ctx.mix, o.step_score, o.final_answer_correct),
      step_score: o.step_score,
      final_answer_correct: o.final_answer_correct,
      ...(o.dense === undefined ? {} : { dense: o.dense }),
      ...(o.record === undefined ? {} : { record: o.record }),
      ms: o.ms,
    };
  });
  return json(200, { results });
}
