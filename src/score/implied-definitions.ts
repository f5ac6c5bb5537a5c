/**
 * Definitions a grader reads into an answer without the answer writing them: the problem's own
 * symbol for a quantity the reference writes under a look-alike name, and a magnitude written in its
 * components. Each is a symbol name → `{symbol, value}` entry, used like an answer's own definition.
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
