import { BARE_UNIT_LETTERS, parseUnit } from '../physics/units.js';
import type { MathBlock } from './find-math-blocks.js';

/**
 * Units that math leaves outside itself or writes as bare letters, read into the value they
 * follow. Two ways chat models write them:
 *
 * - after the closing delimiter: `$s_2' = 60$ cm`, `$\Delta\theta \approx 1.02$ mrad`. The writer put
 *   the unit in prose; it belongs to the value that ends the math.
 * - in plain text, a bare letter after a stated value: `h ≈ 71 m`, `Θ_D = 350 K`, `t = 4.75 h`.
 *   TeX reads `M = 2 m` as twice m; a plain-text value is read with its unit, unless the problem
 *   uses that letter as a quantity.
 *
 * Both rewrite the block's content (`60\,\mathrm{cm}`) and keep a map back to the answer's offsets.
 */

/**
 * A number as a value is written: `60`, `-3.5`, `64,100`, `1.02\times10^{-3}`, `2.0×10⁹`, `6e22`,
 * `3.2*10^(-5)`.
 */
const NUMBER =
  /[-−]?(?:[1-9]\d{0,2}(?:(?:,|\{,\})\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:\s*(?:\\times|×|\\cdot|·|\*)\s*10\s*(?:\^\s*(?:\{\s*[-−]?\d+\s*\}|\(\s*[-−]?\d+\s*\)|[-−]?\d+)|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|[eE][-+−]?\d+)?/
    .source;
/** Before a stated value: the start, a relation, `:` or `(` (never an operator: `1/600` mm is not 1/(600 mm)). */
const STATED_BEFORE = /(?:^|[=≈≃<>:(]|\\(?:approx|simeq|sim|le|ge|leq|geq|lt|gt))\s*/.source;
/** Math content that ends with a stated number or a ratio of numbers (`d = 1/600`): the value. */
const ENDS_WITH_VALUE = new RegExp(`${STATED_BEFORE}(${NUMBER}(?:\\s*/\\s*\\d+(?:\\.\\d+)?)?)\\s*$`);
/** Words that parse as units but are English after a formula (`$x = 5$ in the …`, `$n=2$ as …`). */
const ENGLISH_UNITS = new Set(['in', 'am', 'as', 'us', 'at', 'mi', 'cd', 'pc', 'ha', 'lm', 'lx', 'ly', 'au']);
/** The unit token after a closing delimiter: up to a space or sentence punctuation. */
const AFTER = /^[ \t]*([A-Za-zµμΩÅ°][^\s,;:!?)\]$*]*?|%)(?=[.,;:!?)\]*]*(?:\s|$))/;

/** Most characters looked at after a closing delimiter. */
const AFTER_WINDOW = 40;

/** An edit of a block's content: `[start, end)` becomes `text`, written at answer offsets `[from, to)`. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly from: number;
  readonly to: number;
}

/**
 * The unit written right after an inline math block that ends with a stated number
 * (`$s_2' = 60$ cm`, `\(\Delta\theta \approx 1.02\) mrad`), read into the block
 * (`s_2' = 60\,\mathrm{cm}`); the block unchanged when there is none. The word must parse whole as a
 * unit and not be an English word (`in`, `as`, `at`); `°` becomes `^\circ`, `%` `\%`.
 */
