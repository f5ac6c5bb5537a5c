import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';

// Final-answer cases written for this check (not taken from any graded set): an answer text, the
// problem's expected final answers, the verdict an expert grader gives and why. Both directions:
// right answers the old check rejected (several parts, no boxes, other units or digits) and wrong
// ones that merely look final (revised intermediates, wrong last values, neighbouring values).
interface Case {
  readonly id: string;
  readonly problem: Partial<Problem> & {
    readonly subquestions?: readonly { letter: string; final_answer: string[]; final_answer_form: string }[];
  };
  readonly response: string;
  readonly expected: boolean;
  readonly why: string;
  /**
   * The class a row of `final-answer-classes.jsonl` exercises: 1–10 the issue-21 classes, 11 a value in
   * other units (converted by dimension), 12 the precision a value is read to, 13 a chain whose last
   * member disagrees with an earlier one, 14 a standard constant in another notation (ħ for h, k_B for
   * k, Coulomb's k for 1/(4πε₀)), 15 a scaling answer (`\sim`, `\propto`) where the problem asks for a
   * scaling, 16 a relation between givens the reference states (`MR = mr`), 17 a whole number written in
   * groups of three digits (`64,100`, `2{,}260{,}000`, `6\,563`), 18 a problem asking for an estimate
   * (`v_0 \sim X` states the estimate X, compared exactly), 19 an astronomical mark written after its
   * symbol (`L \odot` for L_⊙), 20 a maximum or minimum asked, stated under the decorated name (`\mu_{\max}`), 21 zero
   * stated in words ("Zero —", "the offset is zero."); 30 a lone value closing a part after the statement
   * of its quantity (the declared value decides), 31 a bare expression against a reference written as a
   * chain (its last member is the value), 32 a unit the problem gives its data in is not the unit a
   * reference without units is in (only a unit it asks in is), 33 a sub-question that boxes one lone value
   * has declared it (the final nodes met in its working do not rescue a wrong box), 34 a closing summary
   * after the last part restates an earlier part's quantity (its statement there concludes that part:
   * the final nodes met in the working do not rescue a wrong restatement), 40 a closing list that
   * restates each quantity on its own line (the part's mark repeated per quantity, or an unmarked
   * numbered list; a condition such as "when θ₀ = 0" states no answer), 41 lone boxed values after a
   * part's working, one per quantity it asks, are its declared answers, 42 a lone value in degrees
   * (`\text{°}`, `\degree`, `°`) closing the answer is its final value; 35 a unit written around the
   * math (powers in math of their own, `$7.8$ J mol$^{-1}$ K$^{-1}$`; a prefix inside it, `$28\ \mu$m`; a percent sign after it, `$\eta = 42$ %`),
   * 37 a
   * value restated in other units in parentheses in plain text, 38 a value stated in the closing prose
   * after all the math, 39 a percentage where the problem asks in percent, 43 an expression offered
   * after 'or'/'to' in plain text is a hedge, 44 opposite values closing the answer where equal values
   * are asked, 45 an acceleration given in g units where an acceleration is asked (a gram where a mass
   * is), 47 a markdown table of the parts (`| (a) | $v$ | $3.2$ m/s |`: a row states its value, of the
   * quantity a cell names), 48 a final answer in a plain code fence (program code in a fence is not
   * read), 49 a value declared in words ("The final answer is $…$. I hope it is correct."), 50 an
   * expression alone on the closing line of an algebraic answer, 51 a part asking several quantities
   * answered by as many lone boxes (a quantity none of them gives is wrong, whatever the working met),
   * 52 a plain-text expression with Unicode powers, indices and roots but no digit (`(a_A c²)/(c² +
   * a_A L₀)`, `√nₛ`, `√(gL)`) after a label, 53 a plain-text unit symbol with a prefix (`krad s⁻¹`,
   * `J kmol⁻¹`) after the closing value, 54 arithmetic a chain shows before the number it states is
   * the answer's value only when it gives that number, 55 a value with its unit divided by another in
   * plain text (`1.4×10⁻⁹ C / 1.602×10⁻¹⁹ C`) is their ratio, 56 a relation in a parenthesised aside in
   * plain text (`(|Q| = 1.19 MeV, absorbed)`) is a statement of its own, 57 an equation number
   * (`\tag{1}`, `\qquad (2)`), an `\item` or `\text{Answer: }` around the closing value, 58 `\item[(a)]`
   * marking the parts, 59 numbers in programming notation (`1.85*10^(10) Bq`, `1.85E10`), 60 the
   * magnitude of a vector (`|\vec{F}|`) for the quantity F (not for a component), 61 a chain writing its
   * unit once at the end (`\lambda = 72.94 \approx 72.9\,\mathrm{nm}`) after an SI statement of the
   * value, 62 a power of ten after a middle dot (`9.13·10⁻³⁵ J s`), 63 a chain whose last link rounds
   * the value past the allowance (`x = 3.21\,\mathrm{m} \approx 3\,\mathrm{m}`), 64 a reference written
   * inside `\boxed{}` against a bare boxed value, 71 formulas after a wrong conclusion that state
   * nothing of the quantity (`x = 1`, `v \propto \sqrt{h}`, an identity, another quantity, a placeholder
   * `v = \ldots`) do not hide it from the final nodes the working met before it, 72 the members of one
   * set (`k = X \text{ or } 2X`, `\gamma = 0.8 \text{ or } 2(0.8)`) are a hedge after an earlier
   * statement in other variables too, 73 a hedge of a product with the quantity (`pc = X \text{ or } 2X`
   * for p) or of the quantity a boxed reference names leaves it unanswered, 74 a chain of candidates in
   * delimited math (`\boxed{N = \frac32\alpha = \frac12 X = X}`) is a hedge, 80 an expected zero is met
   * by a zero (or the floating-point residue of one, `\cos\frac{\pi}{2}`), not by a value tiny through
   * its units or constants (`0.816\hbar`, `2e`, `10^{-15}`), 81 a markdown table writing the unit in a
   * column of its own (`| Q | $-1.32\times10^{13}$ | μC |`: the value has that unit), 82 a letter's index in
   * plain digits in plain text (`v0`, `D1`, `sinθ1`: v_0, D_1, θ_1), 83 a unit set after a box that
   * closes its math (`$\boxed{14.44}$ km/s`) is the boxed value's, 84 arithmetic a chain shows before
   * the number it states (`Q = 4.2 × 3.1 = 1.30 C`) is working, not a second value of the quantity, 85 an
   * expression after a word of place or condition (`q' = -\frac{R}{d}q, \quad\text{located at } \frac{R^2}{d}`)
   * is where the statement holds, not another member of its set, 86 two members of one set in the same
   * variables that Algorithm 1 finds different (`m(R/a)^2, \text{i.e. } mR^3/a^3`) are a hedge, whatever
   * their ratio; 91 boxes side by side or overprinted
   * (`\hspace{-100em}`, `\kern`, `\mkern`, `\mspace`, `\llap`, `\mathrlap` between them) are each read,
   * so two candidates for one quantity are a hedge, 92 an answer that defines LaTeX macros (`\def`,
   * `\newcommand`, `\renewcommand`, `\let`) is not read, 93 part marks a one-part question does not ask
   * (`(a) v = 2X (b) v = X/2 (c) v = X`) open no parts, 94 the question's part marks restated after the
   * answer (`(a) Find the speed $v$ …`) state nothing and leave the part to the answer's statements, 95
   * more statements of one quantity than are compared (400) are a flood, 96 a table column headed by
   * the quantity, or rows stating it, give it its values together, 97 a value in a footnote (`[^1]`,
   * `<sup>1</sup>`, `*(footnote: …)*`) is offered beside the one it annotates, 98 a symbol alone is a
   * value only where it closes its line (`$\theta_t$ lies between …` states nothing), 99 statements of one
   * quantity on lines of their own (or chains ending in them) are compared in every pair, so a first
   * one in other variables (`q = v`, then `q = 2X`, `q = X`) hides no hedge; a chain's end and a later
   * statement that differ are a slip only when prose and a later statement revise them, 101 a count of things is an
   * exact integer (not "how many times larger", not "how many metres"), 102 an integer reference of a
   * problem with exact data has no truncated decimals (an exact answer one unit off is wrong), 103 data
   * written as multiples of a symbol (`3a`) are exact, so the written precision governs, 104 a two-letter
   * subscript word in plain text (`V_bi`) is one subscript where the problem names the letter with it, 105
   * an angle stated through its tangent (`\tan\theta = X`) is a statement of the angle (the last one
   * concludes), 106 a closing count with a describing word before the problem's noun (`4 identical
   * resistors`), 107 a reference of a decimal coefficient times symbols (`2.72\,L`) graded on the
   * coefficient (and an answer's against an exact reference), 108 `e` to a plain number is Euler's number
   * unless the problem uses e as the charge, 111 a pure number asked as a ratio ("in units of $c$", "Find
   * $v/c$", "at what fraction of the initial mass") stated as a multiple of the symbol it is measured
   * against (`v = 0.6c`, `m = m_0/e`), 112 a plain-text unit with bare powers or over symbols in
   * parentheses (`m2`, `cm3`, `m s-2`, `J/(kg·K)`, `g/cm3`), 113 plain values in a markdown table's cells
   * (`| v | 3.2×10⁴ m/s |`, a unit column), 114 a bare value (bold, a table cell) before a later statement
   * of a value of the same dimension, in a part asking one quantity, is working that statement revises,
   * 115 an ideal gas's adiabatic index γ and R where the reference writes c_p or c_v (Mayer's relation),
   * 116 a lone symbol declared the answer ("The final answer is $c$. I hope it is correct.") is a value
   * though its line goes on, 127 an inline value after "with"/"at" and a quantity's name ("moving
   * downward with speed $…$", "at a speed of $9.0$ m/s"; a `\displaystyle` opening the math hides no
   * words), 128 the time a problem names with its own symbol ("for a time $\tau$") where the reference
   * writes the generic t, 126 a table of the problem's own data after the result (`| $a$ |
   * $100\ \mathrm{m}$ |`) is a remark: it neither defines the symbols of an earlier statement nor takes
   * the conclusion's place, 129 values under case labels the problem does not pose (`Case 2 (large
   * angles):`, `- if assumption 2 holds,`, `\text{(ideal case)}`, a `cases` environment over a condition
   * it never mentions) are a hedge, while cases it names are graded case by case and cases weighed and
   * then resolved leave the resolution to answer, 130 values offered as alternatives (`or`, `possibly`,
   * "(or roughly …)") are compared whatever their kinds (a number beside an expression, expressions in
   * other variables), and a bare number beside an expression whose symbols nothing gives a value is a
   * second value, 131 the answer a reasoning model shows after `</think>` commits to what it states: the
   * final nodes its thinking met do not rescue another value, 132 a formula of another quantity closing
   * the answer (a unit's size, a law in symbols after a numeric result, a new quantity in another
   * dimension or in symbols the problem does not have, a glossary of symbols) is not its conclusion,
   * while a revision of the asked quantity is; 36 (rows of their own) a number standing
   * in a hedge.
   */
  readonly class?: number;
}

