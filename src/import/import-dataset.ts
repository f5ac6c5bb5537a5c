import { importOlympiadBench } from './import-olympiadbench.js';
import { importPhyBench } from './import-phybench.js';
import { importPhysicsEval } from './import-physicseval.js';
import { importSciBench } from './import-scibench.js';
import type { ImportFormat, ImportResult } from './types.js';

/** The formats `prism import` reads, with the converter of each. */
export const IMPORT_FORMATS: Readonly<Record<ImportFormat, (items: readonly unknown[]) => ImportResult>> = {
  olympiadbench: importOlympiadBench,
  phybench: importPhyBench,
  scibench: importSciBench,
  physicseval: importPhysicsEval,
};

/** Converts the parsed items of one or more source files of a format (their items are concatenated). */
export function importDataset(format: ImportFormat, items: readonly unknown[]): ImportResult {
  return IMPORT_FORMATS[format](items);
}
