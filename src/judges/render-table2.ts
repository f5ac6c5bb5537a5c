import type { JudgeSummary } from './judge-summary.js';

/** One (model, technique) run's PPS summary. */
export interface Table2Entry {
  readonly model: string;
  readonly technique: string;
  readonly summary: JudgeSummary;
}

const TIERS = ['easy', 'medium', 'hard'] as const;

/**
 * PhysicsEval Table 2's layout: a row per model, a column per (tier × technique) holding the mean
 * PPS, and an Average row = the unweighted mean of the models' cells (as in the paper). Pure.
 */
export function renderTable2(entries: readonly Table2Entry[]): string {
  const models = [...new Set(entries.map((e) => e.model))];
  const techniques = [...new Set(entries.map((e) => e.technique))];
  const value = (model: string, technique: string, tier: string): number | null => {
    const e = entries.find((x) => x.model === model && x.technique === technique);
    return e?.summary.by_difficulty[tier]?.pps?.mean ?? null;
  };
  const columns = TIERS.flatMap((tier) => techniques.map((t) => ({ tier, t })));
  const f = (v: number | null): string => (v === null ? '–' : v.toFixed(1));
  const lines = [
    `| Model | ${columns.map((c) => `${c.tier[0]!.toUpperCase()}${c.tier.slice(1)} ${c.t}`).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    ...models.map((m) => `| ${m} | ${columns.map((c) => f(value(m, c.t, c.tier))).join(' | ')} |`),
  ];
  if (models.length > 1) {
    const avg = columns.map((c) => {
      const xs = models.map((m) => value(m, c.t, c.tier)).filter((v): v is number => v !== null);
      return xs.length === 0 ? '–' : (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(2);
    });
    lines.push(`| Average | ${avg.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
