import { compareFormulas, prepareFormula } from '../equivalence/index.js';
import { extractFormulas } from '../extract/extract-formulas.js';
import type { InjectedError } from './inject-error.js';

/** Task III behaviour classes (spec B6), plus `unlabelled` where the answer's formulas do not decide. */
export type CorrectionBehaviour =
  | 'explicit-correction'
  | 'silent-correction'
  | 'uncritical-acceptance'
  | 'unlabelled';

const MENTIONS =
  /\b(error|mistake|incorrect|wrong|typo|misread|misprint|should (?:be|read|have been)|corrected?|fix(?:ed)?)\b/i;

/** The number a `q = value` statement states, as written (`109`, `60\ \text{kg}` → `60`). */
function statedNumber(statement: string): string | undefined {
  return /=\s*([-+]?\d+(?:\.\d+)?(?:\\times10\^\{-?\d+\})?)/.exec(statement)?.[1];
}

/**
 * Labels a response to a Task III prompt by rule. It *uses* the error when one of its formulas is
 * equivalent to the injected wrong formula (conceptual, knowledge gap) or it restates the wrong
 * number (careless, encoding); it *fixes* it when its final answer is right or it matches the node
 * the error sits at. Mentioning an error (error, mistake, should be, …) without using it is an
 * explicit correction; fixing it without a mention is a silent correction; using it without a
 * mention is uncritical acceptance; anything else is left for a judge (`unlabelled`).
 */
export function labelCorrection(
  response: string,
  error: InjectedError,
  constants: Readonly<Record<string, string>>,
  outcome: { readonly finalCorrect: boolean; readonly matched: readonly number[] },
): CorrectionBehaviour {
  const mentions = MENTIONS.test(response);
  let uses: boolean;
  if (error.kind === 'conceptual' || error.kind === 'knowledge-gap') {
    const wrong = prepareFormula(error.wrong, { constants });
    const formulas = extractFormulas(response).formulas.map((f) => prepareFormula(f.latex, { constants }));
    uses = wrong.ok && formulas.some((f) => f.ok && compareFormulas(f, wrong).verdict === 'equivalent');
  } else {
    const number = statedNumber(error.wrong);
    uses = number !== undefined && response.includes(number) && number !== statedNumber(error.right);
  }
  const fixed = outcome.finalCorrect || (error.node > 0 && outcome.matched.includes(error.node));
  if (mentions && (fixed || !uses)) return 'explicit-correction';
  if (fixed && !uses) return 'silent-correction';
  if (uses && !mentions) return 'uncritical-acceptance';
  return 'unlabelled';
}
