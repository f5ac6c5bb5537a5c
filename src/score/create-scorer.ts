import type { Diagnostic } from '../core/diagnostic.js';
import { flatString } from '../core/flat-string.js';
import { findGivenNodes } from '../dag/given-nodes.js';
import { withDeclarations } from '../dag/problem-declarations.js';
import { problemLetters, problemPrepareOptions } from '../dag/problem-options.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula, unpreparedFormula } from '../equivalence/index.js';
import type { NumericTolerance } from '../equivalence/literal-precision.js';
import { scalingOf } from '../equivalence/order-of-magnitude.js';
import type { EquivalenceMode, EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import { type ExtractOptions, extractFormulas } from '../extract/extract-formulas.js';
import type { ExtractionResult } from '../extract/types.js';
import { charge, chargeRecorded, metered, workExhausted } from '../numeric/work-meter.js';
import { baselines } from './baselines.js';
import { SCORER_VERSION } from './codes.js';
import {
  expectedValueCounts,
  findContradictions,
  problemParts,
  problemValues,
  problemWords,
  restatedAsText,
} from './contradictions.js';
import { answerRemarks, checkFinalAnswer, creditFinalNodes } from './final-answer.js';
import { LruCache } from './lru-cache.js';
import { createPairMatcher, type MatchStats, type PairMatcher } from './pair-matcher.js';
import { type PreparedNode, prepareNodes } from './prepare-nodes.js';
import { referenceFindings } from './reference-checks.js';
import { type ScorePolicy, stepCredit } from './step-credit.js';
import { trailingRemarks } from './trailing-remarks.js';
import type { NodeCredit, RecordFormula, ScoreRecord, SubquestionScore } from './types.js';
import { blankUnstated } from './unstated-text.js';

/** Options of {@link createScorer}. */
export interface ScorerOptions {
  /** Equivalence mode. Default `physical`. */
  readonly mode?: EquivalenceMode;
  /**
   * How the step score counts nodes the problem itself states (`given`): `derived` (default) counts
   * only what the answer derived; `paper` is the paper's plain |Ach(M)|/|F| (see `stepCredit`).
   */
  readonly policy?: ScorePolicy;
  /** Algorithm 1 parameters (the mode above wins). */
  readonly equivalence?: EquivalenceOptions;
  /** Identity / fingerprint shortcuts before Algorithm 1. Default true (false: for baselines). */
  readonly cheapPath?: boolean;
  /** Pair-verdict cache. Default true. */
  readonly pairCache?: boolean;
  readonly extract?: ExtractOptions;
  /** Grader tolerance of numerical final answers. Default `DEFAULT_NUMERIC_TOLERANCE` (1 ulp, 1% floor, 2.5% cap). */
  readonly numericTolerance?: NumericTolerance;
  /**
   * Work budget of one response, in work units (see `work-meter.ts`): past it the remaining pairs
   * are undetermined and the record carries `response-budget-exhausted`. Default
   * {@link DEFAULT_RESPONSE_WORK} (10 M units: ≈ 0.5 s of ordinary scoring, ≈ 3 s at most of the worst kind measured by bench/work-meter; the real PRISM answers need up to 6.6 M).
   */
  readonly workBudget?: number;
  /** Memory bounds of the scorer's caches (least recently used entries are evicted). */
  readonly cache?: ScorerCacheOptions;
  /**
   * Responses longer than this are scored on their first `maxResponseChars` characters
   * (`response-truncated`): parsing is linear but not free. Default 200 000.
   */
  readonly maxResponseChars?: number;
}

/** Bounds of a scorer's caches. Defaults: 20 000 answer formulas / 96 MB, 200 000 pairs / 64 MB. */
export interface ScorerCacheOptions {
  readonly answerEntries?: number;
  /** Estimated bytes of prepared answer formulas kept (by their LaTeX length). */
  readonly answerBytes?: number;
  readonly pairEntries?: number;
  readonly pairBytes?: number;
}

/** A macro definition (`\def\ans{…}`, `\newcommand{\alt}{…}`, `\let\a\b`, `\DeclareMathOperator`). */
const MACRO_DEFINITION =
  /\\(?:[gex]?def|let|(?:re)?newcommand\*?|providecommand\*?|DeclareMathOperator\*?|DeclareRobustCommand\*?)\s*\{?\s*\\[A-Za-z@]/;

/** The default work budget of one response (units of the work meter). */
export const DEFAULT_RESPONSE_WORK = 10_000_000;

/**
 * Work units charged per answer formula for parsing, normalizing and the fixed costs of fingerprints
 * and checks (measured ≈ 0.3–0.8 ms a formula, the time of about 2 000 units), plus
 * {@link FORMULA_WORK_PER_CHAR} per LaTeX character; symbolic differentiation charges what it does
 * (see `expandDerivatives`).
 */
const FORMULA_WORK = 2_000;
const FORMULA_WORK_PER_CHAR = 4;

/** Work units charged per response character for finding its math (extraction parses each block). */
const EXTRACT_WORK_PER_CHAR = 4;

/**
 * Most work units preparing one answer formula may spend beyond the fixed charge (symbolic
 * derivatives, see `EXPANSION_WORK_CAP`): past it the derivatives not yet expanded stay unexpanded.
 */
const PREPARE_WORK_CAP = 400_000;

/** A prepared answer formula and the work preparing it cost beyond the fixed charge. */
interface PreparedAnswer {
  readonly formula: PreparedFormula;
  readonly work: number;
}

/** The texts a problem's own reference writes, and those of them prepared (see `pinned`). */
interface PinnedTexts {
  readonly text: string;
  readonly prepared: Map<string, PreparedAnswer>;
}

/**
 * Most texts of one problem, and of all problems together, kept prepared beside the answer cache
 * (a dataset's own texts, as its prepared nodes are; past the bounds a text goes to the answer cache).
 */
const MAX_PINNED = 128;
const MAX_PINNED_TOTAL = 20_000;

/**
 * A problem's statement, node formulas, final answers and constants map, joined: a formula whose
 * LaTeX is part of it is one the scorer prepares for every answer to the problem (an expected answer,
 * its sides, a node's formula, a given restated).
 */
function referenceText(problem: Problem): string {
  const parts = [problem.context, ...problem.grading_standard.map((n) => n.formula)];
  for (const a of problem.final_answer ?? []) parts.push(a);
  for (const sub of problem.subquestions ?? []) {
    parts.push(sub.subproblem);
    for (const a of sub.final_answer ?? []) parts.push(a);
  }
  for (const [k, v] of Object.entries(problem.constants ?? {})) parts.push(k, v);
  return parts.join('\u0000');
}

/** Estimated bytes one prepared answer formula holds per LaTeX character (tree, closures, memos). */
const ANSWER_BYTES_PER_CHAR = 400;

function budgetSpent(latex: string): PreparedFormula {
  return unpreparedFormula(latex, {
    code: 'response-budget-exhausted',
    severity: 'warning',
    message: 'not prepared: the response spent its work budget',
  });
}

/** Per-call options of {@link Scorer.scoreResponse}. */
export interface ScoreOptions {
  readonly response_id?: string;
  /** Work budget of this response (default: the scorer's `workBudget`). */
  readonly workBudget?: number;
}

/** A scorer bound to a dataset: reference nodes are prepared once, pair verdicts are cached. */
export interface Scorer {
  readonly problems: ReadonlyMap<string, Problem>;
  /** Findings about reference nodes that cannot be prepared, per problem id. */
  nodeDiagnostics(problemId: string): readonly Diagnostic[];
  /** Scores one response; `problem` is a problem or its id (an unknown id throws: check `problems`). */
  scoreResponse(problem: Problem | string, response: string, options?: ScoreOptions): ScoreRecord;
  readonly stats: MatchStats;
  /** Work units the last `scoreResponse` call spent (deterministic: a function of its inputs). */
  lastWork(): number;
  /**
   * Work units the last call charged, including what the charge that spent its budget overshot it
   * by (at most the budget plus one detached computation): its CPU time is proportional to this.
   */
  lastCharged(): number;
  /** Answer-formula cache counters (hits, misses, entries, estimated bytes, evictions). */
  answerCacheStats(): AnswerCacheStats;
}

/** Counters of a scorer's answer-formula cache. */
export interface AnswerCacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
  readonly bytes: number;
  readonly evictions: number;
}

/**
 * Creates a scorer for a dataset. Every node formula is prepared once with its problem's constants;
 * answer formulas are prepared once per (constants, LaTeX). Score = |Ach(M)| / |F|.
 */
export function createScorer(problems: readonly Problem[], options: ScorerOptions = {}): Scorer {
  const mode = options.mode ?? 'physical';
  const equivalence: EquivalenceOptions = { ...options.equivalence, mode };
  const limits = options.cache ?? {};
  const matcher: PairMatcher = createPairMatcher({
    equivalence,
    cheapPath: options.cheapPath ?? true,
    cache: options.pairCache ?? true,
    ...(limits.pairEntries === undefined ? {} : { maxCacheEntries: limits.pairEntries }),
    ...(limits.pairBytes === undefined ? {} : { maxCacheBytes: limits.pairBytes }),
  });
  const responseBudget = options.workBudget ?? DEFAULT_RESPONSE_WORK;
  const byId = new Map(problems.map((p) => [p.id, p]));
  const policy = options.policy ?? 'derived';
  const prepared = new Map<string, PreparedNode[]>();
  const givens = new Map<string, ReadonlySet<number>>();
  // Findings about a problem's expected answers (a reference that cannot be what is asked), shown on
  // every record of the problem.
  const findings = new Map<string, readonly Diagnostic[]>();
  const prime = (nodes: readonly PreparedNode[]) => {
    for (const node of nodes) for (const part of node.parts) matcher.prime(part);
  };
  // The nodes the problem text states, found with the same matcher that scores answers.
  const givenOf = (problem: Problem, nodes: readonly PreparedNode[]): ReadonlySet<number> => {
    const found = findGivenNodes(problem, {
      equivalence,
      compare: matcher.decide,
      prepared: new Map(nodes.map((n) => [n.index, n.parts])),
    });
    return new Set(found.map((g) => g.index));
  };
  for (const original of problems) {
    // The aliases and signs the problem text declares are read like its constants map, for the
    // nodes, the given nodes and every answer alike.
    const problem = withDeclarations(original);
    const nodes = prepareNodes(problem);
    prepared.set(problem.id, nodes);
    // Node fingerprints and given nodes are part of the reference: computed once here, charged to
    // no response.
    prime(nodes);
    givens.set(problem.id, givenOf(problem, nodes));
    findings.set(problem.id, referenceFindings(problem));
  }
  // A short id per distinct constants map: the answer-cache key is `id\u0000latex`, not the whole
  // constants JSON (long keys cost a hash of their full length on every lookup).
  const constantsKeys = new WeakMap<Problem, string>();
  const constantsIds = new Map<string, string>();
  let answerHits = 0;
  let answerMisses = 0;
  const answerCache = new LruCache<PreparedAnswer>({
    maxEntries: limits.answerEntries ?? 20_000,
    maxBytes: limits.answerBytes ?? 96 * 1024 * 1024,
    sizeOf: (key) => 2 * key.length + ANSWER_BYTES_PER_CHAR * key.length,
  });
  // The formulas prepared for the response being scored, by LaTeX (the final-answer check reads the
  // same sides and values many times): a repeat is charged as a cache hit, without the cache's key
  // and recency bookkeeping.
  let seen = new Map<string, PreparedAnswer>();
  let seenFor: Problem | undefined;
  // The texts of the problem's own reference (its statement, nodes, final answers, constants) that
  // answers are scored against, prepared once per problem and kept: the final-answer check and the
  // contradiction check prepare the expected answers, their sides and the nodes' formulas for every
  // answer, and in the answer cache they would be evicted by the answers' own fresh formulas.
  const pinnedOf = new WeakMap<Problem, PinnedTexts>();
  let pinnedTotal = 0;
  const pinned = (problem: Problem): PinnedTexts => {
    let known = pinnedOf.get(problem);
    if (known === undefined)
      pinnedOf.set(problem, (known = { text: referenceText(problem), prepared: new Map() }));
    return known;
  };
  const prepareAnswer = (latex: string, problem: Problem): PreparedFormula => {
    if (problem === seenFor) {
      const known = seen.get(latex);
      if (known !== undefined) {
        if (!charge(FORMULA_WORK + FORMULA_WORK_PER_CHAR * latex.length)) return budgetSpent(latex);
        answerHits++;
        if (!chargeRecorded(known.work)) return budgetSpent(latex);
        return known.formula;
      }
    }
    let constants = constantsKeys.get(problem);
    if (constants === undefined) {
      const options = problemPrepareOptions(problem);
      const json = JSON.stringify([
        options.constants ?? null,
        options.quantities ?? null,
        options.eulerPowers === true,
      ]);
      constants = constantsIds.get(json);
      if (constants === undefined) constantsIds.set(json, (constants = String(constantsIds.size)));
      constantsKeys.set(problem, constants);
    }
    // Parsing, normalizing, the cheap-path fingerprint's fixed costs and the final-answer check:
    // charged per formula (and by length) whether cached or not. Past the response's budget a
    // formula is not prepared at all (its pairs are undetermined).
    if (!charge(FORMULA_WORK + FORMULA_WORK_PER_CHAR * latex.length)) return budgetSpent(latex);
    // A text of the problem's own reference is kept apart (see `pinned`): first come, up to MAX_PINNED.
    const reference = pinned(problem);
    let p = reference.prepared.get(latex);
    const pin =
      p === undefined &&
      reference.prepared.size < MAX_PINNED &&
      pinnedTotal < MAX_PINNED_TOTAL &&
      reference.text.includes(latex);
    const key = `${constants}\u0000${latex}`;
    if (p === undefined && !pin) p = answerCache.get(key);
    if (p !== undefined) {
      answerHits++;
      // The work preparing it cost (symbolic derivatives) is charged again: work never depends on the cache.
      if (!chargeRecorded(p.work)) return budgetSpent(latex);
    } else {
      answerMisses++;
      // Detached: what a formula prepares to does not depend on the caller's remaining budget.
      const run = metered(
        PREPARE_WORK_CAP,
        () => prepareFormula(latex, problemPrepareOptions(problem)),
        true,
      );
      p = { formula: run.value, work: run.work };
      // Flattened: as concatenated, the key holds the formula's LaTeX as a slice of the whole response.
      if (pin) {
        reference.prepared.set(flatString(latex), p);
        pinnedTotal++;
      } else answerCache.set(flatString(key), p);
      // As on a cache hit: a preparation that does not fit in what the response has left is unused.
      if (workExhausted()) return budgetSpent(latex);
    }
    if (problem === seenFor) seen.set(latex, p);
    return p.formula;
  };
  let lastWork = 0;
  let lastCharged = 0;

  const scoreResponse = (
    target: Problem | string,
    response: string,
    call: ScoreOptions = {},
  ): ScoreRecord => {
    const problem = typeof target === 'string' ? byId.get(target) : target;
    if (problem === undefined) throw new Error(`scoreResponse: unknown problem ${String(target)}`);
    // Called from JavaScript and from trainers' glue code: say what is wrong, not a TypeError deep inside.
    if (typeof response !== 'string') {
      throw new TypeError(
        `scoreResponse: the response must be a string, got ${response === null ? 'null' : typeof response}`,
      );
    }
    const run = metered(call.workBudget ?? responseBudget, () => scoreWithin(problem, response, call));
    lastWork = run.work;
    lastCharged = run.charged;
    return run.value;
  };

  const scoreWithin = (original: Problem, response: string, call: ScoreOptions): ScoreRecord => {
    matcher.beginResponse();
    const problem = withDeclarations(original);
    seen = new Map();
    seenFor = problem;
    let nodes = prepared.get(problem.id);
    let given = givens.get(problem.id);
    if (nodes === undefined || given === undefined || byId.get(problem.id) !== original) {
      nodes = prepareNodes(problem);
      prime(nodes);
      given = givenOf(problem, nodes);
    }
    const diagnostics: Diagnostic[] = nodes.flatMap((n) => n.diagnostics);
    diagnostics.push(
      ...((byId.get(problem.id) === original ? findings.get(problem.id) : undefined) ??
        referenceFindings(problem)),
    );
    const where = `problem ${problem.id}${call.response_id === undefined ? '' : ` response ${call.response_id}`}`;
    if (response.trim() === '')
      diagnostics.push({ code: 'empty-response', severity: 'warning', message: 'empty response', where });
    const maxChars = options.maxResponseChars ?? 200_000;
    if (response.length > maxChars) {
      diagnostics.push({
        code: 'response-truncated',
        severity: 'warning',
        message: `the response has ${response.length} characters; only the first ${maxChars} are scored`,
        where,
      });
      response = response.slice(0, maxChars);
    }
    // Macros defined in the answer hide or rename what its formulas state: the answer is not read.
    if (MACRO_DEFINITION.test(response)) {
      diagnostics.push({
        code: 'macro-definitions',
        severity: 'warning',
        message: 'the response defines LaTeX macros (\\def, \\newcommand …): it is not read, and scores 0',
        where,
      });
      response = '';
    }
    // Comments, struck-through text and math its sentence withdraws state nothing (blanked in place).
    const unstated = blankUnstated(response);
    if (unstated.blanked > 0) {
      diagnostics.push({
        code: 'unstated-text',
        severity: 'info',
        message: `${unstated.blanked} span(s) of comments, struck-through text or withdrawn math ("is not $…$", "$…$ is wrong") are not read`,
        where,
      });
      response = unstated.text;
    }
    // Finding the math blocks is a linear scan; parsing them is charged by extraction itself.
    charge(1 + (response.length >> 6));
    const extraction = extractFormulas(response, {
      ...options.extract,
      workPerChar: EXTRACT_WORK_PER_CHAR,
      quantityLetters: problemLetters(problem),
    });
    diagnostics.push(...extraction.diagnostics.map((d) => ({ ...d, where })));
    if (extraction.formulas.length === 0 && response.trim() !== '') {
      diagnostics.push({ code: 'no-formulas', severity: 'warning', message: 'no formula extracted', where });
    }
    const matchedBy = new Map<number, number[]>();
    // Nodes matched by an exact statement (not only by a `\propto` / `\sim` one): only those can make
    // a final answer right.
    const matchedExactly = new Set<number>();
    // Each formula is prepared and matched in turn (past the work budget the rest are not examined).
    const answers: (PreparedFormula | undefined)[] = [];
    const matchesOf: { node: number; exact: boolean }[][] = extraction.formulas.map((f, i) => {
      const found: { node: number; exact: boolean }[] = [];
      const answer = workExhausted() ? undefined : prepareAnswer(f.latex, problem);
      answers[i] = answer;
      if (answer?.ok !== true) return found;
      for (const node of nodes) {
        const part = node.parts.find((p) => matcher.match(answer, p) === 'equivalent');
        if (part !== undefined)
          found.push({
            node: node.index,
            exact: scalingOf(answer) === undefined || scalingOf(part) !== undefined,
          });
      }
      return found;
    });
    // Different values asserted for one quantity in one breath earn nothing, nor a final answer.
    const contradictions = findContradictions(response, extraction.formulas, answers, {
      prepare: (latex) => prepareAnswer(latex, problem),
      compare: matcher.decide,
      expectedValues: expectedValueCounts(problem, (latex) => prepareAnswer(latex, problem)),
      candidates: extraction.candidates,
      parts: problemParts(problem),
      problemWords: problemWords(problem),
      problemValues: problemValues(problem, (latex) => prepareAnswer(latex, problem)),
    });
    const contradictory = new Set(contradictions.flatMap((c) => c.formulas));
    // Past the work budget values are not all compared: a quantity written with different right
    // sides (as text) may be a hedge the check did not reach, and earns nothing.
    if (workExhausted()) for (const i of restatedAsText(extraction.formulas)) contradictory.add(i);
    for (const c of contradictions) {
      diagnostics.push({
        code: 'contradictory-values',
        severity: 'warning',
        message: `${c.quantity} is given different values together (${c.values.join('; ')}): formulas ${c.formulas.join(', ')} earn nothing, and ${c.quantity} no final-answer credit`,
        where,
      });
    }
    const formulas: RecordFormula[] = extraction.formulas.map((f, i) => {
      const answer = answers[i];
      const base = { latex: f.latex, offset: f.offset, end: f.end, kind: f.kind };
      if (answer === undefined) return { ...base, matches: [], prepared: false };
      if (contradictory.has(i)) return { ...base, matches: [], prepared: answer.ok, contradictory: true };
      const matches: number[] = [];
      for (const m of matchesOf[i] ?? []) {
        matches.push(m.node);
        if (m.exact) matchedExactly.add(m.node);
        const list = matchedBy.get(m.node) ?? [];
        list.push(i);
        matchedBy.set(m.node, list);
      }
      return { ...base, matches, prepared: answer.ok };
    });
    const consistent =
      contradictory.size === 0
        ? extraction
        : { ...extraction, formulas: extraction.formulas.filter((_, i) => !contradictory.has(i)) };
    if (workExhausted()) {
      diagnostics.push({
        code: 'response-budget-exhausted',
        severity: 'warning',
        message:
          'the response spent its work budget: the remaining pairs are undetermined (not matched), and it has no final answer',
        where,
      });
    }
    // The final-answer check reads the answer's formulas through the same cached preparer.
    const finalOptions = {
      prepare: (latex: string) => prepareAnswer(latex, problem),
      compare: matcher.decide,
      ...(options.numericTolerance === undefined ? {} : { tolerance: options.numericTolerance }),
    };
    // A final node the answer's final statement meets by value (under another name, as a bare
    // value) is matched as a grader reads it.
    // Past the work budget no final node is judged (the budget bounds the response's time).
    const { credited: byFinal, contradicted } = workExhausted()
      ? { credited: new Map<number, string>(), contradicted: new Set<number>() }
      : creditFinalNodes(problem, response, consistent, new Set(matchedExactly), equivalence, {
          ...finalOptions,
          // A final node whose quantity the answer hedges is not met by the hedge's right member.
          contradictedQuantities: new Set(contradictions.map((c) => c.key)),
          contradictedNames: contradictions.map((c) => c.quantity),
        });
    const matched = new Set([...matchedBy.keys(), ...byFinal.keys()]);
    const credit = stepCredit(problem.grading_standard, matched, given, policy);
    const achieved = credit.achieved;
    const achievedSet = new Set(achieved);
    const total = problem.grading_standard.length;
    const givenFlag = (i: number) => (given.has(i) ? { given: true as const } : {});
    const credits: NodeCredit[] = problem.grading_standard.map((n) => {
      const by = matchedBy.get(n.index);
      if (by !== undefined)
        return { index: n.index, status: 'matched', matched_by: by, ...givenFlag(n.index) };
      const text = byFinal.get(n.index);
      if (text !== undefined)
        return {
          index: n.index,
          status: 'matched',
          matched_by: [],
          final_answer_by: text,
          ...givenFlag(n.index),
        };
      return {
        index: n.index,
        status: achievedSet.has(n.index) ? 'ancestor' : 'missed',
        ...givenFlag(n.index),
      };
    });
    const exact = new Set([...matchedExactly, ...byFinal.keys()]);
    // Contradictions that hedge (an alternative offered, or plain numbers), and the formula the answer
    // concludes with, looked for only when there is one.
    const hedges = contradictions.filter((c) => c.offered || c.plain);
    const concluding = hedges.length === 0 ? -1 : concludingFormula(extraction, response, problem);
    const final = checkFinalAnswer(problem, response, consistent, exact, equivalence, {
      ...finalOptions,
      contradictedQuantities: new Set(contradictions.map((c) => c.key)),
      contradictedNames: contradictions.map((c) => c.quantity),
      hedgedConclusion: hedges.some((c) => c.formulas.includes(concluding)),
      hedgedFormulas: hedges.flatMap((c) => c.formulas.map((i) => extraction.formulas[i]?.latex ?? '')),
      contradicted,
      finalMatchOffsets: [
        ...problem.grading_standard
          .filter((n) => n.is_final_answer === true && matchedExactly.has(n.index))
          .flatMap((n) =>
            (matchedBy.get(n.index) ?? []).map((i) => extraction.formulas[i]?.offset ?? Infinity),
          ),
        ...[...byFinal.keys()].map(() => Infinity),
      ],
    });
    // Numerical and text answers: the explicit check decides (the final nodes of a numerical problem
    // are often general laws a partial answer writes with wrong numbers). Algebraic answers: either
    // the explicit check or every final node matched (an answer may keep an intermediate symbol, e.g.
    // the reduced mass μ, that the stated answer expands). On the bundled 210 graded answers this
    // agrees with the graders 189 times (explicit only: 176).
    const strictForms = final.answers.some((a) => a.form === 'numerical' || a.form === 'text-based');
    const judged =
      final.explicit === null
        ? final.nodes
        : strictForms
          ? final.explicit
          : final.explicit || final.nodes === true;
    // An answer read only in part (its work budget spent) has no final answer: what it goes on to
    // state (a flood of candidates, a hedge of the conclusion) was never compared.
    const finalCorrect = judged === null || !workExhausted() ? judged : false;
    const record: ScoreRecord = {
      problem_id: problem.id,
      ...(call.response_id === undefined ? {} : { response_id: call.response_id }),
      step_score: credit.score,
      paper_step_score:
        policy === 'paper' || given.size === 0
          ? credit.score
          : stepCredit(problem.grading_standard, matched, given, 'paper').score,
      final_answer_correct: finalCorrect,
      matched: [...matched].sort((a, b) => a - b),
      achieved,
      total_nodes: total,
      given: [...given].sort((a, b) => a - b),
      policy,
      diagnostics,
      scorer_version: SCORER_VERSION,
      mode,
      nodes: credits,
      formulas,
      dropped: extraction.dropped,
      baselines: baselines(total, matched),
      final_answer: final,
    };
    const subs = subquestionScores(problem, achievedSet, policy === 'paper' ? new Set() : given);
    return subs === undefined ? record : { ...record, subquestions: subs };
  };

  return {
    problems: byId,
    nodeDiagnostics: (id) => (prepared.get(id) ?? []).flatMap((n) => n.diagnostics),
    scoreResponse,
    stats: matcher.stats,
    lastWork: () => lastWork,
    lastCharged: () => lastCharged,
    answerCacheStats: () => ({
      hits: answerHits,
      misses: answerMisses,
      entries: answerCache.size,
      bytes: answerCache.bytes,
      evictions: answerCache.evictions,
    }),
  };
}

function subquestionScores(
  problem: Problem,
  achieved: ReadonlySet<number>,
  given: ReadonlySet<number>,
): SubquestionScore[] | undefined {
  const groups = new Map<string, number[]>();
  for (const node of problem.grading_standard) {
    if (node.subquestion === undefined) continue;
    if (given.has(node.index)) {
      if (!groups.has(node.subquestion)) groups.set(node.subquestion, []);
      continue;
    }
    const list = groups.get(node.subquestion) ?? [];
    list.push(node.index);
    groups.set(node.subquestion, list);
  }
  if (groups.size === 0) return undefined;
  return [...groups].map(([letter, indices]) => {
    const got = indices.filter((i) => achieved.has(i));
    return {
      letter,
      step_score: indices.length === 0 ? 0 : got.length / indices.length,
      achieved: got,
      total_nodes: indices.length,
    };
  });
}

/**
 * The index of the answer's last formula that is not a remark after its result (a datum or constant
 * restated, a dimension check: {@link trailingRemarks}): a hedge there leaves the answer hedged
 * whatever follows it.
 */
function concludingFormula(extraction: ExtractionResult, response: string, problem: Problem): number {
  const remarks = trailingRemarks(
    extraction.formulas,
    extraction.candidates,
    answerRemarks(problem, response),
  );
  let k = extraction.formulas.length - 1;
  while (k > 0 && remarks.has(extraction.formulas[k]!)) k--;
  return k;
}
