import { type RobustnessMetrics, robustnessMetrics } from '../stats/robustness-metrics.js';
import { type StepScoreProfile, stepScoreProfile } from '../stats/step-score-profile.js';

/** What a PRiSM report needs of one scored instance. */
export interface InstanceOutcome {
  /** The instance id, `<problem>#<k>`. */
  readonly problem_id: string;
  readonly final_answer_correct: boolean | null;
  readonly step_score?: number | null;
}

/** One PRiSM task's robustness report for one model. */
export interface RobustnessReport {
  readonly task: string;
  readonly model: string;
  readonly metrics: RobustnessMetrics;
  /** Absent when the task has no step score (Task IV scores code outputs). */
  readonly steps?: StepScoreProfile;
  /** Per parameterized problem: each instance's correctness (and step score), in instance order. */
  readonly problems: readonly { readonly id: string; readonly correct: boolean[]; readonly step: number[] }[];
}

/** The problem an instance id belongs to (`mech-04#3` → `mech-04`). */
export function instanceProblemId(id: string): string {
  const at = id.lastIndexOf('#');
  return at < 0 ? id : id.slice(0, at);
}

/**
 * Groups scored instances by problem and computes PRiSM's metrics (spec B4) and the step-score
 * profile. `expected` lists every instance id that should have an outcome: a missing one (a failed
 * request, unscored) counts as wrong with step score 0, so failures cannot raise the metrics.
 */
export function robustnessReport(
  task: string,
  model: string,
  expected: readonly string[],
  outcomes: readonly InstanceOutcome[],
  t = 90,
): RobustnessReport {
  const byId = new Map(outcomes.map((o) => [o.problem_id, o]));
  const groups = new Map<string, { correct: boolean[]; step: number[] }>();
  let withSteps = false;
  for (const id of expected) {
    const key = instanceProblemId(id);
    const group = groups.get(key) ?? { correct: [], step: [] };
    groups.set(key, group);
    const o = byId.get(id);
    group.correct.push(o?.final_answer_correct === true);
    if (typeof o?.step_score === 'number') withSteps = true;
    group.step.push(typeof o?.step_score === 'number' ? o.step_score : 0);
  }
  const problems = [...groups].map(([id, g]) => ({ id, ...g }));
  const metrics = robustnessMetrics(
    problems.map((p) => p.correct),
    t,
  );
  return withSteps
    ? { task, model, metrics, steps: stepScoreProfile(problems.map((p) => p.step)), problems }
    : { task, model, metrics, problems };
}
