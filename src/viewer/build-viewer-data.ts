import { snakeCaseKeys } from '../cli/json-output.js';
import { dagLayers } from '../dag/dag-layers.js';
import { problemDifficulty } from '../dag/difficulty-model.js';
import type { Problem } from '../dag/types.js';
import { checkEquivalence } from '../equivalence/check-equivalence.js';
import { summarize } from '../report/summarize.js';
import { compareRuns, runScores } from '../runs/compare-runs.js';
import type { ScoreRecord } from '../score/types.js';
import { relativeErrors } from './relative-errors.js';
import { variableNames } from './variable-names.js';
import type {
  ViewerData,
  ViewerDetail,
  ViewerEvidence,
  ViewerInstance,
  ViewerItem,
  ViewerPrismTask,
  ViewerProblem,
  ViewerRun,
  ViewerTable,
  ViewerTableRow,
  ViewerTranscriptCall,
} from './viewer-data.js';

/** One run's inputs, already read from disk. */
export interface ViewerRunInput {
  readonly name: string;
  readonly source: string;
  readonly config?: unknown;
  /** summary.json as written by `prism score` or `prism run`; computed from the records when absent. */
  readonly summary?: unknown;
  readonly records: readonly Partial<ScoreRecord>[];
  /** Response text per record (same order); null when unknown. */
  readonly responses: readonly (string | null)[];
  /** Seconds per record when the run measured it. */
  readonly times?: readonly (number | null)[];
  /** Per record (same order): the LLM judgements of its answer by rubric (pps, binary, steps). */
  readonly judgements?: readonly (Readonly<Record<string, unknown>> | undefined)[];
  /** Per record (same order): the technique's calls for its sample (transcripts.jsonl). */
  readonly transcripts?: readonly (readonly ViewerTranscriptCall[] | undefined)[];
  /** PRiSM task results of the run directory. */
  readonly prism?: readonly ViewerPrismTask[];
  /** `prism judge`'s summaries by rubric, and `prism errors`' summary, as written. */
  readonly judgeSummaries?: Readonly<Record<string, unknown>>;
  readonly errors?: unknown;
}

/** Bounds on the evidence computed at report time. */
export interface EvidenceOptions {
  /** Nearest answer formulas checked per missed node (0: no evidence). Default 2. */
  readonly perNode?: number;
  /** Missed nodes given evidence per response. Default 6. */
  readonly nodesPerResponse?: number;
}

/** Builds the viewer payload plus each response's detail (`details[r][i]`). Pure apart from CPU time. */
export function buildViewerData(
  runs: readonly ViewerRunInput[],
  problems: readonly Problem[],
  evidence: EvidenceOptions = {},
): { data: ViewerData; details: ViewerDetail[][] } {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const used = new Set<string>();
  const details: ViewerDetail[][] = [];
  const viewerRuns: ViewerRun[] = runs.map((run) => {
    const items: ViewerItem[] = [];
    const runDetails: ViewerDetail[] = [];
    run.records.forEach((record, i) => {
      const problem = record.problem_id === undefined ? undefined : byId.get(record.problem_id);
      if (problem === undefined || record.problem_id === undefined) return;
      used.add(problem.id);
      const time = run.times?.[i];
      items.push({
        i: items.length,
        problem_id: record.problem_id,
        ...(record.response_id === undefined ? {} : { response_id: record.response_id }),
        ...(typeof (record as { sample?: unknown }).sample === 'number'
          ? { sample: (record as { sample: number }).sample }
          : {}),
        domain: problem.domain ?? 'unknown',
        difficulty: problemDifficulty(problem),
        step_score: record.step_score ?? 0,
        final: record.final_answer_correct ?? null,
        matched: record.matched?.length ?? 0,
        nodes: record.total_nodes ?? problem.grading_standard.length,
        ...(time === undefined || time === null ? {} : { time_s: time }),
      });
      const detail = buildDetail(record, run.responses[i] ?? null, problem, evidence);
      const judge = run.judgements?.[i];
      const transcript = run.transcripts?.[i];
      const instance = instanceOf(problem);
      runDetails.push({
        ...detail,
        ...(judge === undefined ? {} : { judge }),
        ...(transcript === undefined ? {} : { transcript }),
        ...(instance === undefined ? {} : { instance }),
      });
    });
    details.push(runDetails);
    const table = tableOf(run.summary) ?? tableOf(summarize(run.records as ScoreRecord[], problems))!;
    return {
      name: run.name,
      source: run.source,
      ...(run.config === undefined ? {} : { config: run.config }),
      table,
      items,
      ...(run.prism === undefined || run.prism.length === 0 ? {} : { prism: run.prism }),
      ...(run.judgeSummaries === undefined ? {} : { judge_summaries: run.judgeSummaries }),
      ...(run.errors === undefined ? {} : { errors: run.errors }),
    };
  });
  const viewerProblems: Record<string, ViewerProblem> = {};
  for (const id of used) viewerProblems[id] = viewerProblem(byId.get(id)!);
  const compare =
    runs.length < 2
      ? undefined
      : compareRuns(
          runs.map((run, r) =>
            runScores(
              run.name,
              viewerRuns[r]!.items.map((i) => ({
                problem_id: i.problem_id,
                step_score: i.step_score,
                final_answer_correct: i.final,
              })),
            ),
          ),
        );
  const data: ViewerData = { schema: 'prism-viewer-v1', runs: viewerRuns, problems: viewerProblems };
  return { data: compare === undefined ? data : { ...data, compare }, details };
}

