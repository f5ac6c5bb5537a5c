import type { Command } from '../io.js';
import { agreementCommand } from './agreement.js';
import { buildDagCommand } from './build-dag.js';
import { compareCommand } from './compare.js';
import { datasetStatsCommand } from './dataset-stats.js';
import { difficultyCommand } from './difficulty.js';
import { equivCommand } from './equiv.js';
import { errorsCommand } from './errors.js';
import { explainCommand } from './explain.js';
import { importCommand } from './import.js';
import { instancesCommand } from './instances.js';
import { judgeCommand } from './judge.js';
import { mergeCommand } from './merge.js';
import { parameterizeCommand } from './parameterize.js';
import { parseCommand } from './parse.js';
import { reportCommand } from './report.js';
import { rescoreCommand } from './rescore.js';
import { runCommand } from './run.js';
import { scoreCommand } from './score.js';
import { serveCommand } from './serve.js';
import { validateCommand } from './validate.js';
import { viewCommand } from './view.js';

/** Every `prism` sub-command, in the order `prism --help` lists them. */
export const commands: readonly Command[] = [
  scoreCommand,
  validateCommand,
  datasetStatsCommand,
  equivCommand,
  parseCommand,
  runCommand,
  rescoreCommand,
  reportCommand,
  compareCommand,
  importCommand,
  agreementCommand,
  judgeCommand,
  explainCommand,
  serveCommand,
  mergeCommand,
  instancesCommand,
  viewCommand,
  difficultyCommand,
  errorsCommand,
  buildDagCommand,
  parameterizeCommand,
];
