/** Statistics for run reports and model comparisons: pure functions, numbers only. */

export {
  type Calibration,
  type CutPoints,
  calibrateCutPoints,
  leaveOneOutLevels,
  levelFromCuts,
} from './calibrate-cut-points.js';
export { mean, sampleSd } from './describe.js';
export { regularizedIncompleteBeta } from './incomplete-beta.js';
export { regularizedGammaQ } from './incomplete-gamma.js';
export {
  type KendallAgreement,
  type KendallAgreementOptions,
  kendallAgreement,
} from './kendall-agreement.js';
export { type KendallBootstrap, kendallBootstrap } from './kendall-bootstrap.js';
export { type KendallPermutationTest, kendallPermutationTest } from './kendall-permutation-test.js';
export { kendallStatistic } from './kendall-statistic.js';
export { type KendallTau, kendallTauB } from './kendall-tau-b.js';
export { logBeta, logChoose, logGamma } from './log-gamma.js';
export { normalCdf, normalTwoSided } from './normal-cdf.js';
export { type OrdinalAgreement, ordinalAgreement } from './ordinal-agreement.js';
export { type PairedTTest, pairedTTest } from './paired-t-test.js';
export { passAtK } from './pass-at-k.js';
export { rankAverage } from './rank-average.js';
export { type RobustnessMetrics, robustnessMetrics } from './robustness-metrics.js';
export { type SignTest, signTest } from './sign-test.js';
export { type StepScoreProfile, stepScoreProfile } from './step-score-profile.js';
export { studentTCdf, studentTTwoSided } from './student-t-cdf.js';
export { tertileThresholds } from './tertile-thresholds.js';
export { type WilcoxonTest, wilcoxonSignedRank } from './wilcoxon-signed-rank.js';
