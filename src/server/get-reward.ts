import type { AppContext } from './app-context.js';
import { HttpError } from './errors.js';
import { type AppRequest, type AppResponse, json } from './http-types.js';
import { readJson } from './read-json.js';
import { problemOfLabel, responseOf } from './response-of.js';
import { mixReward } from './reward-mix.js';

/**
 * `POST /get_reward`, OpenRLHF's remote reward contract: `{query[], prompts[], labels[]}` →
 * `{rewards[], scores[], extra_logs{}}`. `query[i]` is prompt + response (the prompt is cut off),
 * `labels[i]` names the problem. `extra_logs` holds one number per item under each key (OpenRLHF
 * logs them): `step_score`, `final_correct`, `timeout`, `error`. A timed-out or failed item gets
 * reward 0 and an entry in `errors` (a field OpenRLHF ignores).
 *
 * A label that names no problem is never scored 0: the whole request fails with 400 at the first
 * batch — `missing-label` when labels are empty (OpenRLHF sends "" without `--data.label_key`),
 * `unknown-problem` when one names a problem the server does not hold — with the reason in the
 * status line too, since OpenRLHF's client logs that and not the body.
 */
export async function getReward(request: AppRequest, ctx: AppContext): Promise<AppResponse> {
  const body = await readJson(request, ctx.maxBodyBytes);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'bad-request', 'body must be a JSON object {query, prompts, labels}');
  const { query, prompts, labels } = body as Record<string, unknown>;
  if (!Array.isArray(query)) throw new HttpError(400, 'bad-request', '`query` must be an array of strings');
  if (prompts !== undefined && (!Array.isArray(prompts) || prompts.length !== query.length))
    throw new HttpError(400, 'bad-request', '`prompts` must be an array as long as `query`');
  if (!Array.isArray(labels) || labels.length !== query.length)
    throw new HttpError(400, 'bad-request', '`labels` must be an array as long as `query` (problem ids)');
  checkLabels(labels, ctx);
  const notes: { index: number; code: string; message: string }[] = [];
  const items = query.map((q, i) => {
    const prompt = prompts?.[i];
    const problem_id = problemOfLabel(labels[i], (id) => ctx.problemIds.has(id));
    if (typeof q !== 'string') return { problem_id, response: q };
    const cut = responseOf(q, typeof prompt === 'string' ? prompt : undefined);
    if (!cut.prefixed)
      notes.push({
        index: i,
        code: 'prompt-not-prefix',
        message: 'prompt not found in query; scored the whole query',
      });
    return { problem_id, response: cut.response };
  });
  const outcomes = await ctx.backend.score(items, 'summary');
  const rewards: number[] = [];
  const logs = {
    step_score: [] as number[],
    final_correct: [] as number[],
    timeout: [] as number[],
    error: [] as number[],
  };
  const errors: { index: number; code: string; message: string }[] = [];
  outcomes.forEach((o, i) => {
    ctx.metrics.items(o.status);
    const ok = o.status === 'ok';
    rewards.push(ok ? mixReward(ctx.mix, o.step_score, o.final_answer_correct) : 0);
    logs.step_score.push(ok ? o.step_score : 0);
    logs.final_correct.push(ok && o.final_answer_correct === true ? 1 : 0);
    logs.timeout.push(o.status === 'timeout' ? 1 : 0);
    logs.error.push(o.status === 'error' ? 1 : 0);
    if (!ok) errors.push({ index: i, code: o.code, message: o.message });
  });
  return json(200, { rewards, scores: rewards, extra_logs: logs, errors: [...errors, ...notes] });
}

/** Throws the 400 for the first label that is empty or names no loaded problem. */
function checkLabels(labels: readonly unknown[], ctx: AppContext): void {
  const empty = labels.findIndex((l) => l === null || (typeof l === 'string' && l.trim() === ''));
  if (empty >= 0)
    throw new HttpError(
      400,
      'missing-label',
      `labels[${empty}] is empty: every query needs its problem id as its label ` +
        '(OpenRLHF: pass --data.label_key naming the dataset field that holds the problem id)',
    );
  for (const [i, label] of labels.entries()) {
    const id = problemOfLabel(label, (x) => ctx.problemIds.has(x));
    if (typeof id === 'string' && !ctx.problemIds.has(id))
      throw new HttpError(
        400,
        'unknown-problem',
        `labels[${i}] = ${JSON.stringify(id.slice(0, 100))} names no problem loaded in the server ` +
          `(${ctx.problemIds.size} problems; check --data.label_key and the server's --dataset)`,
      );
  }
}
