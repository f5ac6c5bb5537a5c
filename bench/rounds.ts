/**
 * The answer sets of a rounds benchmark (`semi-space.bench.ts`, `worker-young-generation.bench.ts`):
 * the bundled answers freshened once per pass — set 0 a first look, sets 1…warm the warm-up passes,
 * then one set per round — each in the harsh freshening when asked — and the rounds themselves, run
 * over the variants measured in rotating order.
 */
import { type Answer, bundledAnswers, freshAnswers, harshAnswers } from './fresh-answers.js';

/** The `--rounds`, `--warm` and `--harsh` flags, parsed. */
export interface RoundFlags {
  readonly rounds?: string | undefined;
  readonly warm?: string | undefined;
  readonly harsh?: boolean | undefined;
}

/** The problems, the pass counts (`--rounds` 3, `--warm` 2 by default) and set `i` of the answers. */
export function roundSets(flags: RoundFlags) {
  const rounds = Math.max(1, Number(flags.rounds ?? 3));
  const warm = Math.max(0, Number(flags.warm ?? 2));
  const { problems, answers } = bundledAnswers();
  const copies = freshAnswers(answers, 1 + warm + rounds);
  const set = (i: number): Answer[] => {
    const s = copies.slice(i * answers.length, (i + 1) * answers.length);
    return flags.harsh ? harshAnswers(s, `y${i}`) : s;
  };
  return { problems, answers, rounds, warm, set };
}

/** One variant's pass over a round's answers: the CPU seconds it cost and each item's outcome. */
export interface RoundPass {
  readonly cpu: number;
  readonly outcomes: readonly string[];
}

/** What {@link rotatingRounds} measured: CPU seconds per variant, in total and per round. */
export interface RoundTimes {
  readonly spent: number[];
  readonly perRound: number[][];
  /** Item outcomes that differ from the first variant run in the same round. */
  readonly differences: number;
}

/**
 * Runs `rounds` rounds over `variants` variants, one pass each per round, the order rotating every
 * round (round r starts at variant r) so that no variant always runs after the same neighbour.
 */
export async function rotatingRounds(
  variants: number,
  rounds: number,
  pass: (variant: number, round: number) => Promise<RoundPass>,
): Promise<RoundTimes> {
  const spent = Array.from({ length: variants }, () => 0);
  const perRound: number[][] = Array.from({ length: variants }, () => []);
  let differences = 0;
  for (let r = 0; r < rounds; r++) {
    let reference: readonly string[] | undefined;
    for (let k = 0; k < variants; k++) {
      const p = (k + r) % variants;
      const { cpu, outcomes } = await pass(p, r);
      spent[p]! += cpu;
      perRound[p]!.push(cpu);
      if (reference === undefined) reference = outcomes;
      else differences += outcomes.filter((x, i) => x !== reference![i]).length;
    }
  }
  return { spent, perRound, differences };
}

/** One variant's figures from {@link RoundTimes}, written for a report line. */
export interface VariantRates {
  /** CPU per answer and answers per CPU-second: `  5123 µs (195 per CPU-s)`. */
  readonly cost: string;
  /** Its rate per CPU against the first variant's: `1.03`. */
  readonly rate: string;
  /** That ratio round by round: `1.00 0.98 1.07`. */
  readonly rounds: string;
}

/** Each variant's {@link VariantRates}, `scored` answers having been scored per variant. */
export function variantRates(times: RoundTimes, scored: number): VariantRates[] {
  const base = times.spent[0]! / scored;
  return times.spent.map((total, i) => {
    const per = total / scored;
    return {
      cost: `${(per * 1e6).toFixed(0).padStart(6)} µs (${(1 / per).toFixed(0)} per CPU-s)`,
      rate: (base / per).toFixed(2),
      rounds: times.perRound[i]!.map((t, r) => (times.perRound[0]![r]! / t).toFixed(2)).join(' '),
    };
  });
}
