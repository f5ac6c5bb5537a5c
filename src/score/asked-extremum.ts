/**
 * The extremum a problem asks for in words, and the name an answer gives the quantity at it: a
 * question for "the maximum magnetic moment" μ is answered by the answer's `\mu_{\max}`, even after a
 * general `\mu = \frac{q\omega R^2}{3}` it maximizes.
 */

/** Words asking for the largest value of a quantity. */
const MAXIMUM = /\b(?:maximum|maximal|maximize[ds]?|largest|greatest|highest)\b/i;
/** Words asking for the smallest value. */
const MINIMUM = /\b(?:minimum|minimal|minimize[ds]?|smallest|least|lowest)\b/i;

/** `max` or `min` when the text asks for one of them only; undefined for neither or both. */
export function askedExtremum(text: string): 'max' | 'min' | undefined {
  const max = MAXIMUM.test(text);
  const min = MINIMUM.test(text);
  return max === min ? undefined : max ? 'max' : 'min';
}

/**
 * The LaTeX of a quantity at the extremum (`\mu` → `\mu_{\max}`): only for a name of one letter or
 * one command with no subscript (a name that carries one already, `v_0`, is left alone).
 */
export function extremumName(lhs: string, which: 'max' | 'min'): string | undefined {
  const name = lhs.trim();
  return /^(?:[A-Za-z]|\\[A-Za-z]+)$/.test(name) ? `${name}_{\\${which}}` : undefined;
}