/** A PRiSM instance's parameters and computed ground truth (instances carry them; plain problems do not). */
function instanceOf(problem: Problem): ViewerInstance | undefined {
  const p = problem as Problem & Partial<ViewerInstance>;
  if (typeof p.instance_of !== 'string' || p.parameter_values === undefined) return undefined;
  return {
    instance_of: p.instance_of,
    instance: typeof p.instance === 'number' ? p.instance : 0,
    parameter_values: p.parameter_values,
    ground_truth: (p.ground_truth ?? []).map((g) => ({
      quantity: g.quantity,
      latex: g.latex,
      value_si: g.value_si,
      ...(g.value === undefined ? {} : { value: g.value }),
      ...(g.unit === undefined ? {} : { unit: g.unit }),
      ...(g.figures === undefined ? {} : { figures: g.figures }),
    })),
  };
}

function viewerProblem(p: Problem): ViewerProblem {
  const layers = dagLayers(p.grading_standard);
  return {
    id: p.id,
    domain: p.domain ?? 'unknown',
    difficulty: problemDifficulty(p),
    context: p.context,
    ...(p.subquestions === undefined || p.subquestions.length === 0
      ? {}
      : { subquestions: p.subquestions.map((q) => ({ letter: q.letter, text: q.subproblem })) }),
    nodes: p.grading_standard.map((n) => ({
      index: n.index,
      formula: n.formula,
      deps: n.dependency,
      final: n.is_final_answer === true,
      layer: layers.layerOf.get(n.index) ?? 1,
    })),
    ...(p.final_answer === undefined ? {} : { final_answer: p.final_answer }),
  };
}

