/** PRiSM's robustness metrics over problems with several variations each (spec B4; SCORE). */
export interface RobustnessMetrics {
  /** Problems with at least one variation. */
  readonly problems: number;
  /** Variations over all problems (Σ |V_p|). */
  readonly instances: number;
  /** Σ_p Σ_v c(p,v) / Σ_p |V_p| × 100 (micro average over instances). */
  readonly overall_accuracy: number;
  /** The threshold t in percent (default 90). */
  readonly t: number;
  /** (1/|P|) Σ_p 𝟙[a_p ≥ t/100] × 100. */
  readonly true_at_t: number;
  /** (1/|P|) Σ_p 𝟙[0.4 ≤ a_p ≤ 0.6] × 100, both bounds inclusive. */
  readonly volatility: number;
  /** (1/|P|) Σ_p 𝟙[a_p = 0] × 100. */
  readonly total_failure_rate: number;
}

/**
 * Overall Accuracy, TRUE@t, Volatility and Total Failure Rate (PRiSM §5.1, after SCORE) of
 * per-problem outcomes: `outcomes[p][v]` is whether variation v of problem p was answered correctly.
 * Problems without variations are ignored. a_p is compared in integer arithmetic (correct × 100 vs
 * t × |V_p|), so 3/5 sits exactly on the volatility bound. All values are percentages; NaN when there
 * is no problem.
 */
export function robustnessMetrics(outcomes: readonly (readonly boolean[])[], t = 90): RobustnessMetrics {
  const rows = outcomes.filter((o) => o.length > 0);
  let correct = 0;
  let instances = 0;
  let reliable = 0;
  let volatile = 0;
  let failed = 0;
  for (const row of rows) {
    const c = row.filter(Boolean).length;
    const n = row.length;
    correct += c;
    instances += n;
    if (c * 100 >= t * n) reliable++;
    if (c * 10 >= 4 * n && c * 10 <= 6 * n) volatile++;
    if (c === 0) failed++;
  }
  const share = (k: number): number => (rows.length === 0 ? Number.NaN : (100 * k) / rows.length);
  return {
    problems: rows.length,
    instances,
    overall_accuracy: instances === 0 ? Number.NaN : (100 * correct) / instances,
    t,
    true_at_t: share(reliable),
    volatility: share(volatile),
    total_failure_rate: share(failed),
  };
}
