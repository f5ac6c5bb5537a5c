/**
 * prism-physics — the library API. The pipeline stages, in data-flow order: parse → normalize →
 * compile/solve → equivalence → extract → DAG → score → report; then the edges (datasets, model
 * client, runs) and statistics. Each stage is also its own subpath (`prism-physics/score`, …).
 *
 * @module prism-physics
 */

// PRISM-Physics's DAG-building pipeline (prism build-dag), as a namespace.
export * as buildDag from './build-dag/index.js';
export * from './core/diagnostic.js';
export { InputError } from './core/input-error.js';
export * from './core/print-latex.js';
export * from './core/print-tree.js';
export * from './core/prng.js';
export * from './core/span.js';
export * from './core/strip-math.js';
export type * from './core/tree.js';
export { PACKAGE_VERSION } from './core/version.js';
export * from './dag/index.js';
export type { ResponseRow } from './dataset/index.js';
export * from './dataset/index.js';
export * as difficulty from './difficulty/index.js';
export * from './equivalence/index.js';
export * as errorAnalysis from './error-analysis/index.js';
export * from './extract/index.js';
export * from './instances/index.js';
// The call layer, PhysicsEval's techniques and the LLM judges, as namespaces (their names are generic).
export * as judges from './judges/index.js';
export * from './latex/index.js';
export * from './llm/index.js';
export * from './normalize/index.js';
export * from './numeric/index.js';
export { lookupConstant } from './physics/constants.js';
export { parseUnit } from './physics/units.js';
export * as pipeline from './pipeline/index.js';
export * from './report/index.js';
// The run layer's response row (a stored sample) is exported as RunResponseRow: `ResponseRow` is the
// dataset loader's `{problem_id, response}` line.
export * from './runs/index.js';
export type { ResponseRow as RunResponseRow } from './runs/response-row.js';
export * from './sandbox/index.js';
export * from './score/index.js';
export * from './stats/index.js';
export * from './tasks/index.js';
export * as techniques from './techniques/index.js';