export function unitAfterMath(markdown: string, block: MathBlock): MathBlock {
  if (block.kind !== 'inline' || block.map !== undefined) return block;
  const close = block.offset + block.content.length;
  const delimiter = markdown[close] === '$' ? 1 : markdown.startsWith('\\)', close) ? 2 : 0;
  const value = delimiter === 0 ? null : ENDS_WITH_VALUE.exec(block.content);
  if (value === null && !(delimiter > 0 && ENDS_WITH_PREFIX.test(block.content))) return block;
  const after = close + delimiter;
  const prefixed = delimiter === 0 ? null : ENDS_WITH_PREFIX.exec(block.content);
  if (prefixed !== null) return prefixAfterMath(markdown, block, prefixed, after);
  const window = markdown.slice(after, after + AFTER_WINDOW);
  // A unit symbol whose power is written in math of its own (`$0.3$ s$^{-1}$`) is read with it below.
  const m = AFTER.exec(window) ?? POWERED_WORD.exec(window);
  if (m === null) return block;
  const word = m[1]!.replace(/[.]+$/, '');
  if (!unitWord(word)) return block;
  const from = after + m[0].indexOf(word);
  // A compound unit whose powers are written in math of their own (`$7.8$ J mol$^{-1}$ K$^{-1}$`).
  const atoms = word === '°' || word === '%' ? undefined : poweredAtoms(markdown, from + word.length);
  const more =
    atoms !== undefined && parseUnit(`${word}${atoms.text}`.replace(/\\,/g, ' ')).ok ? atoms : undefined;
  const unitText = more === undefined ? word : `${word}${more.text}`;
  const text = unitTex(word, unitText);
  const end = block.content.length;
  const unit = { start: end, end, text, from, to: more === undefined ? from + word.length : more.to };
  // A ratio takes the unit whole: `1/600` mm is (1/600) mm, not 1/(600 mm).
  const ratio = value![1]!.includes('/');
  if (!ratio) return rewrite(block, [unit]);
  const open = block.content.lastIndexOf(value![1]!);
  return rewrite(block, [
    { start: open, end: open, text: '(', from: block.offset + open, to: block.offset + open + 1 },
    { ...unit, text: `)${text}` },
  ]);
}

/** The closing of a box's math, then the unit word: `}$ km/s`, `} \\) eV`, `}$$ m`. */
const AFTER_BOX = /^\s*(?:\$\$?|\\\)|\\\])?/;

/**
 * The unit written after a box that closes its math (`$\boxed{14.44}$ km/s`: the writer boxed the
 * number and set the unit beside it), as TeX (`\,\mathrm{km/s}`); undefined when the word after it
 * does not read whole as a unit or is English (`in`, `as`). `close` is the offset of the box's `}`.
 */
export function unitAfterBox(markdown: string, close: number): string | undefined {
  const rest = markdown.slice(close + 1, close + 1 + AFTER_WINDOW);
  const delimiter = AFTER_BOX.exec(rest)![0];
  if (delimiter.trim() === '') return undefined;
  const m = AFTER.exec(rest.slice(delimiter.length));
  if (m === null) return undefined;
  const word = m[1]!.replace(/[.]+$/, '');
  return unitWord(word) ? unitTex(word) : undefined;
}

/** A word after math that reads whole as a unit and is not English (`in`, `as`, `at`). */
function unitWord(word: string): boolean {
  return word !== '' && !ENGLISH_UNITS.has(word) && parseUnit(word).ok;
}

/**
 * The TeX of a unit read after a value: `°` is `^\circ`, `%` is `\%` (TeX's comment sign otherwise),
 * anything else `\,\mathrm{…}` of `text` (the word with any powers read after it).
 */
function unitTex(word: string, text = word): string {
  return word === '°' ? '^\\circ' : word === '%' ? '\\%' : `\\,\\mathrm{${text}}`;
}

/** A unit symbol written after a space, with its power in math of its own or none (`mol$^{-1}$`, `K`). */
const POWERED_ATOM =
  /^(?:[ \t]+|\\,)?([A-Za-zµμΩ]{1,3})?(?:\$\s*\^\s*(?:\{\s*([-−]?\d)\s*\}|([-−]?\d))\s*\$)?/;

/** Math content that ends with a stated number and a unit prefix the unit's letters follow outside (`28\ \mu`). */
const ENDS_WITH_PREFIX = new RegExp(
  `${STATED_BEFORE}${NUMBER}(\\s*(?:\\\\[,;: ]|~)?\\s*\\\\(?:mu|micro)(?![A-Za-z])\\s*)$`,
);
/** The unit letters right after the closing delimiter (`$28\ \mu$m`), with no space. */
const PREFIXED_UNIT = /^([A-Za-z]{1,3})(?=[\s.,;:!?)\]]|$)/;

