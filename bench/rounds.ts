/**
 * The answer sets of a rounds benchmark (`semi-space.bench.ts`, `worker-young-generation.bench.ts`):
 * the bundled answers freshened once per pass — set 0 a first look, sets 1…warm the warm-up passes,
 * then one set per round — each in the harsh freshening when asked.
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