function buildDetail(
  record: Partial<ScoreRecord>,
  response: string | null,
  problem: Problem,
  options: EvidenceOptions,
): ViewerDetail {
  const formulas = record.formulas ?? [];
  const nodes = record.nodes ?? [];
  const perNode = options.perNode ?? 2;
  const maxNodes = options.nodesPerResponse ?? 6;
  const evidence: Record<string, ViewerEvidence[]> = {};
  if (perNode > 0) {
    const answerVars = formulas.map((f) => variableNames(f.latex));
    const missed = nodes.filter((n) => n.status === 'missed').slice(0, maxNodes);
    for (const node of missed) {
      const formula = problem.grading_standard[node.index - 1]?.formula;
      if (formula === undefined) continue;
      const nodeVars = variableNames(formula);
      const ranked = formulas
        .map((f, k) => ({ k, shared: answerVars[k]!.filter((v) => nodeVars.includes(v)), ok: f.prepared }))
        .filter((c) => c.ok && c.shared.length > 0)
        .sort((a, b) => b.shared.length - a.shared.length || a.k - b.k)
        .slice(0, perNode);
      evidence[String(node.index)] = ranked.map((c) => {
        const result = checkEquivalence(formulas[c.k]!.latex, formula, {
          ...(problem.constants === undefined ? {} : { constants: problem.constants }),
          ...(record.mode === undefined ? {} : { mode: record.mode }),
        });
        const ev = result.evidence;
        return {
          formula: c.k,
          shared_variables: c.shared,
          verdict: result.verdict,
          ...(ev.canonicalA === undefined ? {} : { canonical_answer: ev.canonicalA }),
          ...(ev.canonicalB === undefined ? {} : { canonical_node: ev.canonicalB }),
          ...(ev.shortcut === undefined ? {} : { shortcut: ev.shortcut }),
          n_eq: ev.nEq,
          n_neq: ev.nNeq,
          n_fail: ev.nFail,
          // snake_case at the edge, as every JSON the CLI writes (solutions_a, not solutionsA).
          ...(ev.counterexample === undefined ? {} : { counterexample: snakeCaseKeys(ev.counterexample) }),
          diagnostics: result.diagnostics.map((d) => `${d.code}: ${d.message}`),
        };
      });
    }
  }
  const errors = relativeErrors(problem, record);
  return {
    response,
    formulas,
    nodes,
    evidence,
    ...(errors.some((e) => e !== null) ? { relative_errors: errors } : {}),
    dropped: record.dropped ?? [],
    final_answer: record.final_answer ?? null,
    diagnostics: record.diagnostics ?? [],
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * The overview table from a summary.json of either shape: `prism run`'s (`kind: 'run'`, or the older
 * `prism-report-v1`; cells
 * keyed by difficulty and domain, with time) or `prism score`'s (row arrays with response counts).
 */
export function tableOf(summary: unknown): ViewerTable | undefined {
  if (typeof summary !== 'object' || summary === null) return undefined;
  const s = summary as Record<string, unknown>;
  if (s.schema === 'prism-report-v1' || s.kind === 'run') {
    const cell = (group: string, c: unknown): ViewerTableRow => {
      const x = (c ?? {}) as Record<string, unknown>;
      return {
        group,
        problems: num(x.problems),
        responses: null,
        accuracy: num(x.accuracy),
        step_score: num(x.step_score),
        mean_time_s: num(x.mean_time_s),
      };
    };
    const byDifficulty = (s.by_difficulty ?? {}) as Record<string, unknown>;
    return {
      by_difficulty: ['easy', 'medium', 'hard', 'unrated']
        .filter((d) => d !== 'unrated' || num((byDifficulty[d] as { problems?: unknown })?.problems))
        .map((d) => cell(d, byDifficulty[d])),
      average: cell('average', s.average),
      by_domain: Object.entries((s.by_domain ?? {}) as Record<string, unknown>).map(([d, c]) => cell(d, c)),
      ...(s.at_k === undefined ? {} : { at_k: s.at_k }),
    };
  }
  if (typeof s.overall !== 'object' || s.overall === null) return undefined;
  const row = (r: unknown, group?: string): ViewerTableRow => {
    const x = (r ?? {}) as Record<string, unknown>;
    return {
      group: group ?? String(x.group),
      problems: num(x.problems),
      responses: num(x.responses),
      accuracy: num(x.final_answer_accuracy),
      step_score: num(x.mean_step_score),
      mean_time_s: null,
    };
  };
  const rows = (v: unknown): ViewerTableRow[] => (Array.isArray(v) ? v.map((r) => row(r)) : []);
  return {
    by_difficulty: rows(s.by_difficulty),
    average: row(s.overall, 'average'),
    by_domain: rows(s.by_domain),
  };
}