/**
 * `$28\ \mu$m`: a prefix written in math and its unit's letters right after the closing delimiter,
 * read as one unit (`28\,\mathrm{µm}`); the block unchanged when the letters after it do not make a
 * unit with it.
 */
function prefixAfterMath(
  markdown: string,
  block: MathBlock,
  prefixed: RegExpExecArray,
  after: number,
): MathBlock {
  const m = PREFIXED_UNIT.exec(markdown.slice(after, after + AFTER_WINDOW));
  if (m === null || !parseUnit(`µ${m[1]!}`).ok) return block;
  const start = block.content.length - prefixed[1]!.length;
  const end = block.content.length;
  return rewrite(block, [
    { start, end, text: `\\,\\mathrm{µ${m[1]!}}`, from: block.offset + start, to: after + m[1]!.length },
  ]);
}

/** A unit symbol right before its power written in math (`s$^{-1}$`). */
const POWERED_WORD = /^[ \t]*([A-Za-zµμΩ]{1,3})(?=\$\s*\^)/;

/**
 * The unit symbols that continue a unit word after `at` (`J` then ` mol$^{-1}$ K$^{-1}$`), as TeX
 * inside `\mathrm` (`^{-1}\,mol^{-1}\,K^{-1}`), with the answer offset where they end; undefined when
 * none carries a power written in math (`5$ m and then …` reads m alone). Each symbol must read as a
 * unit (the caller checks the whole).
 */
function poweredAtoms(markdown: string, at: number): { text: string; to: number } | undefined {
  let k = at;
  let text = '';
  let kept: { text: string; to: number } | undefined;
  for (let n = 0; n < 4; n++) {
    const m = POWERED_ATOM.exec(markdown.slice(k, k + AFTER_WINDOW));
    if (m === null || m[0] === '') break;
    const base = m[1];
    const power = m[2] ?? m[3];
    // A power alone belongs to the symbol before it; a symbol follows a space, or a power in math.
    if (base === undefined && (power === undefined || /^\s/.test(m[0]))) break;
    if (base !== undefined && (ENGLISH_UNITS.has(base) || !parseUnit(base).ok)) break;
    if (base !== undefined && !/^(?:[ \t]|\\,)/.test(m[0]) && !(n > 0 && kept?.to === k)) break;
    // It ends at a space or punctuation, or at the next symbol after its power (`g$^{-1}$K$^{-1}$`).
    const after = markdown.slice(k + m[0].length, k + m[0].length + 1);
    if (after !== '' && !/[\s.,;:!?)\]]/.test(after) && !(power !== undefined && /[A-Za-zµμΩ]/.test(after)))
      break;
    text += `${base === undefined ? '' : `\\,${base}`}${power === undefined ? '' : `^{${power.replace('−', '-')}}`}`;
    k += m[0].length;
    if (power !== undefined) kept = { text, to: k };
  }
  return kept;
}

/** Bare letters read as a unit after a stated value in plain text: SI symbols and the hour. */
const PLAIN_LETTERS: ReadonlySet<string> = new Set([...BARE_UNIT_LETTERS, 'h']);
/**
 * A unit symbol written bare, with its prefix and power: `m`, `s⁻¹`, `kg`, `krad`, `s^-2`, `K^{-1}`,
 * and a power written as bare digits after the letters (`m2`, `cm3`, `s-1`), as plain text writes it.
 */
const ATOM = '[A-Za-zµμΩ]{1,4}(?:\\^\\{?[-−]?\\d\\}?|\\^[-−]?\\d|[⁻¹²³]+|[-−]?[1-4](?![\\d.]))?';
/** Unit symbols written apart (`m s-2`, `kg·m2`): atoms joined by a space or a centred dot. */
const ATOMS = `${ATOM}(?:[ ·]${ATOM})*`;
/**
 * A stated value, a space, a bare unit (one letter, symbols with a negative power, or symbols over
 * a symbol or symbols in parentheses, `g/cm3`, `J/(kg·K)`) ending the statement.
 */
