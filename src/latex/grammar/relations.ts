import type { RelOp } from '../../core/tree.js';

/**
 * Relation commands and characters → relation operator. `\approx`, `\simeq`, `\equiv`, `\cong`,
 * `:=` read as `=`; `\propto` is `propto`; `\sim`, `\asymp` and `\to` (a limit arrow outside
 * `\lim`) are `~`, order-of-magnitude relations that are not checked as equations; `\gg`/`\ll` are
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
  sim: '~',
  asymp: '~',
  to: '~',
  longmapsto: '~',
  mapsto: '~',
  in: '~',
};

/** Relation characters. */
export const RELATION_CHARS: Readonly<Record<string, RelOp>> = { '=': '=', '<': '<', '>': '>' };
