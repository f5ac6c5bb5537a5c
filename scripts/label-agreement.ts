/**
 * Compares the hand labels of the bundled sample answers with what the scorer matches.
 *   data/benchmark/<domain>.json   problems with reference DAGs
 *   data/answers/<domain>.jsonl    sample answers labelled `expected_nodes` (nodes the answer states
 *                                  explicitly: direct matches, not ancestors) and `expected_final_correct`
 * Node agreement is over all (answer, node) pairs: a pair agrees when the label and the scorer both
 * say matched or both say not matched (an ancestor credit counts as not matched). Final-answer
 * agreement compares `expected_final_correct` with the record's `final_answer_correct`.
 * Usage: npx tsx scripts/label-agreement.ts [--domain D] [--list] [--json]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/index.js';
import { createScorer } from '../src/score/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BENCHMARK_DIR = join(ROOT, 'data', 'benchmark');
export const ANSWERS_DIR = join(ROOT, 'data', 'answers');

/** One labelled sample answer as stored in `data/answers/<domain>.jsonl`. */
export interface LabelledAnswer {
  readonly problem_id: string;
  readonly answer_id: string;
  readonly kind?: string;
  readonly response: string;
  readonly expected_nodes: readonly number[];
  readonly expected_final_correct: boolean;
  readonly note?: string;
}

/** One (answer, node) pair where the label and the scorer disagree. */
export interface NodeDisagreement {
  readonly domain: string;
  readonly answer_id: string;
  readonly problem_id: string;
  readonly node: number;
  /** What the label says / what the scorer says. */
  readonly label: boolean;
  readonly matcher: boolean;
  readonly node_formula: string;
  /** Answer formulas that matched the node (when the scorer matched it). */
  readonly matched_by: readonly string[];
  /** Every extracted answer formula (when the scorer did not match it): the candidates. */
  readonly candidates: readonly string[];
}

/** A final-answer verdict where the label and the scorer disagree. */
export interface FinalDisagreement {
  readonly domain: string;
  readonly answer_id: string;
  readonly problem_id: string;
  readonly label: boolean;
  readonly matcher: boolean | null;
  readonly expected: readonly string[];
  readonly by: readonly string[];
}

export interface DomainAgreement {
  readonly domain: string;
  readonly answers: number;
  readonly pairs: number;
  readonly agreeing_pairs: number;
  readonly final_total: number;
  readonly final_agreeing: number;
  readonly nodes: NodeDisagreement[];
  readonly finals: FinalDisagreement[];
  /** Answers whose problem is missing or whose labels name nodes the problem does not have. */
  readonly problems: string[];
}

/** Domains that have both a benchmark file and an answers file, in name order. */
export function bundledDomains(): string[] {
  return readdirSync(BENCHMARK_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter((d) => existsSync(join(ANSWERS_DIR, `${d}.jsonl`)))
    .sort();
}

/** Reads a domain's labelled answers (throws on a malformed line: the file is ours). */
export function readAnswers(domain: string): LabelledAnswer[] {
  const text = readFileSync(join(ANSWERS_DIR, `${domain}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelledAnswer);
}

/** Scores every labelled answer of one domain and compares it with its labels. */
export function domainAgreement(domain: string): DomainAgreement {
  const loaded = loadDataset(join(BENCHMARK_DIR, `${domain}.json`));
  const problems = new Map<string, Problem>(loaded.problems.map((p) => [p.id, p]));
  const scorer = createScorer(loaded.problems);
  const nodes: NodeDisagreement[] = [];
  const finals: FinalDisagreement[] = [];
  const issues: string[] = [];
  let pairs = 0;
  let agreeing = 0;
  let finalTotal = 0;
  let finalAgreeing = 0;
  const answers = readAnswers(domain);
  for (const answer of answers) {
    const problem = problems.get(answer.problem_id);
    if (problem === undefined) {
      issues.push(`${answer.answer_id}: problem ${answer.problem_id} is not in ${domain}.json`);
      continue;
    }
    const record = scorer.scoreResponse(problem, answer.response, { response_id: answer.answer_id });
    const expected = new Set(answer.expected_nodes);
    const indices = new Set(problem.grading_standard.map((n) => n.index));
    for (const i of expected)
      if (!indices.has(i)) issues.push(`${answer.answer_id}: labels node ${i}, absent`);
    const formulas = record.formulas.map((f) => f.latex);
    for (const credit of record.nodes) {
      pairs++;
      const label = expected.has(credit.index);
      const matcher = credit.status === 'matched';
      if (label === matcher) {
        agreeing++;
        continue;
      }
      const node = problem.grading_standard.find((n) => n.index === credit.index)!;
      nodes.push({
        domain,
        answer_id: answer.answer_id,
        problem_id: problem.id,
        node: credit.index,
        label,
        matcher,
        node_formula: node.formula,
        matched_by: (credit.matched_by ?? []).map((i) => formulas[i] ?? `#${i}`),
        candidates: matcher ? [] : formulas,
      });
    }
    finalTotal++;
    if (record.final_answer_correct === answer.expected_final_correct) finalAgreeing++;
    else {
      finals.push({
        domain,
        answer_id: answer.answer_id,
        problem_id: problem.id,
        label: answer.expected_final_correct,
        matcher: record.final_answer_correct,
        expected: record.final_answer.answers.map((a) => a.expected),
        by: record.final_answer.answers.flatMap((a) => (a.by === undefined ? [] : [a.by])),
      });
    }
  }
  return {
    domain,
    answers: answers.length,
    pairs,
    agreeing_pairs: agreeing,
    final_total: finalTotal,
    final_agreeing: finalAgreeing,
    nodes,
    finals,
    problems: issues,
  };
}

