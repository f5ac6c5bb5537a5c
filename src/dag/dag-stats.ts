import { dagLayers } from './dag-layers.js';
import { problemDifficulty } from './difficulty-model.js';
import { entropyComplexity } from './entropy-complexity.js';
import { proxyC12 } from './proxy-c12.js';
import { placeholderNames } from './render-template.js';
import type { Problem } from './types.js';

/** Min / mean / max of a list of numbers (all 0 for an empty list). */
export interface Spread {
  readonly min: number;
  readonly mean: number;
  readonly max: number;
}

/** Dataset statistics for `prism dataset stats`. */
export interface DatasetStats {
  readonly problems: number;
  readonly domains: Record<string, number>;
  readonly difficulties: Record<string, number>;
  readonly nodes: number;
  readonly edges: number;
  readonly final_answer_nodes: number;
  readonly nodes_per_problem: Spread;
  readonly depth: Spread;
  readonly width: Spread;
  readonly complexity: Spread;
  readonly with_subquestions: number;
  readonly with_images: number;
  /** PRiSM's per-problem statistics (spec B7), each with its sample sd. */
  readonly per_problem: {
    /** Reasoning steps: the DAG's nodes. */
    readonly steps: SpreadSd;
    /** Concepts: the relations the derivation starts from (DAG sources) + sub-questions beyond the first. */
    readonly concepts: SpreadSd;
    /** Input variables: declared parameters. */
    readonly inputs: SpreadSd;
    /** Input variables the text shows as placeholders. */
    readonly text_inputs: SpreadSd;
    /** Output variables: stated final answers (top level and sub-questions). */
    readonly outputs: SpreadSd;
  };
}

/** A spread with its sample standard deviation (0 below two values), as PRiSM's Table 5 reports. */
export interface SpreadSd extends Spread {
  readonly sd: number;
}

function spreadSd(values: readonly number[]): SpreadSd {
  const base = spread(values);
  if (values.length < 2) return { ...base, sd: 0 };
  const m = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
  return { ...base, sd: Math.round(sd * 1000) / 1000 };
}

function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { min: 0, mean: 0, max: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { min: Math.min(...values), mean: Math.round(mean * 1000) / 1000, max: Math.max(...values) };
}

/** The distinct parameters a problem's text (template) shows. */
function textInputs(p: Problem): number {
  const t = p.template;
  if (t === undefined) return 0;
  const texts = [t.context, ...(t.subquestions ?? []).map((q) => q.subproblem)];
  return new Set(texts.flatMap(placeholderNames)).size;
}

/** Counts, domains, difficulties and DAG shape statistics of validated problems. */
export function dagStats(problems: readonly Problem[]): DatasetStats {
  const domains: Record<string, number> = {};
  const difficulties: Record<string, number> = {};
  const depth: number[] = [];
  const width: number[] = [];
  const complexity: number[] = [];
  const sizes: number[] = [];
  let edges = 0;
  let finals = 0;
  for (const problem of problems) {
    const domain = problem.domain ?? 'unknown';
    domains[domain] = (domains[domain] ?? 0) + 1;
    const difficulty = problemDifficulty(problem);
    difficulties[difficulty] = (difficulties[difficulty] ?? 0) + 1;
    const layers = dagLayers(problem.grading_standard);
    depth.push(layers.depth);
    width.push(layers.width);
    complexity.push(Math.round(entropyComplexity(problem.grading_standard) * 1000) / 1000);
    sizes.push(problem.grading_standard.length);
    for (const node of problem.grading_standard) {
      edges += node.dependency.length;
      if (node.is_final_answer === true) finals++;
    }
  }
  return {
    problems: problems.length,
    domains,
    difficulties,
    nodes: sizes.reduce((a, b) => a + b, 0),
    edges,
    final_answer_nodes: finals,
    nodes_per_problem: spread(sizes),
    depth: spread(depth),
    width: spread(width),
    complexity: spread(complexity),
    with_subquestions: problems.filter((p) => (p.subquestions?.length ?? 0) > 0).length,
    with_images: problems.filter((p) => (p.images?.length ?? 0) > 0).length,
    per_problem: {
      steps: spreadSd(sizes),
      concepts: spreadSd(problems.map((p) => proxyC12(p).concepts)),
      inputs: spreadSd(problems.map((p) => p.parameters?.length ?? 0)),
      text_inputs: spreadSd(problems.map((p) => textInputs(p))),
      outputs: spreadSd(
        problems.map(
          (p) =>
            (p.final_answer?.length ?? 0) +
            (p.subquestions ?? []).reduce((k, q) => k + (q.final_answer?.length ?? 0), 0),
        ),
      ),
    },
  };
}
