import type { CallResult, CallSpec, ParseOutcome, Pipeline } from './create-pipeline.js';

/** The re-ask turn's version (it enters the second call's key). */
export const REASK_VERSION = 'reask-v1';

/**
 * One call whose reply must parse (strict JSON from a judge, a reviewer, a verifier): when the
 * reply does not parse, the same chat continues once with the bad reply as the assistant turn and
 * a user turn naming the problem; a second failure is returned as such (`parsed.ok === false`) for
 * the caller to record — never silently replaced by a default.
 */
export async function askWithReask<T>(
  pipeline: Pipeline,
  sample: string,
  spec: CallSpec<T> & { readonly parse: (text: string) => ParseOutcome<T> },
): Promise<CallResult<T> & { readonly reasked: boolean }> {
  const first = await pipeline.call(sample, spec);
  if (!first.ok || first.parsed.ok) return { ...first, reasked: false };
  const second = await pipeline.call(sample, {
    ...spec,
    step: `${spec.step}-reask`,
    promptVersion: `${spec.promptVersion}+${REASK_VERSION}`,
    messages: [
      ...spec.messages,
      { role: 'assistant', content: first.text },
      {
        role: 'user',
        content: `Your reply could not be used: ${first.parsed.error}. Reply again with ONLY the JSON object in the required format, nothing else.`,
      },
    ],
  });
  return { ...second, reasked: true };
}
