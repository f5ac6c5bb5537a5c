import type { Verdict } from '../core/tree.js';
import { compareFormulas, prepareFormula, stripMathDelimiters, VALUE_SYMBOL } from '../equivalence/index.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import { extractFormulas } from '../extract/extract-formulas.js';
import { withDeclarations } from './problem-declarations.js';
import type { Problem } from './types.js';

/** Options of {@link findGivenNodes}. */
export interface GivenNodesOptions {
  /** Equivalence options (the mode); the problem's constants are applied whatever this says. */
  readonly equivalence?: EquivalenceOptions;
  /**
   * Decides a statement of the problem text against a node; the scorer passes its pair matcher
   * (cheap path, cache). Default `compareFormulas`.
   */
  readonly compare?: (stated: PreparedFormula, node: PreparedFormula) => Verdict;
  /** The node formulas already prepared (by index), to prepare none twice. */
  readonly prepared?: ReadonlyMap<number, readonly PreparedFormula[]>;
}

/** Why a node is given: the statement of the problem text it repeats, or its `given` field. */
export interface GivenNode {
  readonly index: number;
  /** The problem text's formula or value it is equivalent to; absent when the dataset says so. */
  readonly stated?: string;
}

/** The problem statement a reader sees: the context, each sub-question and the answer instructions. */
export function problemStatement(problem: Problem): string {
  let known = statements.get(problem);
  if (known === undefined) statements.set(problem, (known = joinedStatement(problem)));
  return known;
}

/**
 * {@link problemStatement} per problem (problems are not changed once loaded): its readers (the
 * final-answer check's questions, aliases, named constants) ran their patterns on a new string for
 * every answer.
 */
const statements = new WeakMap<Problem, string>();

function joinedStatement(problem: Problem): string {
  const parts = [problem.context];
  for (const sub of problem.subquestions ?? []) {
    parts.push(sub.subproblem);
    if (sub.final_answer_instructions !== undefined) parts.push(sub.final_answer_instructions);
  }
  if (problem.final_answer_instructions !== undefined) parts.push(problem.final_answer_instructions);
  return parts.join('\n\n');
}

/** Most statements of a problem text examined (a pathological text stays bounded). */
const MAX_STATEMENTS = 200;

/**
 * The nodes a problem itself states, which an answer earns nothing by repeating: a node is given
 * when a relation written in the problem text (`$r = s\sin\alpha$`, `$v_0 = 3\,\mathrm{m/s}$`) is
 * equivalent to it, or when it only sets a quantity to a value (`m = 0.05`) that the text writes
 * (`a bead of mass $50\,\mathrm{g}$`) and nothing derives (a source node, not a final answer). A
 * node's `given` field overrides the detection either way.
 * Sorted by index; deterministic.
 */
export function findGivenNodes(problem: Problem, options: GivenNodesOptions = {}): GivenNode[] {
  return givenNodesOf(withDeclarations(problem), options);
}

/**
 * {@link findGivenNodes} on the problem with its declarations applied: the text's own aliases
 * (`k = k_0`) and signs apply to its statements as to the nodes, so a formula the text writes under
 * another name is still given.
 */
function givenNodesOf(problem: Problem, options: GivenNodesOptions): GivenNode[] {
  const constants = problem.constants === undefined ? {} : { constants: problem.constants };
  const equivalence: EquivalenceOptions = { ...options.equivalence, ...constants };
  const compare =
    options.compare ??
    ((a: PreparedFormula, b: PreparedFormula) => compareFormulas(a, b, equivalence).verdict);
  const extraction = extractFormulas(problemStatement(problem));
  const relations = extraction.formulas
    .slice(0, MAX_STATEMENTS)
    .map((f) => prepareFormula(f.latex, constants));
  const values = extraction.candidates
    .slice(0, MAX_STATEMENTS)
    .map((f) => prepareFormula(f.latex, constants))
    .filter((p) => p.ok && p.variables.length === 1 && p.variables[0] === VALUE_SYMBOL);
  const out: GivenNode[] = [];
  for (const node of problem.grading_standard) {
    if (node.given === true) {
      out.push({ index: node.index });
      continue;
    }
    if (node.given === false) continue;
    const parts = options.prepared?.get(node.index) ?? [
      prepareFormula(stripMathDelimiters(node.formula), constants),
    ];
    // A value can be a restatement only where nothing derives it: a source node, not a final answer
    // (a derived 0.05 that happens to equal a given 50 g is no given).
    const source = node.dependency.length === 0 && node.is_final_answer !== true;
    const stated = statedBy(parts, relations, source ? values : [], compare, constants);
    if (stated !== undefined) out.push({ index: node.index, stated });
  }
  return out;
}

function statedBy(
  parts: readonly PreparedFormula[],
  relations: readonly PreparedFormula[],
  values: readonly PreparedFormula[],
  compare: (stated: PreparedFormula, node: PreparedFormula) => Verdict,
  constants: { readonly constants?: Readonly<Record<string, string>> },
): string | undefined {
  for (const node of parts) {
    if (!node.ok) continue;
    for (const r of relations) if (r.ok && compare(r, node) === 'equivalent') return r.source;
    // A value node `X = 0.05` (one quantity, no other variable) against a value the text writes.
    const quantity = node.variables.filter((v) => v !== VALUE_SYMBOL);
    if (node.kind !== 'equation' || quantity.length !== 1) continue;
    for (const v of values) {
      const named = prepareFormula(`${quantityLatex(node)} = ${v.source}`, constants);
      if (named.ok && compare(named, node) === 'equivalent') return v.source;
    }
  }
  return undefined;
}

/** The left side of a value node as LaTeX (its source up to the relation). */
function quantityLatex(node: PreparedFormula): string {
  const at = node.source.indexOf('=');
  return at < 0 ? node.source : node.source.slice(0, at);
}
