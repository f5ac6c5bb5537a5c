import type { Diagnostic } from '../core/diagnostic.js';
import type { NumericAnswerTools } from '../dag/check-final-answers.js';
import type { Problem } from '../dag/types.js';
import { validateWitness } from '../dag/validate-witness.js';
import { relationSides } from '../score/answer-text.js';
import { expressionValue, withinPrecision } from '../score/numeric-answer.js';

/** The scoring stage's numeric-answer helpers, so final answers are read as `prism validate` reads them. */
const TOOLS: NumericAnswerTools = { expressionValue, withinPrecision, relationSides };

/** Codes that are warnings in a dataset but block acceptance of a built DAG (something went unchecked). */
const BLOCKING_WARNINGS: ReadonlySet<string> = new Set(['witness-unevaluable', 'final-answer-unchecked']);

/** What the witness check of a built DAG found. */
export interface BuiltWitnessReport {
  /** Findings that send the DAG back to the model (node and both values named by the messages). */
  readonly failures: Diagnostic[];
  readonly warnings: Diagnostic[];
}

/**
 * The witness check of `prism validate`, applied to a built DAG with the model's proposed values:
 * the DAG is solved forward from the witness, every formula must hold, and the stated final answers
 * must agree with the values the walk gives (numerical, to the stated figures) or with the final
 * nodes (algebraic). Unlike in a dataset, a formula or final answer that could not be checked
 * (`witness-unevaluable`, `final-answer-unchecked`) blocks acceptance too.
 */
export function checkBuiltWitness(
  problem: Problem,
  witness: Readonly<Record<string, number>>,
): BuiltWitnessReport {
  const findings = validateWitness({ ...problem, witness: [witness] }, TOOLS);
  const failures = findings.filter((d) => d.severity === 'error' || BLOCKING_WARNINGS.has(d.code));
  return { failures, warnings: findings.filter((d) => !failures.includes(d)) };
}
