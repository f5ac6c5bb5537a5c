/**
 * Definitions a grader reads into an answer without the answer writing them: the problem's own
 * symbol for a quantity the reference writes under a look-alike name, a magnitude written in its
 * components, and an ideal gas's heat capacity ratio γ written through the heat capacity the reference
 * uses. Each is a symbol name → `{symbol, value}` entry, used like an answer's own definition.
 */

/** Latin letters and the Greek letters written like them (`\alpha` for a, `\nu` for v). */
const LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ['alpha', 'a'],
  ['nu', 'v'],
  ['omega', 'w'],
  ['rho', 'p'],
  ['kappa', 'k'],
]);

/** The LaTeX of a canonical symbol name (`alpha` → `\alpha`, `Q_{0}` → `Q_{0}`, `epsilon_{0}` → `\epsilon_{0}`). */
export function nameLatex(name: string): string {
  return name.replace(/^([A-Za-z]{2,})(?=_|$)/, '\\$1');
}

/** Whether two names differ only by a subscript 0 on one of them (`Q_{0}` and `Q`). */
function dropsZero(a: string, b: string): boolean {
  return a === `${b}_{0}` || b === `${a}_{0}`;
}

function lookalike(a: string, b: string): boolean {
  return dropsZero(a, b) || LOOKALIKES.get(a) === b || LOOKALIKES.get(b) === a;
}

/**
 * The problem's symbols the reference writes under a look-alike name: a string length the problem
 * calls `\alpha` and the reference `a`, a ring charge `Q_0` in the problem and `Q` in the reference.
 * A pair is read only when the reference symbol is never written in the problem text, the problem
 * symbol never in the reference, and each has exactly one such partner. Returns problem symbol →
 * `{symbol, value}`: the answer's symbol written as the reference's.
 */
export function lookalikeAliases(
  problemSymbols: ReadonlySet<string>,
  referenceSymbols: ReadonlySet<string>,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const unnamed = [...referenceSymbols].filter((r) => !problemSymbols.has(r));
  const unused = [...problemSymbols].filter((p) => !referenceSymbols.has(p));
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const r of unnamed) {
    const partners = unused.filter((p) => lookalike(p, r));
    if (partners.length !== 1) continue;
    const p = partners[0]!;
    if (unnamed.filter((other) => lookalike(p, other)).length !== 1) continue;
    out.set(p, { symbol: nameLatex(p), value: nameLatex(r) });
  }
  return out;
}

/** The axes whose components name a vector's (`v_x`, `E_{y}`). */
const AXES = ['x', 'y', 'z'] as const;

/**
 * A magnitude the reference writes (`v`) and the answer writes in its components (`v_x`, `v_y`),
 * never defining it: `v = \sqrt{v_x^2 + v_y^2}` over the components the answer writes, at least two,
 * one of them a component the reference never writes (the answer has brought in `v_y`), when the
 * problem text names a component of it or the answer writes the magnitude too. Only a symbol of one
 * letter or one Greek command.
 */
export function componentMagnitudes(
  referenceSymbols: ReadonlySet<string>,
  answerSymbols: ReadonlySet<string>,
  problemSymbols: ReadonlySet<string>,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const s of referenceSymbols) {
    if (!/^(?:[A-Za-z]|[a-zA-Z]{2,})$/.test(s)) continue;
    const all = AXES.map((axis) => `${s}_{${axis}}`);
    const components = all.filter((c) => answerSymbols.has(c));
    if (components.length < 2 || components.every((c) => referenceSymbols.has(c))) continue;
    // The problem names the components (`the x component of its velocity v_x`), or the answer
    // writes the magnitude beside them: either relates the symbol to its components.
    if (!all.some((c) => problemSymbols.has(c)) && !answerSymbols.has(s)) continue;
    const latex = nameLatex(s);
    out.set(s, {
      symbol: latex,
      value: `\\sqrt{${components.map((c) => `${nameLatex(c)}^2`).join(' + ')}}`,
    });
  }
  return out;
}

