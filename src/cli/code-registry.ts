import { BUILD_DAG_CODES } from '../build-dag/codes.js';
import { DAG_CODES } from '../dag/codes.js';
import { DATASET_CODES } from '../dataset/codes.js';
import { DIFFICULTY_CODES } from '../difficulty/codes.js';
import { EQUIVALENCE_CODES } from '../equivalence/codes.js';
import { ERROR_ANALYSIS_CODES } from '../error-analysis/codes.js';
import { EXTRACT_CODES } from '../extract/codes.js';
import { INSTANCE_CODES } from '../instances/codes.js';
import { LATEX_CODES } from '../latex/codes.js';
import { LLM_CODES } from '../llm/codes.js';
import { NORMALIZE_CODES } from '../normalize/codes.js';
import { NUMERIC_CODES } from '../numeric/codes.js';
import { PIPELINE_CODES } from '../pipeline/codes.js';
import { BENCH_CODES } from '../runs/codes.js';
import { SANDBOX_CODES } from '../sandbox/codes.js';
import { SCORE_CODES } from '../score/codes.js';
import { SERVER_CODES } from '../server/codes.js';

/** One diagnostic code with the stage that emits it and its explanation. */
export interface CodeEntry {
  readonly code: string;
  readonly stage: string;
  readonly explanation: string;
}

const STAGES: readonly [string, Readonly<Record<string, string>>][] = [
  ['latex', LATEX_CODES],
  ['normalize', NORMALIZE_CODES],
  ['numeric', NUMERIC_CODES],
  ['equivalence', EQUIVALENCE_CODES],
  ['extract', EXTRACT_CODES],
  ['dag', DAG_CODES],
  ['score', SCORE_CODES],
  ['dataset', DATASET_CODES],
  ['llm', LLM_CODES],
  ['bench', BENCH_CODES],
  ['pipeline', PIPELINE_CODES],
  ['server', SERVER_CODES],
  ['instances', INSTANCE_CODES],
  ['sandbox', SANDBOX_CODES],
  ['difficulty', DIFFICULTY_CODES],
  ['error-analysis', ERROR_ANALYSIS_CODES],
  ['build-dag', BUILD_DAG_CODES],
];

/** Every diagnostic code of every stage: the one registry behind `prism explain`, the docs and the viewer. */
export function allCodes(): CodeEntry[] {
  return STAGES.flatMap(([stage, codes]) =>
    Object.entries(codes).map(([code, explanation]) => ({ code, stage, explanation })),
  );
}