const PLAIN_VALUE = new RegExp(
  `(${STATED_BEFORE})(${NUMBER})([ \\t]+|\\\\[,;: ]|~)(${ATOMS}(?:/(?:\\(${ATOMS}\\)|${ATOM}))?)(?=\\s*(?:$|[,;)\\]=≈<>→⇒]|\\\\(?:approx|Rightarrow|to|quad|qquad)(?![a-zA-Z])))`,
  'g',
);

/**
 * A plain-text span (math found without delimiters) with its notation read as TeX ({@link
 * plainNotation}) and, when the problem's single-letter quantities are known, each bare unit after a
 * stated value read as that unit (`h ≈ 71 m` →
 * `h ≈ 71\,\mathrm{m}`, `t_m = 4.75 h`, `k = 0.12 h⁻¹`, `v = 20 m s⁻¹`): the unit follows a
 * relation's number and ends the statement. A single letter counts only when the problem does not
 * use it as a quantity (`quantities`: its single-letter symbols); symbols written apart count when
 * one carries a negative power (`m s⁻¹`, `J K⁻¹ mol⁻¹`; not `2 m g`, a product). `%` after a number
 * is percent. Unchanged when there is none.
 */
export function plainTextUnits(block: MathBlock, quantities: ReadonlySet<string> | undefined): MathBlock {
  const edits: Edit[] = plainNotation(block, quantities);
  if (quantities === undefined)
    return edits.length === 0
      ? block
      : rewrite(
          block,
          edits.sort((a, b) => a.start - b.start),
        );
  // `%` is TeX's comment sign; in plain text after a number it is percent (`η ≈ 59.4 %`).
  for (const m of block.content.matchAll(/(\d)[ \t]*(?<!\\)%/g)) {
    const start = (m.index ?? 0) + 1;
    const end = (m.index ?? 0) + m[0].length;
    edits.push({ start, end, text: '\\%', from: block.offset + start, to: block.offset + end });
  }
  if (/[\d⁰¹²³⁴⁵⁶⁷⁸⁹][ \t\\,;:~]+[A-Za-zµμΩ]/.test(block.content)) {
    // A value with its unit divided by another (`1.0×10⁻⁷ C / 1.602×10⁻¹⁹ C`): the ratio of the two
    // values, as its writer means it (TeX would divide by the number only and multiply by the unit).
    for (const m of block.content.matchAll(QUOTIENT)) {
      const units = [m[2]!, m[4]!].map((u) => quotientUnit(u, quantities));
      if (units.some((u) => u === undefined)) continue;
      const start = m.index ?? 0;
      const end = start + m[0].length;
      const text = `(${m[1]}\\,\\mathrm{${units[0]}})/(${m[3]}\\,\\mathrm{${units[1]}})`;
      edits.push({ start, end, text, from: block.offset + start, to: block.offset + end });
    }
    PLAIN_VALUE.lastIndex = 0;
    for (let m = PLAIN_VALUE.exec(block.content); m !== null; m = PLAIN_VALUE.exec(block.content)) {
      const unit = plainUnit(m[4]!, quantities);
      if (unit === undefined) continue;
      const start = m.index + m[1]!.length + m[2]!.length;
      const end = m.index + m[0].length;
      edits.push({
        start,
        end,
        text: `\\,\\mathrm{${unit}}`,
        from: block.offset + start,
        to: block.offset + end,
      });
    }
  }
  edits.sort((a, b) => a.start - b.start);
  const apart = edits.filter((e, i) => i === 0 || e.start >= edits[i - 1]!.end);
  return apart.length === 0 ? block : rewrite(block, apart);
}

/** A unit symbol with its power, as a quotient of values writes it (`C`, `kg`, `m²`, `s⁻¹`). */
const QUOTIENT_UNIT = '[A-Za-zµμΩ]{1,3}(?:[⁻¹²³]+|\\^\\{?[-−]?\\d\\}?)?';
/** Two values with units, one divided by the other (`1.0×10⁻⁷ C / 1.602×10⁻¹⁹ C`, `12 J / 3.0 s`). */
const QUOTIENT = new RegExp(
  `(?<![\\w.^{])(${NUMBER})[ \\t]+(${QUOTIENT_UNIT})[ \\t]*/[ \\t]*(${NUMBER})[ \\t]+(${QUOTIENT_UNIT})(?=$|[\\s,;)\\]=≈<>])`,
  'g',
);

