import type { PromptTemplate } from './prompt-template.js';

/**
 * The zero-shot inference prompt of PRISM-Physics (paraphrased from the paper's description, not
 * its verbatim text): solve step by step, write each key step and the final answer as display
 * formulas in `$$…$$` (so the scorer can extract them), define symbols inline in single `$`, keep
 * the problem's own variable names, and follow the answer-format instructions.
 */
export const ZERO_SHOT_PROMPT: PromptTemplate = {
  version: 'zero-shot-v1',
  preamble: [
    'You are an expert physicist. Solve the following physics problem step by step.',
    '',
    'Requirements:',
    '1. Write every key step of the derivation and the final answer as a display formula enclosed in $$...$$, one equation per block.',
    '2. When you introduce or define a symbol, use single dollar signs inline, e.g. "let $v_0$ be the initial speed".',
    '3. Use the variables and symbols given in the problem statement; introduce new ones only when necessary and define them.',
    '4. Follow the answer-format instructions for the final answer exactly.',
  ].join('\n'),
  formatHeading: 'Answer-format instructions:',
};
