import { validateDataset } from '../dag/validate-dataset.js';
import type { AppContext } from './app-context.js';
import { type AppRequest, type AppResponse, json } from './http-types.js';
import { readJson } from './read-json.js';

/**
 * `POST /v1/problems` (token required): a problem, an array of problems or `{problems: [...]}`,
 * checked like `prism validate`'s structure checks. All or nothing: any error finding → 422 with
 * the findings; else every problem is added or replaced (by id) in every worker.
 */
export async function upsertProblems(request: AppRequest, ctx: AppContext): Promise<AppResponse> {
  const body = await readJson(request, ctx.maxBodyBytes);
  const list =
    typeof body === 'object' && body !== null && !Array.isArray(body) && 'problems' in body
      ? (body as { problems: unknown }).problems
      : body;
  const checked = validateDataset(list, 'request');
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || checked.problems.length === 0) {
    return json(422, {
      error: {
        code: 'invalid-problem',
        message:
          errors.length > 0
            ? `${errors.length} error finding(s); nothing was changed`
            : 'no problem in the body',
      },
      diagnostics: checked.diagnostics,
    });
  }
  const ids = checked.problems.map((p) => p.id);
  const replaced = ids.filter((id) => ctx.problemIds.has(id));
  ctx.backend.upsertProblems(checked.problems);
  for (const id of ids) ctx.problemIds.add(id);
  return json(200, {
    added: ids.length - replaced.length,
    replaced: replaced.length,
    ids,
    diagnostics: checked.diagnostics,
  });
}
