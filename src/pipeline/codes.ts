/** Every diagnostic code of the call layer, the techniques and the judges, with its explanation. */
export const PIPELINE_CODES: Readonly<Record<string, string>> = {
  'config-invalid':
    'prism.config.json does not match its schema (schema/prism.config.schema.json); the message starts with the key path.',
  'config-unreadable': 'The config file could not be read.',
  'technique-missing-role':
    'The technique needs a role (reviewer, verifiers, meta_verifier) that the config does not declare.',
  'technique-review-unparseable':
    'A reviewer or meta-verifier reply was not the required JSON even after one re-ask (or no verifier reply was usable); the sample is recorded as failed.',
  'judge-unparseable':
    'A judge reply was not the required JSON (or a score was out of range) even after one re-ask; recorded as a judge failure, excluded from the means, never scored 0.',
};
