/** Dataset and response files (the edge: reads the file system). */

export {
  bundledDatasetPath,
  bundledResponsesPath,
  loadBundledDataset,
  packageRoot,
} from './bundled-dataset.js';
export { DATASET_CODES } from './codes.js';
export { lineColumn, parseJson } from './json-error.js';
export { type LoadedAnyDataset, loadAnyDataset, prismReference } from './load-any-dataset.js';
export type { LoadedDataset } from './load-dataset.js';
export { loadDataset } from './load-dataset.js';
export { convertPhysicsEval, isPhysicsEvalRecord } from './load-physicseval.js';
export { difficultyTier, type PhysicsEvalRecord, type ReferenceSolution } from './physicseval-record.js';
export type { ResponseFile, ResponseRow } from './read-responses.js';
export { parseResponses, readResponses } from './read-responses.js';
