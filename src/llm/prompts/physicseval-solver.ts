import type { PromptTemplate } from './prompt-template.js';
import { ZERO_SHOT_PROMPT } from './zero-shot.js';

/**
 * PhysicsEval's solver ("proposer") prompt, spec A2, in our own words: a physics expert persona
 * that solves step by step keeping the reasoning consistent, writes every equation in LaTeX and
 * ends with the final answers in brief. Display math is asked for so the DAG scorer can extract
 * formulas from these answers too.
 */
export const PHYSICSEVAL_SOLVER_PROMPT: PromptTemplate = {
  version: 'physicseval-solver-v1',
  system:
    'You are a physics expert. You solve physics problems step by step and keep every step logically consistent with the ones before it.',
  preamble: [
    'Solve the following physics problem.',
    '',
    'Write all equations in LaTeX, each key equation as a display formula in $$...$$.',
    'Finish with a section headed "Final answers in brief" that lists only the final answers.',
  ].join('\n'),
  formatHeading: 'Answer-format instructions:',
};

/** The solver templates `prism run --prompt NAME` offers: PRISM-Physics's (default) and PhysicsEval's. */
export const SOLVER_PROMPTS: Readonly<Record<string, PromptTemplate>> = {
  prism: ZERO_SHOT_PROMPT,
  physicseval: PHYSICSEVAL_SOLVER_PROMPT,
};
