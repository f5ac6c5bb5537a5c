/**
 * Measures the numerical final-answer check (grader tolerance, units) on SciBench's physics answers:
 *   ../shared/peers/scibench-physics/{fund,class,thermo,quan}.json   (read at run time, not copied)
 * Each problem's reference (`answer_latex` with its `unit`) becomes the expected final answer of a
 * one-line numerical problem; answers are then fed back: the reference itself, the same value in SI
 * scientific notation, rounded to one figure fewer, one unit off in the last place (all to be
 * accepted), and 3%, 6%, ×10 off (to be rejected; 3% only when the reference has ≥ 3 figures, 6%
 * when it has ≥ 2: at one figure half a unit, the rounding interval itself, reaches 50%). A zero
 * reference is left out of the perturbations (0 × 1.06 = 0).
 * Usage: npx tsx scripts/scibench-final.ts [--list]
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../src/dag/types.js';
import { prepareFormula } from '../src/equivalence/index.js';
import { createScorer, expressionValue } from '../src/score/index.js';

const DIR = fileURLToPath(new URL('../../shared/peers/scibench-physics/', import.meta.url));
const FILES = ['fund', 'class', 'thermo', 'quan'];

interface Row {
  readonly answer_latex: string;
  readonly answer_number: string;
  readonly unit: string;
  readonly problemid?: string;
}

/** The reference as LaTeX: the number, then the unit (`10^6 \mathrm{~J}` read as a factor and a unit). */
function referenceLatex(row: Row): string | undefined {
  const number = row.answer_number.trim();
  if (!/^-?\d*\.?\d+(?:[eE][-+]?\d+)?$/.test(number)) return undefined;
  const unit = row.unit.replace(/\$/g, '').replace(/~/g, '').trim();
  if (unit === '') return number;
  if (unit === '%') return undefined;
  return unit.startsWith('10^') ? `${number}\\times ${unit}` : `${number}\\,${unit}`;
}

/** Significant figures written in a decimal string. */
function figures(number: string): number {
  const digits = number
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '');
  return Math.max(1, digits.length);
}

interface Variant {
  readonly name: string;
  readonly accept: boolean;
  /** The answer's LaTeX, or undefined when the variant does not apply to this reference. */
  readonly make: (row: Row, reference: string, si: number) => string | undefined;
}

const withUnitOf = (row: Row, reference: string, value: string): string =>
  reference.replace(row.answer_number.trim(), value);

const VARIANTS: readonly Variant[] = [
  { name: 'reference itself', accept: true, make: (_r, ref) => ref },
  {
    name: 'same value in SI, 6 figures',
    accept: true,
    make: (_r, _ref, si) => si.toExponential(5).replace(/e\+?(-?\d+)/, '\\times10^{$1}'),
  },
  {
    name: 'rounded to one figure fewer',
    accept: true,
    make: (r, ref) => {
      const n = Number(r.answer_number);
      const f = figures(r.answer_number.trim());
      return f < 3 ? undefined : withUnitOf(r, ref, Number(n.toPrecision(f - 1)).toString());
    },
  },
  ...[3, 1].map(
    (least): Variant => ({
      name:
        least === 3 ? 'one unit off in the last place, ≥ 3 fig.' : 'one unit off in the last place, 1–2 fig.',
      accept: true,
      make: (r, ref) => {
        const text = r.answer_number.trim();
        const f = figures(text);
        if (/[eE]/.test(text) || (least === 3 ? f < 3 : f >= 3)) return undefined;
        const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
        return withUnitOf(r, ref, (Number(text) + 10 ** -decimals).toFixed(decimals));
      },
    }),
  ),
  {
    name: '3% off (≥ 3 figures)',
    accept: false,
    make: (r, ref) =>
      figures(r.answer_number.trim()) < 3
        ? undefined
        : withUnitOf(r, ref, (Number(r.answer_number) * 1.03).toPrecision(figures(r.answer_number.trim()))),
  },
  {
    name: '6% off (≥ 2 figures)',
    accept: false,
    make: (r, ref) =>
      figures(r.answer_number.trim()) < 2
        ? undefined
        : withUnitOf(
            r,
            ref,
            (Number(r.answer_number) * 1.06).toPrecision(Math.max(3, figures(r.answer_number.trim()))),
          ),
  },
  {
    name: '×10 off',
    accept: false,
    make: (r, ref) =>
      withUnitOf(
        r,
        ref,
        (Number(r.answer_number) * 10).toPrecision(Math.max(3, figures(r.answer_number.trim()))),
      ),
  },
];

function main(): void {
  if (!existsSync(DIR)) {
    console.log(`${DIR} is absent (only CI and developer machines have it); nothing measured`);
    return;
  }
  const list = process.argv.includes('--list');
  const problems: Problem[] = [];
  const refs: { id: string; row: Row; latex: string; si: number }[] = [];
  let unreadable = 0;
  let total = 0;
  for (const file of FILES) {
    const rows = JSON.parse(readFileSync(`${DIR}${file}.json`, 'utf8')) as Row[];
    rows.forEach((row, i) => {
      total++;
      const latex = referenceLatex(row);
      const si = latex === undefined ? undefined : expressionValue(prepareFormula(latex));
      if (latex === undefined || si === undefined) {
        unreadable++;
        if (list) console.log(`unreadable ${file}#${i}: ${row.answer_latex} [${row.unit}]`);
        return;
      }
      const id = `${file}-${i}`;
      problems.push({
        id,
        context: '',
        final_answer: [latex],
        final_answer_form: 'numerical',
        grading_standard: [{ index: 1, formula: '$$z = 1$$', dependency: [], is_final_answer: true }],
      });
      refs.push({ id, row, latex, si });
    });
  }
  const scorer = createScorer(problems);
  console.log(
    `SciBench physics: ${total} problems, ${refs.length} numerical references read, ${unreadable} not (symbolic, percent or unknown unit)`,
  );
  console.log('variant                              should   agree / applicable');
  let agree = 0;
  let applicable = 0;
  for (const v of VARIANTS) {
    let ok = 0;
    let n = 0;
    for (const ref of refs) {
      const answer = ref.si === 0 && !v.accept ? undefined : v.make(ref.row, ref.latex, ref.si);
      if (answer === undefined) continue;
      n++;
      const verdict = scorer.scoreResponse(ref.id, `So the result is $$${answer}$$`).final_answer.explicit;
      if (verdict === v.accept) ok++;
      else if (list)
        console.log(`  ${v.name}: ${ref.id} reference ${ref.latex} answer ${answer} → ${String(verdict)}`);
    }
    agree += ok;
    applicable += n;
    console.log(
      `${v.name.padEnd(36)} ${(v.accept ? 'accept' : 'reject').padEnd(8)} ${`${ok} / ${n}`.padStart(11)}  (${((100 * ok) / Math.max(1, n)).toFixed(1)}%)`,
    );
  }
  console.log(`TOTAL ${agree} / ${applicable} (${((100 * agree) / applicable).toFixed(1)}%)`);
}

main();
