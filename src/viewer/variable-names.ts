const COMMANDS_NOT_VARIABLES = new Set([
  'frac',
  'dfrac',
  'tfrac',
  'sqrt',
  'left',
  'right',
  'cdot',
  'times',
  'text',
  'mathrm',
  'mathbf',
  'sin',
  'cos',
  'tan',
  'ln',
  'log',
  'exp',
  'approx',
  'quad',
  'qquad',
  'mathit',
  'operatorname',
  'vec',
  'hat',
  'bar',
  'dot',
  'ddot',
  'displaystyle',
  'boxed',
  'sum',
  'int',
  'prod',
  'pm',
  'mp',
]);

/**
 * A cheap guess at the symbols a LaTeX formula names (Greek commands and letters with their
 * subscripts), used only to rank which answer formulas are worth an equivalence check against a
 * missed node. Never used for scoring.
 */
export function variableNames(latex: string): string[] {
  const names = new Set<string>();
  const text = latex.replace(/\\text\{[^}]*\}|\\mathrm\{[^}]*\}/g, ' ');
  const re = /(\\[A-Za-z]+|[A-Za-z])(_\{[^}]*\}|_[A-Za-z0-9])?/g;
  for (const m of text.matchAll(re)) {
    const head = m[1]!;
    if (head.startsWith('\\') && COMMANDS_NOT_VARIABLES.has(head.slice(1))) continue;
    names.add(head + (m[2] ?? ''));
  }
  return [...names].sort();
}
