import type { Problem } from '../dag/types.js';
import { CRITERIA } from '../pipeline/project-config.js';
import { mean, sampleSd } from '../stats/describe.js';
import type { Judgement } from './judge-sample.js';

/** Mean, median and sample sd of one metric over the judged answers of a group. */
export interface Describe {
  readonly n: number;
  readonly mean: number | null;
  readonly median: number | null;
  readonly sd: number | null;
}

/** One group (a tier, a domain, or all): every metric the rubric yields. */
export type JudgeGroup = Readonly<Record<string, Describe>>;

/** A judged sample as the summary needs it. */
export interface JudgedRow {
  readonly problem_id: string;
  readonly judgement: Judgement;
}

/** Judgements summarised (spec A8 descriptives) overall, per difficulty tier and per domain. */
export interface JudgeSummary {
  readonly rubric: string;
  readonly judged: number;
  /** Judge failures (unparseable after a re-ask, or failed calls): excluded from the numbers, counted here. */
  readonly failures: number;
  readonly overall: JudgeGroup;
  readonly by_difficulty: Readonly<Record<string, JudgeGroup>>;
  readonly by_domain: Readonly<Record<string, JudgeGroup>>;
}

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Describes a list of numbers (null fields when empty; sd null below two values). */
export function describe(xs: readonly number[]): Describe {
  const sd = sampleSd(xs);
  return {
    n: xs.length,
    mean: xs.length === 0 ? null : mean(xs),
    median: median(xs),
    sd: Number.isNaN(sd) ? null : sd,
  };
}

/** The metrics of one successful judgement: PPS and the six criteria; the binary score; the step score. */
export function judgementMetrics(j: Judgement): Record<string, number> {
  if (!j.ok) return {};
  if (j.rubric === 'pps') return { pps: j.pps, ...j.scores };
  return { score: j.score };
}

/** Summarises judgements by Easy / Medium / Hard (unrated apart) and by domain. Pure. */
export function summarizeJudgements(
  rubric: string,
  rows: readonly JudgedRow[],
  problems: readonly Problem[],
): JudgeSummary {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const ok = rows.filter((r) => r.judgement.ok);
  const metrics = rubric === 'pps' ? ['pps', ...CRITERIA] : ['score'];
  const group = (list: readonly JudgedRow[]): JudgeGroup =>
    Object.fromEntries(
      metrics.map((m) => [
        m,
        describe(
          list.map((r) => judgementMetrics(r.judgement)[m]).filter((v): v is number => v !== undefined),
        ),
      ]),
    );
  const by = (key: (p: Problem | undefined) => string): Record<string, JudgeGroup> => {
    const groups = new Map<string, JudgedRow[]>();
    for (const r of ok) {
      const k = key(byId.get(r.problem_id));
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    return Object.fromEntries([...groups.keys()].sort().map((k) => [k, group(groups.get(k)!)]));
  };
  const tiers = by((p) => p?.difficulty ?? 'unrated');
  const ordered: Record<string, JudgeGroup> = {};
  for (const t of ['easy', 'medium', 'hard', 'unrated']) if (tiers[t] !== undefined) ordered[t] = tiers[t];
  return {
    rubric,
    judged: ok.length,
    failures: rows.length - ok.length,
    overall: group(ok),
    by_difficulty: ordered,
    by_domain: by((p) => p?.domain ?? 'unknown'),
  };
}
