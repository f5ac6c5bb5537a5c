/** PRISM-Physics's DAG-building pipeline (spec C7) with our rule checks and the numeric witness. */
export { answerHints } from './answer-hints.js';
export { applyTextEdits } from './apply-text-edits.js';
export { type BuildProblemOptions, buildProblem, DEFAULT_MAX_RETRIES } from './build-problem.js';
export {
  type AttemptRecord,
  type BuildReport,
  type BuildStage,
  type ProblemBuild,
  renderBuildReport,
} from './build-report.js';
export { type BuiltWitnessReport, checkBuiltWitness } from './check-built-witness.js';
export { checkDagRules, type DagRuleReport } from './check-dag-rules.js';
export { BUILD_DAG_CODES } from './codes.js';
export { type DraftProblem, draftOf, problemFromDraft, solutionTexts } from './draft-problem.js';
export { mathTextKey } from './math-text-key.js';
export { parseDagReply } from './parse-dag-reply.js';
export { parseDraft } from './parse-draft.js';
export { parseReviewVerdict, type ReviewVerdict } from './parse-review-verdict.js';
export { parseWitnessReply, type TextEdit, type WitnessReply } from './parse-witness-reply.js';
export { BUILD_PROMPT_VERSIONS, FORMAT_INSTRUCTIONS } from './prompts/build-prompts.js';
export { type BuildDagResult, type RunBuildDagOptions, runBuildDag } from './run-build-dag.js';
export { solutionFormulaKeys } from './solution-formulas.js';
export { transitiveEdges } from './transitive-edges.js';