/**
 * The TeX of one unit of a quotient of values: a single letter only when it is a plain unit letter the
 * problem does not use as a quantity (as {@link plainUnit} reads it), a longer word only when the unit
 * table reads it whole and it is no English word.
 */
function quotientUnit(written: string, quantities: ReadonlySet<string>): string | undefined {
  const m = /^([A-Za-zµμΩ]+)(.*)$/.exec(written);
  if (m === null) return undefined;
  const [base, power] = [m[1]!, m[2]!];
  if (base.length === 1 ? !PLAIN_LETTERS.has(base) || quantities.has(base) : ENGLISH_UNITS.has(base))
    return undefined;
  if (!parseUnit(base).ok) return undefined;
  return `${base}${power === '' ? '' : unicodePower(power)}`;
}

/** A unit word after a number in plain text (`MV/m`, `mL/s`, `m/s²`, `kW/m³`). */
const PLAIN_UNIT_WORD = '[A-Za-zµμΩ°%][A-Za-zµμΩ/²³⁻¹·^0-9]*';
/** A value with its unit, then the same value in other units in parentheses (`1 MV/m (10⁶ V/m)`). */
const RESTATED = new RegExp(
  `(?<=${NUMBER}[ \\t]*(${PLAIN_UNIT_WORD}))[ \\t]*\\([ \\t]*(?:≈|=|~|i\\.e\\.,?)?[ \\t]*((?:10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|${NUMBER})[ \\t]*(${PLAIN_UNIT_WORD}))[ \\t]*\\)`,
  'g',
);

/** Function names plain text writes without a backslash (`ln(b/a)`, `arctan(x)`, `cos θ`). */
const PLAIN_FUNCTION =
  /(?<![\\A-Za-z_])(arcsin|arccos|arctan|arcsinh|arccosh|arctanh|sinh|cosh|tanh|coth|sech|csch|sin|cos|tan|cot|sec|csc|ln|log|exp|sqrt)(?![A-Za-z])/g;
/** Combining accents plain text puts on a symbol, and the command each one is. */
const ACCENTS: Record<string, string> = {
  '\u0304': 'bar',
  '\u0305': 'bar',
  '\u0307': 'dot',
  '\u0308': 'ddot',
  '\u0302': 'hat',
  '\u20d7': 'vec',
};
/** A letter followed by a combining accent (`V̄`, `x̂`). */
const ACCENTED = /([A-Za-zα-ωΑ-Ω])([\u0304\u0305\u0307\u0308\u0302\u20d7])/g;
/** Letters written with a dot above as one character (`ṁ`, `ẋ`): a time derivative. */
const DOTTED = /[ṁẋẏżṙṗṅṄẊẎṖṘ]/g;

/**
 * A subscript word written without braces: three or more lower-case letters (`θ_opt`, `ω_max`,
 * `v_rms`), or `cm`, `th`, `eq`. `k_BT` stays k_B·T and `m_ec²` stays m_e·c², as their writers mean.
 */
