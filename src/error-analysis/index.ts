/** PRISM-Physics's error analysis (spec C4): the seven-class taxonomy, one classifier call per imperfect answer. */
export {
  type AnalyzeErrorInput,
  analyzeError,
  type ErrorAnalysisOutcome,
  errorAnalysisMessages,
} from './analyze-error.js';
export { ERROR_ANALYSIS_CODES } from './codes.js';
export { type ClassifiedAnswer, type ErrorSummary, summarizeErrors } from './error-summary.js';
export { ERROR_LABELS, ERROR_TAXONOMY, type ErrorLabel, isErrorLabel } from './error-taxonomy.js';
export { isImperfect } from './is-imperfect.js';
export { type ErrorAnalysis, parseErrorAnalysis } from './parse-error-analysis.js';
export { ERROR_ANALYSIS_PROMPT } from './prompts/error-analysis-prompt.js';
export { renderErrorSummary } from './render-error-summary.js';
export { type MatchRecord, renderMatches } from './render-matches.js';