// `final-answer-classes.jsonl`: rows written for the classes of issue 21 (math without delimiters,
// bare values, renamed quantities, …), each right answer beside its near misses.
const cases: Case[] = ['final-answer-cases.jsonl', 'final-answer-classes.jsonl'].flatMap((name) =>
  readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case),
);

function problemOf(c: Case): Problem {
  const subquestions = c.problem.subquestions?.map((s) => ({ ...s, subproblem: '', solution: '' }));
  return {
    ...c.problem,
    ...(subquestions === undefined ? {} : { subquestions }),
    id: c.id,
    // The problem text, when a row needs it (aliases and signs it declares).
    context: c.problem.context ?? '',
    // A row may carry its own DAG and witness (class 5: the reference solved forward).
    grading_standard: c.problem.grading_standard ?? [
      { index: 1, formula: '$$z = 1$$', dependency: [], is_final_answer: true },
    ],
  } as Problem;
}

const scorer = createScorer(cases.map(problemOf));

for (const c of cases) {
  test(`${c.id}: ${c.expected ? 'accepted' : 'rejected'} — ${c.why}`, () => {
    const record = scorer.scoreResponse(c.id, c.response);
    const detail = JSON.stringify(record.final_answer.answers);
    assert.equal(record.final_answer.explicit, c.expected, detail);
    // Classes 33, 34 and from 40 on are about the verdict with the final nodes: a declared wrong box, or a wrong
    // restatement in the closing summary or list, is not rescued by them.
    if (c.class === 33 || c.class === 34 || (c.class !== undefined && c.class >= 40))
      assert.equal(record.final_answer_correct, c.expected, detail);
  });
}

test('every class row has a near miss of its class', () => {
  const classes = new Set(cases.flatMap((c) => (c.class === undefined ? [] : [c.class])));
  for (const k of classes) {
    assert.ok(
      cases.some((c) => c.class === k && c.expected),
      `class ${k}: a right answer`,
    );
    assert.ok(
      cases.some((c) => c.class === k && !c.expected),
      `class ${k}: a near miss`,
    );
  }
});

test('the cases cover both directions', () => {
  assert.ok(cases.filter((c) => c.expected).length >= 8);
  assert.ok(cases.filter((c) => !c.expected).length >= 8);
});
