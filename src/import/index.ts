/** Importers: public physics datasets → our problem format (final-answer-only, no DAG yet). */
export { splitAnswerList, stripDelimiters, unitLatex, writtenFigures } from './answer-latex.js';
export { IMPORT_FORMATS, importDataset } from './import-dataset.js';
export { importOlympiadBench } from './import-olympiadbench.js';
export { importPhyBench } from './import-phybench.js';
export { importPhysicsEval } from './import-physicseval.js';
export { importSciBench } from './import-scibench.js';
export { referenceResponses } from './reference-responses.js';
export type { ImportedForm, ImportedProblem, ImportFormat, ImportResult, SkippedItem } from './types.js';