const PLAIN_SUBSCRIPT = /(?<=[A-Za-zα-ωΑ-Ω])_([a-z]{3,}|cm|th|eq)(?![A-Za-z{])/g;
/** A Latin letter with two lower-case letters after `_` (`V_bi`): one subscript where the problem names it so. */
const PLAIN_PAIR = /(?<![A-Za-z\\])([A-Za-z])_([a-z]{2})(?![A-Za-z{])/g;

/**
 * A letter written with its index as plain digits (`V0`, `D1`, `ω0`, `θ2` after `sin`): the index is a
 * subscript, as in every plain-text answer (TeX would read `V0` as V·0). Not inside a word (`CO2`,
 * `H2O`), not `t1/2` (a half-life's own index), and after a number not a unit letter with a power
 * (`5 m2`; `0.2 V0` is V₀: no unit has the power 0).
 */
const PLAIN_INDEX =
  /(?:(?<=(?:sin|cos|tan|cot|sec|csc|ln|log|exp))|(?<![A-Za-zα-ωΑ-Ω0-9\\_^.'′]))([A-Za-zα-ωΑ-Ω])(\d{1,2})(?![A-Za-z0-9.]|\/\d)/g;

/**
 * Plain-text notation read as TeX reads its LaTeX: a bare function name is the function
 * (`ln(8R/a)` → `\ln(8R/a)`, `arctan(v₀/…)`, `cos 2β`), as every reader of plain text takes it (TeX
 * would set l·n), a subscript word is one subscript (`θ_opt` → `θ_{opt}`, TeX would subscript only
 * the o), and so is a two-letter word where the problem names the symbol with it (`V_bi` for the
 * problem's `V_{\text{bi}}`, in `names`; `m_ec²` stays m_e·c²), and a letter's plain digits are its
 * index (`V0` → `V_{0}`). Only for plain text: inside `$…$`, or on a line written in LaTeX commands,
 * the writer's LaTeX is read as written.
 */
function plainNotation(block: MathBlock, names: ReadonlySet<string> | undefined): Edit[] {
  const edits: Edit[] = [];
  // A letter with a combining accent (`V̄`, `ẋ`) is that accent's command (`\bar{V}`, `\dot{x}`).
  for (const m of block.content.matchAll(ACCENTED)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const text = `\\${ACCENTS[m[2]!]}{${m[1]}}`;
    edits.push({ start, end, text, from: block.offset + start, to: block.offset + end });
  }
  for (const m of block.content.matchAll(DOTTED)) {
    const start = m.index ?? 0;
    const base = m[0].normalize('NFD')[0]!;
    edits.push({
      start,
      end: start + 1,
      text: `\\dot{${base}}`,
      from: block.offset + start,
      to: block.offset + start + 1,
    });
  }
  // A raw LaTeX line (`\kappa = \frac{\sqrt{2m_ec^2(V_0 - E)}}{\hbar c}`) is read as TeX reads it.
  if (/\\[A-Za-z]/.test(block.content)) return edits;
  // A value restated in other units in parentheses (`E ≈ 1 MV/m (10⁶ V/m)`, `0.07 L/s (≈ 70 mL/s)`) is a
  // link of a chain: `E ≈ 1 MV/m ≈ 10⁶ V/m`, each link read (TeX would multiply by the parentheses).
  for (const m of block.content.matchAll(RESTATED)) {
    // Both units must read as units (`8a/(27Rb)` is a quotient, not 8 a/ restated).
    if (![m[1], m[3]].every((u) => parseUnit(u!).ok && !ENGLISH_UNITS.has(u!))) continue;
    const start = m.index ?? 0;
    const end = start + m[0].length;
    edits.push({ start, end, text: ` ≈ ${m[2]}`, from: block.offset + start, to: block.offset + end });
  }
  for (const m of block.content.matchAll(PLAIN_FUNCTION)) {
    const start = m.index ?? 0;
    edits.push({ start, end: start, text: '\\', from: block.offset + start, to: block.offset + start });
  }
  for (const m of block.content.matchAll(PLAIN_INDEX)) {
    const afterNumber = /\d[ \t]*$/.test(block.content.slice(Math.max(0, (m.index ?? 0) - 8), m.index));
    if (afterNumber && m[2] !== '0' && parseUnit(m[1]!).ok) continue;
    const start = (m.index ?? 0) + 1;
    const end = start + m[2]!.length;
    edits.push({ start, end, text: `_{${m[2]}}`, from: block.offset + start, to: block.offset + end });
  }
  for (const m of block.content.matchAll(PLAIN_SUBSCRIPT)) {
    const start = (m.index ?? 0) + 1;
    const end = start + m[1]!.length;
    edits.push({ start, end, text: `{${m[1]}}`, from: block.offset + start, to: block.offset + end });
  }
  if (names !== undefined && names.size > 0)
    for (const m of block.content.matchAll(PLAIN_PAIR)) {
      if (!names.has(`${m[1]}_${m[2]}`)) continue;
      const start = (m.index ?? 0) + 2;
      const end = start + 2;
      edits.push({ start, end, text: `{${m[2]}}`, from: block.offset + start, to: block.offset + end });
    }
  return edits;
}

/**
 * The TeX of a bare plain-text unit (`m`, `h⁻¹`, `m s⁻¹`, `m2`, `cm3`, `J/(kg·K)`), or undefined when
 * it is not read as one.
 */
function plainUnit(written: string, quantities: ReadonlySet<string>): string | undefined {
  // Symbols over symbols (`J/(kg·K)`, `W/(m2 K)`, `g/cm3`): each part read as unit symbols.
  const quotient = /^([^/]+)\/\((.+)\)$/.exec(written) ?? /^([^/]+)\/([^/()]+)$/.exec(written);
  if (quotient !== null) {
    const [top, bottom] = [quotient[1]!, quotient[2]!].map((part) => unitAtoms(part, quantities));
    if (top === undefined || bottom === undefined) return undefined;
    return bottom.includes('\\,') ? `${top}/(${bottom})` : `${top}/${bottom}`;
  }
  const atoms = atomsOf(written);
  if (atoms.length === 1) {
    const { base, power } = atoms[0]!;
    // A symbol of several letters with its power (`cm3`, `km2`), which TeX would read as a product.
    const powered = base.length > 1 && power !== '' && !ENGLISH_UNITS.has(base) && parseUnit(base).ok;
    if (!powered && (!PLAIN_LETTERS.has(base) || quantities.has(base))) return undefined;
    return `${base}${power === '' ? '' : unicodePower(power)}`;
  }
  if (!atoms.some((a) => /[-−⁻]/.test(a.power))) return undefined;
  return unitAtoms(written, quantities);
}

/** The unit symbols of a plain-text unit written apart (`m s-2`), each split into letters and power. */
function atomsOf(written: string): { base: string; power: string }[] {
  return written.split(/[ ·]/).map((a) => {
    const m = /^([A-Za-zµμΩ]+)(.*)$/.exec(a)!;
    return { base: m[1]!, power: m[2]! };
  });
}

/**
 * Unit symbols written apart (`m s-2`, `kg·K`) as TeX inside `\\mathrm` (`m\\,s^{-2}`): each must read
 * as a unit and be no English word, and a single letter no quantity the problem names.
 */
function unitAtoms(written: string, quantities: ReadonlySet<string>): string | undefined {
  const atoms = atomsOf(written);
  const unit = (a: { base: string }) =>
    parseUnit(a.base).ok &&
    !ENGLISH_UNITS.has(a.base) &&
    (a.base.length > 1 || (PLAIN_LETTERS.has(a.base) && !quantities.has(a.base)) || atoms.length > 1);
  if (!atoms.every(unit)) return undefined;
  return atoms.map((a) => `${a.base}${a.power === '' ? '' : unicodePower(a.power)}`).join('\\,');
}

/** A unit's power as TeX reads it inside the unit: `⁻¹`, `^-1`, `^{-1}` → `^{-1}`. */
function unicodePower(power: string): string {
  const digits: Record<string, string> = { '⁻': '-', '−': '-', '¹': '1', '²': '2', '³': '3' };
  return `^{${[...power.replace(/[\^{}]/g, '')].map((c) => digits[c] ?? c).join('')}}`;
}

/** The block with `edits` applied (in order, not overlapping), and its map back to the answer. */
function rewrite(block: MathBlock, edits: readonly Edit[]): MathBlock {
  let content = '';
  const map: number[] = [];
  let k = 0;
  for (const e of edits) {
    for (; k < e.start; k++) {
      content += block.content[k];
      map.push(block.offset + k);
    }
    const span = Math.max(1, e.to - e.from);
    for (let j = 0; j < e.text.length; j++) map.push(e.from + Math.floor((j * span) / e.text.length));
    content += e.text;
    k = e.end;
  }
  for (; k < block.content.length; k++) {
    content += block.content[k];
    map.push(block.offset + k);
  }
  return { ...block, content, map };
}
