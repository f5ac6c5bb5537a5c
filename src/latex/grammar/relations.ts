import type { RelOp } from '../../core/tree.js';

/**
 * Relation commands and characters → relation operator. `\approx`, `\simeq`, `\equiv`, `\cong`,
 * `:=` read as `=`; `\propto` is `propto`; `\sim`, `\asymp` are `sim` (order of magnitude, compared up
 * to a factor); `\to` (a limit arrow outside `\lim`), `\mapsto`, `\in` are `~`, not checked; `\gg`/`\ll` are
 * read as `>`/`<`.
 */
export const RELATION_COMMANDS: Readonly<Record<string, RelOp>> = {
  approx: '=',
  simeq: '=',
  equiv: '=',
  cong: '=',
  doteq: '=',
  triangleq: '=',
  eqsim: '=',
  thickapprox: '=',
  approxeq: '=',
  le: '<=',
  leq: '<=',
  leqslant: '<=',
  lesssim: '<=',
  ge: '>=',
  geq: '>=',
  geqslant: '>=',
  gtrsim: '>=',
  lt: '<',
  gt: '>',
  ll: '<',
  gg: '>',
  ne: '!=',
  neq: '!=',
  propto: 'propto',
  sim: 'sim',
  asymp: 'sim',
  to: '~',
  longmapsto: '~',
  mapsto: '~',
  in: '~',
};

/** Relation characters. */
export const RELATION_CHARS: Readonly<Record<string, RelOp>> = { '=': '=', '<': '<', '>': '>' };
