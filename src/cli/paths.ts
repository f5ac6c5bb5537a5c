/** Where the bundled data lives (re-exported from the dataset layer, which the library exports). */
export { bundledDatasetPath, bundledResponsesPath, packageRoot } from '../dataset/bundled-dataset.js';
