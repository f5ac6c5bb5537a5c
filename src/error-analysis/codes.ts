/** Every diagnostic code of the error analysis (`prism errors`), with its explanation. */
export const ERROR_ANALYSIS_CODES: Readonly<Record<string, string>> = {
  'errors-unparseable':
    'An error-classifier reply was not the required JSON (or named a label outside DAE, PTAE, MPUE, CAE, VRE, DCE, UDE, or a confidence outside 0–1) even after one re-ask; recorded as a failure in errors.jsonl and left out of the distribution.',
};