/** A heat capacity at constant pressure (`c_p`, `C_P`) and at constant volume (`c_v`, `C_V`), by name. */
const PRESSURE_CAPACITY = /^[cC]_\{[pP]\}$/;
const VOLUME_CAPACITY = /^[cC]_\{[vV]\}$/;
/** Words that say a gas is not ideal, where Mayer's relation c_p − c_v = R does not hold. */
const NOT_IDEAL = /\b(?:non-?ideal|real\s+gas|van\s+der\s+waals|virial|liquid|solid|vapou?r)\b/i;
/** Where γ is the heat capacity ratio: an adiabatic process, or the ratio of heat capacities named. */
const ADIABATIC =
  /adiabat|isentrop|heat\s+capacit(?:y|ies)\s+ratio|ratio\s+of\s+(?:the\s+)?(?:specific\s+|molar\s+)?heat/i;

/**
 * An ideal gas's heat capacity ratio γ that the answer writes where the reference writes the heat
 * capacity at constant pressure (or volume) and the gas constant does not appear in it: read through
 * Mayer's relation, `\gamma = \frac{c_p}{c_p - R}` (or `\frac{c_v + R}{c_v}`), so `\frac{\gamma - 1}{\gamma}
 * \frac{\mu g}{R}` answers `\frac{\mu g}{c_p}`. Only where the answer writes γ and R and no heat
 * capacity of its own, the reference no γ, the problem text no γ (γ is then the answer's adiabatic
 * index, which `text` — the problem and the answer — must show: an adiabatic process or the ratio of
 * heat capacities named), and nothing says the gas is not ideal.
 */
export function heatCapacityRatio(
  referenceSymbols: ReadonlySet<string>,
  answerSymbols: ReadonlySet<string>,
  problemSymbols: ReadonlySet<string>,
  text: string,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  if (!answerSymbols.has('gamma') || !answerSymbols.has('R') || referenceSymbols.has('gamma')) return out;
  if (problemSymbols.has('gamma') || NOT_IDEAL.test(text) || !ADIABATIC.test(text)) return out;
  const own = [...answerSymbols].some((s) => PRESSURE_CAPACITY.test(s) || VOLUME_CAPACITY.test(s));
  if (own || referenceSymbols.has('R')) return out;
  const pressure = [...referenceSymbols].filter((s) => PRESSURE_CAPACITY.test(s));
  const volume = [...referenceSymbols].filter((s) => VOLUME_CAPACITY.test(s));
  if (pressure.length + volume.length !== 1) return out;
  const value =
    pressure.length === 1
      ? `\\frac{${pressure[0]!}}{${pressure[0]!} - R}`
      : `\\frac{${volume[0]!} + R}{${volume[0]!}}`;
  out.set('gamma', { symbol: '\\gamma', value });
  return out;
}

/** A symbol the words call a time (`for a time $\tau$`, `after a time interval $T$`, `a duration $t_1$`). */
const NAMED_TIME =
  /\b(?:time|duration)(?:\s+interval)?\s+(?:of\s+)?(?:\$\s*([^$\n]{1,16}?)\s*\$|\\\(\s*([^\n]{1,16}?)\s*\\\))/gi;

/**
 * The time a problem names with a symbol of its own (`… have been on for a time $\tau$`) where the
 * reference writes the generic time `t`: the answer's expression in the problem's symbol
 * (`v_0 e^{-\beta\tau/m}`) is the reference's at that time (`v_0 e^{-\beta t/m}`). Only where the words
 * call exactly one symbol a time, the problem text never writes `t` and the reference never writes
 * that symbol. `symbolOf` reads a symbol's canonical name (undefined: not one symbol). Returns problem
 * symbol → `{symbol, value}`: the answer's symbol written as `t`.
 */
export function namedTime(
  problemText: string,
  problemSymbols: ReadonlySet<string>,
  referenceSymbols: ReadonlySet<string>,
  symbolOf: (latex: string) => string | undefined,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  if (!referenceSymbols.has('t') || problemSymbols.has('t')) return out;
  const named = new Set<string>();
  for (const m of problemText.matchAll(NAMED_TIME)) {
    const name = symbolOf((m[1] ?? m[2] ?? '').trim());
    if (name !== undefined) named.add(name);
  }
  if (named.size !== 1) return out;
  const [time] = named;
  if (time === undefined || time === 't' || referenceSymbols.has(time)) return out;
  out.set(time, { symbol: nameLatex(time), value: 't' });
  return out;
}