/** Node and final-answer agreement summed over domains. */
export function totals(results: readonly DomainAgreement[]): {
  pairs: number;
  agreeing: number;
  final_total: number;
  final_agreeing: number;
} {
  return {
    pairs: results.reduce((s, r) => s + r.pairs, 0),
    agreeing: results.reduce((s, r) => s + r.agreeing_pairs, 0),
    final_total: results.reduce((s, r) => s + r.final_total, 0),
    final_agreeing: results.reduce((s, r) => s + r.final_agreeing, 0),
  };
}

/** One line per node disagreement, for listings and failure messages. */
export function describeNode(d: NodeDisagreement): string {
  const side = `label ${d.label ? 'matched' : 'not matched'}, matcher ${d.matcher ? 'matched' : 'not matched'}`;
  const head = `${d.answer_id} node ${d.node}: ${side}\n    node:   ${d.node_formula}`;
  if (d.matcher) return `${head}\n    by:     ${d.matched_by.join('  |  ')}`;
  const list = d.candidates.length === 0 ? '(no formula extracted)' : d.candidates.join('  |  ');
  return `${head}\n    candidates: ${list}`;
}

/** One line per final-answer disagreement. */
export function describeFinal(d: FinalDisagreement): string {
  const by = d.by.length === 0 ? '' : `; matched by ${d.by.join(' | ')}`;
  return `${d.answer_id} final answer: label ${d.label}, matcher ${String(d.matcher)}; expected ${d.expected.join(' | ')}${by}`;
}

function pct(a: number, n: number): string {
  return n === 0 ? '—' : `${((100 * a) / n).toFixed(1)}%`;
}

function main(): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--domain');
  const all = bundledDomains();
  const domains = at >= 0 ? [args[at + 1] ?? ''] : all;
  for (const d of domains) {
    if (!all.includes(d)) {
      console.error(`unknown domain ${JSON.stringify(d)}; one of: ${all.join(', ')}`);
      process.exit(2);
    }
  }
  const results = domains.map(domainAgreement);
  if (args.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  console.log('domain                        answers   node pairs agreeing        final answers agreeing');
  for (const r of results) {
    console.log(
      `${r.domain.padEnd(28)} ${String(r.answers).padStart(8)}   ${`${r.agreeing_pairs}/${r.pairs}`.padStart(9)} ${pct(r.agreeing_pairs, r.pairs).padStart(7)}   ${`${r.final_agreeing}/${r.final_total}`.padStart(9)} ${pct(r.final_agreeing, r.final_total).padStart(7)}`,
    );
  }
  const t = totals(results);
  console.log(
    `${'TOTAL'.padEnd(28)} ${String(results.reduce((s, r) => s + r.answers, 0)).padStart(8)}   ${`${t.agreeing}/${t.pairs}`.padStart(9)} ${pct(t.agreeing, t.pairs).padStart(7)}   ${`${t.final_agreeing}/${t.final_total}`.padStart(9)} ${pct(t.final_agreeing, t.final_total).padStart(7)}`,
  );
  for (const r of results) for (const p of r.problems) console.log(`! ${r.domain}: ${p}`);
  if (args.includes('--list')) {
    for (const r of results) {
      if (r.nodes.length + r.finals.length === 0) continue;
      console.log(`\n## ${r.domain}: ${r.nodes.length} node disagreements, ${r.finals.length} final-answer`);
      for (const d of r.nodes) console.log(`- ${describeNode(d)}`);
      for (const d of r.finals) console.log(`- ${describeFinal(d)}`);
    }
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
