/**
 * Records of values keyed by variable name (a trial's assignment, a draw) made in dictionary mode.
 * An object literal that is given a property name V8 has not seen on that path before gets a new
 * hidden class (a map and a transition from its parent): a fresh answer brings new variable names
 * (`K_{h17}` in the harsh freshening, a model's own symbols in a trainer's rollouts), and each new
 * name cost a few microseconds per object it first appeared in — the largest single line of
 * node matching on the harsh freshening. A dictionary-mode object (null prototype) adds a
 * property by a hash insertion whatever its name; reads and enumeration order are as for a literal.
 */

/** An empty record of named values (no prototype: only its own keys are read). */
export function namedValues(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/** A copy of `values` as {@link namedValues}, keys in the same order. */
export function copyNamedValues(values: Readonly<Record<string, number>>): Record<string, number> {
  const out = namedValues();
  for (const k in values) out[k] = values[k]!;
  return out;
}
