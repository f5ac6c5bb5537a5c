import type { Parameter } from '../dag/types.js';
import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';

/** A model's parameterization proposal, as read (its fields are checked by the dataset validator). */
export interface ParameterProposal {
  readonly parameters: readonly Parameter[];
  readonly constraints: readonly string[];
  /** The text with `{{name}}` placeholders, when the model gave one. */
  readonly context?: string;
}

/** Reads `{"parameters": [...], "constraints": [...], "context"?: "..."}` from a reply. */
export function parseProposal(text: string): ParseOutcome<ParameterProposal> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const { parameters, constraints, context } = json.value;
  if (!Array.isArray(parameters) || parameters.length === 0)
    return { ok: false, error: '"parameters" must be a non-empty list' };
  if (
    constraints !== undefined &&
    !(Array.isArray(constraints) && constraints.every((c) => typeof c === 'string'))
  )
    return { ok: false, error: '"constraints" must be a list of strings' };
  if (context !== undefined && typeof context !== 'string')
    return { ok: false, error: '"context" must be a string' };
  return {
    ok: true,
    value: {
      parameters: parameters as Parameter[],
      constraints: (constraints ?? []) as string[],
      ...(context === undefined || context.trim() === '' ? {} : { context }),
    },
  };
}
