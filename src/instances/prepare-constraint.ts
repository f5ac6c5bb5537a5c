import { prepareFormula } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { evaluateExpression } from './evaluate-expression.js';

/** A constraint `lhs op rhs`, its sides prepared as expressions. */
export interface PreparedConstraint {
  readonly source: string;
  readonly op: '<' | '>' | '<=' | '>=' | '!=';
  readonly lhs: PreparedFormula;
  readonly rhs: PreparedFormula;
}

const OPS: readonly [RegExp, PreparedConstraint['op']][] = [
  [/\\(?:leq?|leqslant)(?![a-zA-Z])|≤|<=/, '<='],
  [/\\(?:geq?|geqslant)(?![a-zA-Z])|≥|>=/, '>='],
  [/\\(?:neq?|ne)(?![a-zA-Z])|≠|!=/, '!='],
  [/\\lt(?![a-zA-Z])|</, '<'],
  [/\\gt(?![a-zA-Z])|>/, '>'],
];

/**
 * Prepares a constraint (`v < c`, `T_3 \ge T_1`, `\Delta t > 0`) with the problem's constants; a
 * message when it is no single relation whose two sides prepare as expressions.
 */
export function prepareConstraint(
  source: string,
  constants: Readonly<Record<string, string>>,
): PreparedConstraint | string {
  for (const [pattern, op] of OPS) {
    const m = pattern.exec(source);
    if (m === null) continue;
    const left = source.slice(0, m.index).trim();
    const right = source.slice(m.index + m[0].length).trim();
    const lhs = prepareFormula(left, { constants });
    const rhs = prepareFormula(right, { constants });
    if (!lhs.ok || lhs.kind !== 'expression' || !rhs.ok || rhs.kind !== 'expression')
      return `cannot read both sides of ${source}`;
    return { source, op, lhs, rhs };
  }
  return `${source} is not a relation (<, >, \\le, \\ge, \\ne)`;
}

/** Whether a constraint holds at a solution: true, false, or undefined when a side cannot be evaluated. */
export function constraintHolds(
  c: PreparedConstraint,
  values: Readonly<Record<string, number>>,
): boolean | undefined {
  const l = evaluateExpression(c.lhs, values);
  const r = evaluateExpression(c.rhs, values);
  if (l === undefined || r === undefined) return undefined;
  switch (c.op) {
    case '<':
      return l < r;
    case '>':
      return l > r;
    case '<=':
      return l <= r;
    case '>=':
      return l >= r;
    default:
      return l !== r;
  }
}
