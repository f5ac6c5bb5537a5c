import type { Diagnostic } from '../core/diagnostic.js';
import { relationSides } from '../score/answer-text.js';
import type { DraftAnswerFields, DraftProblem } from './draft-problem.js';
import { mathTextKey } from './math-text-key.js';

/** The leading number of a stated value as written (`2.01`, `6.6\times10^{-3}`). */
/** A single symbol (`\\theta_t`, `v_0'`): an answer "in terms of θ_t" names it without giving anything away. */
const LONE_SYMBOL = /^(?:\\[A-Za-z]+|[A-Za-z])(?:_(?:\{[^{}]*\}|\\?[A-Za-z0-9]))?'*$/;

const NUMBER = /[-+]?\d+(?:\.\d+)?(?:\\times10\^\{?[-+]?\d+\}?)?/;

function hints(part: DraftAnswerFields, where: string): Diagnostic[] {
  const instructions = part.final_answer_instructions;
  if (instructions === undefined) return [];
  const said = mathTextKey(instructions.replace(/\$/g, ' '));
  const out: Diagnostic[] = [];
  for (const answer of part.final_answer ?? []) {
    const rhs = mathTextKey(relationSides(answer)?.rhs ?? answer);
    let leaked: string | undefined;
    if (part.final_answer_form === 'numerical') {
      const n = NUMBER.exec(rhs)?.[0].replace(/^[-+]/, '');
      // A one-character number ("2") is too common in instructions to count as a hint.
      if (n !== undefined && n.length >= 2 && new RegExp(`(?<![\\d.])${escapeRegExp(n)}(?![\\d])`).test(said))
        leaked = n;
    } else if (part.final_answer_form === 'algebraic' && !LONE_SYMBOL.test(rhs) && said.includes(rhs))
      leaked = rhs;
    if (leaked !== undefined)
      out.push({
        code: 'build-answer-hint',
        severity: 'error',
        message: `the final-answer instructions give the answer away (they contain ${leaked} from ${answer})`,
        where,
      });
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Stage 2's rule "must not hint at the answer", as far as a rule can tell: the instructions of a
 * numerical answer must not contain its written value (two characters or more), those of an
 * algebraic answer must not contain its right-hand side (compared as {@link mathTextKey}s) unless
 * that is a single symbol (which "in terms of …" instructions name legitimately).
 */
export function answerHints(draft: DraftProblem): Diagnostic[] {
  return [
    ...hints(draft, `problem ${draft.id}`),
    ...(draft.subquestions ?? []).flatMap((s) => hints(s, `problem ${draft.id} subquestion ${s.letter}`)),
  ];
}
