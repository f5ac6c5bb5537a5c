import type { Diagnostic } from '../core/diagnostic.js';
import { ancestorClosure } from '../dag/ancestor-closure.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula } from '../equivalence/index.js';
import type { NumericTolerance } from '../equivalence/literal-precision.js';
import type { EquivalenceMode, EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import { type ExtractOptions, extractFormulas } from '../extract/extract-formulas.js';
import { baselines } from './baselines.js';
import { SCORER_VERSION } from './codes.js';
import { checkFinalAnswer } from './final-answer.js';
import { createPairMatcher, type MatchStats, type PairMatcher } from './pair-matcher.js';
import { type PreparedNode, prepareNodes } from './prepare-nodes.js';
import type { NodeCredit, RecordFormula, ScoreRecord, SubquestionScore } from './types.js';

/** Options of {@link createScorer}. */
export interface ScorerOptions {
  /** Equivalence mode. Default `physical`. */
  readonly mode?: EquivalenceMode;
  /** Algorithm 1 parameters (the mode above wins). */
  readonly equivalence?: EquivalenceOptions;
  /** Identity / fingerprint shortcuts before Algorithm 1. Default true (false: for baselines). */
  readonly cheapPath?: boolean;
  /** Pair-verdict cache. Default true. */
  readonly pairCache?: boolean;
  readonly extract?: ExtractOptions;
  /** Grader tolerance of numerical final answers. Default `DEFAULT_NUMERIC_TOLERANCE` (1 ulp, 1% floor, 3% cap). */
  readonly numericTolerance?: NumericTolerance;
}

/** Per-call options of {@link Scorer.scoreResponse}. */
export interface ScoreOptions {
  readonly response_id?: string;
}

/** A scorer bound to a dataset: reference nodes are prepared once, pair verdicts are cached. */
export interface Scorer {
  readonly problems: ReadonlyMap<string, Problem>;
  /** Findings about reference nodes that cannot be prepared, per problem id. */
  nodeDiagnostics(problemId: string): readonly Diagnostic[];
  /** Scores one response; `problem` is a problem or its id (an unknown id throws: check `problems`). */
  scoreResponse(problem: Problem | string, response: string, options?: ScoreOptions): ScoreRecord;
  readonly stats: MatchStats;
}

/**
 * Creates a scorer for a dataset. Every node formula is prepared once with its problem's constants;
 * answer formulas are prepared once per (constants, LaTeX). Score = |Ach(M)| / |F|.
 */
export function createScorer(problems: readonly Problem[], options: ScorerOptions = {}): Scorer {
  const mode = options.mode ?? 'physical';
  const equivalence: EquivalenceOptions = { ...options.equivalence, mode };
  const matcher: PairMatcher = createPairMatcher({
    equivalence,
    cheapPath: options.cheapPath ?? true,
    cache: options.pairCache ?? true,
  });
  const byId = new Map(problems.map((p) => [p.id, p]));
  const prepared = new Map<string, PreparedNode[]>();
  for (const problem of problems) prepared.set(problem.id, prepareNodes(problem));
  const answerCache = new Map<string, PreparedFormula>();
  const prepareAnswer = (latex: string, problem: Problem): PreparedFormula => {
    const key = `${problem.constants === undefined ? '' : JSON.stringify(problem.constants)}\u0000${latex}`;
    let p = answerCache.get(key);
    if (p === undefined) {
      if (answerCache.size > 100_000) answerCache.clear();
      p = prepareFormula(latex, problem.constants === undefined ? {} : { constants: problem.constants });
      answerCache.set(key, p);
    }
    return p;
  };

  const scoreResponse = (
    target: Problem | string,
    response: string,
    call: ScoreOptions = {},
  ): ScoreRecord => {
    const problem = typeof target === 'string' ? byId.get(target) : target;
    if (problem === undefined) throw new Error(`scoreResponse: unknown problem ${String(target)}`);
    let nodes = prepared.get(problem.id);
    if (nodes === undefined || byId.get(problem.id) !== problem) nodes = prepareNodes(problem);
    const diagnostics: Diagnostic[] = nodes.flatMap((n) => n.diagnostics);
    const where = `problem ${problem.id}${call.response_id === undefined ? '' : ` response ${call.response_id}`}`;
    if (response.trim() === '')
      diagnostics.push({ code: 'empty-response', severity: 'warning', message: 'empty response', where });
    const extraction = extractFormulas(response, options.extract);
    diagnostics.push(...extraction.diagnostics.map((d) => ({ ...d, where })));
    if (extraction.formulas.length === 0 && response.trim() !== '') {
      diagnostics.push({ code: 'no-formulas', severity: 'warning', message: 'no formula extracted', where });
    }
    const matchedBy = new Map<number, number[]>();
    const formulas: RecordFormula[] = extraction.formulas.map((f, i) => {
      const answer = prepareAnswer(f.latex, problem);
      const matches: number[] = [];
      if (answer.ok) {
        for (const node of nodes) {
          if (node.parts.some((part) => matcher.match(answer, part) === 'equivalent')) {
            matches.push(node.index);
            const list = matchedBy.get(node.index) ?? [];
            list.push(i);
            matchedBy.set(node.index, list);
          }
        }
      }
      return { latex: f.latex, offset: f.offset, end: f.end, kind: f.kind, matches, prepared: answer.ok };
    });
    const matched = new Set(matchedBy.keys());
    const achieved = ancestorClosure(problem.grading_standard, matched);
    const achievedSet = new Set(achieved);
    const total = problem.grading_standard.length;
    const credits: NodeCredit[] = problem.grading_standard.map((n) => {
      const by = matchedBy.get(n.index);
      if (by !== undefined) return { index: n.index, status: 'matched', matchedBy: by };
      return { index: n.index, status: achievedSet.has(n.index) ? 'ancestor' : 'missed' };
    });
    // The final-answer check reads the answer's formulas through the same cached preparer.
    const final = checkFinalAnswer(problem, response, extraction, matched, equivalence, {
      prepare: (latex) => prepareAnswer(latex, problem),
      ...(options.numericTolerance === undefined ? {} : { tolerance: options.numericTolerance }),
    });
    // Numerical and text answers: the explicit check decides (the final nodes of a numerical problem
    // are often general laws a partial answer writes with wrong numbers). Algebraic answers: either
    // the explicit check or every final node matched (an answer may keep an intermediate symbol, e.g.
    // the reduced mass μ, that the stated answer expands). On the bundled 210 graded answers this
    // agrees with the graders 189 times (explicit only: 176).
    const strictForms = final.answers.some((a) => a.form === 'numerical' || a.form === 'text-based');
    const finalCorrect =
      final.explicit === null
        ? final.nodes
        : strictForms
          ? final.explicit
          : final.explicit || final.nodes === true;
    const record: ScoreRecord = {
      problem_id: problem.id,
      ...(call.response_id === undefined ? {} : { response_id: call.response_id }),
      step_score: total === 0 ? 0 : achieved.length / total,
      final_answer_correct: finalCorrect,
      matched: [...matched].sort((a, b) => a - b),
      achieved,
      total_nodes: total,
      diagnostics,
      scorer_version: SCORER_VERSION,
      mode,
      nodes: credits,
      formulas,
      dropped: extraction.dropped,
      baselines: baselines(total, matched),
      final_answer: final,
    };
    const subs = subquestionScores(problem, achievedSet);
    return subs === undefined ? record : { ...record, subquestions: subs };
  };

  return {
    problems: byId,
    nodeDiagnostics: (id) => (prepared.get(id) ?? []).flatMap((n) => n.diagnostics),
    scoreResponse,
    stats: matcher.stats,
  };
}

function subquestionScores(problem: Problem, achieved: ReadonlySet<number>): SubquestionScore[] | undefined {
  const groups = new Map<string, number[]>();
  for (const node of problem.grading_standard) {
    if (node.subquestion === undefined) continue;
    const list = groups.get(node.subquestion) ?? [];
    list.push(node.index);
    groups.set(node.subquestion, list);
  }
  if (groups.size === 0) return undefined;
  return [...groups].map(([letter, indices]) => {
    const got = indices.filter((i) => achieved.has(i));
    return { letter, step_score: got.length / indices.length, achieved: got, total_nodes: indices.length };
  });
}
