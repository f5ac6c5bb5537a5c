/**
 * Proposes PRiSM parameters for the bundled benchmark (a review aid, not part of the package): for
 * every problem, each constants-map or witness key that the text states as `$SYM = NUMBER\ UNIT$`
 * (and that is no physical constant: its SI value is not a CODATA/standard value) becomes a parameter
 * named after its symbol, ranging ±30 % at the figures written, its number in the text replaced by a
 * `{{name}}` placeholder. Keys the text never states (algebraic problems) become parameters without
 * placeholders (SI values, ±30 %), for the code-synthesis task. Prints a report; `--write` rewrites
 * data/benchmark/*.json. Problems that already have parameters are left alone.
 *
 *   npx tsx scripts/propose-parameters.ts [--write]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundFigures } from '../src/dag/render-template.js';
import { prepareFormula } from '../src/equivalence/index.js';
import { unitScale } from '../src/instances/unit-scale.js';
import { expressionValue } from '../src/score/numeric-answer.js';

const DIR = 'data/benchmark';
/** SI values of physical constants a problem may restate; never varied. */
const PHYSICAL = [
  6.626e-34, 1.0546e-34, 2.998e8, 9.109e-31, 1.602e-19, 1.381e-23, 5.67e-8, 8.314, 9.8, 9.81, 1.327e20,
  2.179e-18, 1.673e-27, 1.6605e-27, 8.854e-12, 1.2566e-6, 6.674e-11, 6.022e23,
];
const isPhysical = (v: number): boolean => PHYSICAL.some((c) => Math.abs(v - c) <= 0.003 * Math.abs(c));

const NUM = String.raw`[-+]?\d+(?:\.\d+)?(?:\\times\s*10\^\{?-?\d+\}?)?`;

function nameOf(symbol: string): string {
  return symbol
    .replace(/\\tilde\{\\?(\w+)\}/, '$1_tilde')
    .replace(/'/g, '_prime')
    .replace(/\\(text|mathrm)\{([^}]*)\}/g, '$2')
    .replace(/\\/g, '')
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .replace(/_$/, '');
}

function figuresOf(written: string): number {
  const mantissa = written.replace(/\\times.*/, '').replace(/^[-+]/, '');
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  return Math.max(1, digits.length);
}

function writtenValue(written: string): number {
  const m = /^([-+]?\d+(?:\.\d+)?)(?:\\times\s*10\^\{?(-?\d+)\}?)?$/.exec(written.replace(/\s/g, ''));
  return m === null ? Number.NaN : Number(`${m[1]}e${m[2] ?? 0}`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// biome-ignore lint/suspicious/noExplicitAny: a review script editing untyped JSON in place
type Json = Record<string, any>;
const write = process.argv.includes('--write');
for (const file of readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const path = join(DIR, file);
  const problems = JSON.parse(readFileSync(path, 'utf8')) as Json[];
  for (const p of problems) {
    if (p.parameters !== undefined) continue;
    const constants: Record<string, string> = p.constants ?? {};
    const witness: Record<string, number> = p.witness?.[0] ?? {};
    const si = new Map<string, number>();
    for (const [k, v] of Object.entries(constants)) {
      const x = expressionValue(prepareFormula(v, { constants }));
      if (x !== undefined) si.set(k, x);
    }
    for (const [k, v] of Object.entries(witness)) si.set(k, v);
    const parameters: Json[] = [];
    const notes: string[] = [];
    for (const [symbol, value] of si) {
      if (isPhysical(value)) {
        notes.push(`${symbol}: physical constant, fixed`);
        continue;
      }
      const name = nameOf(symbol);
      // `$SYM = NUMBER\ UNIT$` (or `… = NUMBER\ UNIT$` at the end of a chain starting with SYM).
      const re = new RegExp(
        String.raw`\$(\s*${escapeRegExp(symbol)}\s*=(?:[^$=]*=)?\s*)(${NUM})(\s*(?:\\[ ,]|~)\s*([^$]+?)|(\^\\circ))?\s*\$`,
      );
      const m = re.exec(p.context);
      const unitText = m === null ? '' : (m[4] ?? m[5] ?? '').trim();
      const scaleText = unitScale(unitText);
      const stated =
        m !== null &&
        scaleText !== undefined &&
        Math.abs(writtenValue(m[2]!) * scaleText - value) <= 1e-9 * Math.abs(value);
      if (!stated) {
        if (constants[symbol] !== undefined) {
          notes.push(`${symbol}: in the constants map but not stated in the context; fixed`);
          continue;
        }
        const fig = [1, 2, 3, 4, 5, 6].find((f) => roundFigures(value, f) === value);
        if (fig === undefined) {
          notes.push(
            `${symbol}: witness value ${value} has more than 6 figures (a derived quantity?); fixed`,
          );
          continue;
        }
        parameters.push({
          name,
          symbol,
          value,
          min: roundFigures(value * 0.7, fig),
          max: roundFigures(value * 1.3, fig),
          figures: fig,
        });
        continue;
      }
      if (m === null) continue;
      const written = m[2]!;
      const unit = (m[4] ?? m[5] ?? '').trim();
      const scale = unitScale(unit);
      const shown = writtenValue(written);
      if (scale === undefined || Math.abs(shown * scale - value) > 1e-9 * Math.abs(value)) {
        notes.push(
          `${symbol}: text says ${written} ${unit} (${shown * (scale ?? Number.NaN)} SI) ≠ ${value}; fixed`,
        );
        continue;
      }
      const fig = figuresOf(written);
      const integer = /^\d+$/.test(written) && unit === '' && shown < 100;
      const lo = Math.min(shown * 0.7, shown * 1.3);
      const hi = Math.max(shown * 0.7, shown * 1.3);
      const param: Json = { name, symbol, value: shown };
      if (integer) Object.assign(param, { min: Math.max(1, shown - 2), max: shown + 2, integer: true });
      else Object.assign(param, { min: roundFigures(lo, fig), max: roundFigures(hi, fig), figures: fig });
      if (unit !== '') param.unit = unit;
      parameters.push(param);
      const whole = m[0];
      const replaced = `$${m[1]}{{${name}}}$`;
      p.context = p.context.replace(whole, replaced);
      // The same statement repeated in a sub-question (`$\ell = 1.0$ m`).
      for (const s of p.subquestions ?? []) {
        s.subproblem = s.subproblem.replace(whole, replaced);
      }
    }
    const placeholders = (p.context.match(/\{\{/g) ?? []).length;
    console.log(
      `${p.id}: ${parameters.length} parameter(s), ${placeholders} placeholder(s) — ${parameters.map((x) => `${x.name}=${x.value}${x.unit ?? ''}`).join(', ')}`,
    );
    for (const n of notes) console.log(`    ${n}`);
    if (parameters.length > 0) {
      p.parameters = parameters;
      p.constraints = p.constraints ?? [];
    }
  }
  if (write) writeFileSync(path, `${JSON.stringify(problems, null, 2)}\n`);
}
