/**
 * "Fresh" answers for the speed benchmarks: the bundled answers (data/answers) and the real PRISM
 * answers (../shared/peers/prism-physics), perturbed with a seeded PRNG so that a scorer has never
 * seen their formulas — as an RL trainer's rollouts. Inside every math block, each number with a
 * decimal point or of two or more digits is nudged by a relative 1e-9 (1.5 → 1.5000000013), so
 * the canonical texts (and every cache key) change while verdicts stay within the checker's 1e-6
 * tolerance; spaces before `=` and `+` are varied (a new raw-LaTeX cache key, the same canonical
 * text). Formulas without numbers keep their canonical text: those are cache hits a real trainer
 * gets too, and the benchmarks print the hit rates.
 */
import { fileURLToPath } from 'node:url';
import { createPrng, type Prng } from '../src/core/prng.js';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { readResponses } from '../src/dataset/read-responses.js';

/** An answer to score. */
export interface Answer {
  readonly problemId: string;
  readonly text: string;
  /** The answer's id in its file, when it has one. */
  readonly id?: string;
}

/** Problems and answers of one source. */
export interface AnswerSet {
  readonly problems: Problem[];
  readonly answers: Answer[];
}

const MATH = /\$\$[\s\S]*?\$\$|\\\[[\s\S]*?\\\]|\$[^$\n]+\$/g;

/**
 * A number to nudge: a decimal or an integer of two or more digits, whole (not preceded by a digit
 * or '.', nor followed by a digit, a decimal part or `}`, so a match never starts or ends inside
 * `1.986`), and not an index or exponent (`_{12}`, `^{10}`, `^2`), a command's argument
 * (`\frac12`) or part of a name. A number opening a group (`{1.986\times…}`) is nudged whole.
 */
const NUMBER = /(?<![\\a-zA-Z_^\d.])(?<![_^]\{)(\d+\.\d+|\d{2,})(?![\d}]|\.\d)/g;

function nudgeNumber(prng: Prng, literal: string): string {
  const x = Number(literal);
  if (!Number.isFinite(x) || x === 0) return literal;
  const y = x * (1 + (1 + prng.next()) * 1e-9);
  return String(Number(y.toPrecision(12)));
}

/** One perturbed copy of an answer (seeded by `seed`). */
export function perturb(text: string, seed: string): string {
  const prng = createPrng(seed);
  return text.replace(MATH, (block) =>
    block
      .replace(NUMBER, (n) => nudgeNumber(prng, n))
      .replace(/ (?=[=+])/g, () => (prng.next() < 0.5 ? '  ' : ' ')),
  );
}

/**
 * The harsh freshening: a cancelling factor `\cdot\frac{K_{n}}{K_{n}}` before every `=` of every math
 * block, with n unique per answer (`tag`), so every formula with an `=` is new to every cache (answer
 * formulas, pair verdicts, fingerprints) while its meaning is unchanged. A chain `a = b = c` gets the
 * factor on each member but the last.
 */
export function harshen(text: string, tag: string): string {
  const factor = `\\cdot\\frac{K_{${tag}}}{K_{${tag}}}`;
  return text.replace(MATH, (block) => block.replace(/(?<![\\<>!:])=/g, () => `${factor}=`));
}

/** Every answer harshened once, tags `<prefix><index>`. */
export function harshAnswers(answers: readonly Answer[], prefix = 'h'): Answer[] {
  return answers.map((a, i) => ({ problemId: a.problemId, text: harshen(a.text, `${prefix}${i}`) }));
}

/** `copies` perturbed copies of every answer, seeds `fresh-<copy>-<index>`. */
export function freshAnswers(answers: readonly Answer[], copies: number): Answer[] {
  const out: Answer[] = [];
  for (let c = 0; c < copies; c++)
    answers.forEach((a, i) => {
      out.push({ problemId: a.problemId, text: perturb(a.text, `fresh-${c}-${i}`) });
    });
  return out;
}

/** The bundled benchmark and its graded answers. */
export function bundledAnswers(): AnswerSet {
  const root = new URL('../data/', import.meta.url);
  const { problems } = loadDataset(fileURLToPath(new URL('benchmark/', root)));
  const ids = new Set(problems.map((p) => p.id));
  const answers = readResponses(fileURLToPath(new URL('answers/', root)))
    .responses.filter((r) => ids.has(r.problem_id))
    .map((r) => ({ problemId: r.problem_id, text: r.response, id: r.response_id }));
  return { problems, answers };
}

/** The 12 real PRISM answers, or undefined when ../shared is absent. */
export function realAnswers(): AnswerSet | undefined {
  const shared = fileURLToPath(new URL('../../shared/peers/prism-physics/', import.meta.url));
  let dataset: ReturnType<typeof loadDataset>;
  try {
    dataset = loadDataset(`${shared}dag_02_subset.json`);
  } catch {
    return undefined; // ../shared absent (a worktree, or a clean clone)
  }
  if (!dataset.readable) return undefined;
  const answers = readResponses(`${shared}responses_02_subset.jsonl`).responses.map((r) => ({
    problemId: r.problem_id,
    text: r.response,
  }));
  return { problems: dataset.problems, answers };
}
