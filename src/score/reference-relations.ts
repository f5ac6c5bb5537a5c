import { printLatex } from '../core/print-latex.js';
import type { Node } from '../core/tree.js';
import { findMathBlocks } from '../extract/find-math-blocks.js';
import { splitFormula } from '../extract/split-formula.js';
import { parseLatex } from '../latex/index.js';
import { freeVariables } from '../numeric/free-variables.js';

/** Most relations read from a reference (a pathological solution text stays bounded). */
const MAX_RELATIONS = 8;
/** Most characters of a solution text read for relations. */
const MAX_TEXT = 20_000;

/** A relation between products of the problem's givens (`MR = mr`), as its two sides. */
export interface GivenRelation {
  readonly lhs: Node;
  readonly rhs: Node;
  readonly variables: readonly string[];
}

/**
 * The relations a reference states between the problem's givens alone, as products of powers
 * (`M R - m r = 0` for two bodies about their centre of mass, `T_1 r_1 = T_2 r_2`): true of the
 * problem, so an answer written with one given where the reference writes another may be read
 * through them. Read from the reference solution's text and its DAG nodes; a relation must name two
 * givens at least (symbols the problem text writes that the reference never solves for: a lone side
 * of one of its equations), none of the `asked` quantities, and have no sum on either side (a result such as `\omega^2 = \frac{G(M+m)}{(R+r)^3}` is never a relation between
 * givens).
 */
export function givenRelations(
  texts: readonly string[],
  givens: ReadonlySet<string>,
  asked: ReadonlySet<string>,
): GivenRelation[] {
  const relations: GivenRelation[] = [];
  // A symbol the reference solves for (a lone side of one of its equations, `\omega = 2\pi c\tilde\nu`)
  // is derived, not given, even when the problem text names it.
  const derived = new Set<string>();
  for (const text of texts) {
    for (const block of findMathBlocks(text.slice(0, MAX_TEXT))) {
      const split = splitFormula(block.content);
      if (!split.ok) continue;
      for (const part of split.parts) {
        if (!part.relation) continue;
        const parsed = parseLatex(part.latex);
        if (parsed.ok && parsed.tree.type === 'relation')
          for (const side of parsed.tree.args) if (side.type === 'symbol') derived.add(side.name);
        const relation = asRelation(part.latex);
        if (relation !== undefined && relations.length < MAX_RELATIONS) relations.push(relation);
      }
    }
  }
  return relations.filter(
    ({ variables }) =>
      variables.length >= 2 && variables.every((v) => givens.has(v) && !asked.has(v) && !derived.has(v)),
  );
}

function asRelation(latex: string): GivenRelation | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  if (tree.type !== 'relation' || tree.ops.length !== 1 || tree.ops[0] !== '=') return undefined;
  let [lhs, rhs] = tree.args as [Node, Node];
  // `A - B = 0` is `A = B`.
  if (rhs.type === 'number' && rhs.value === 0 && lhs.type === 'binary' && lhs.op === '-')
    [lhs, rhs] = [lhs.left, lhs.right];
  if (!monomial(lhs) || !monomial(rhs)) return undefined;
  const variables = [...new Set([...freeVariables(lhs), ...freeVariables(rhs)])];
  return { lhs, rhs, variables };
}

/** A product or quotient of symbols and numbers, with numeric powers. */
function monomial(node: Node): boolean {
  switch (node.type) {
    case 'symbol':
    case 'number':
      return true;
    case 'unary':
      return node.op === '-' && monomial(node.arg);
    case 'binary':
      if (node.op === '^') return monomial(node.left) && node.right.type === 'number';
      return (node.op === '*' || node.op === '/') && monomial(node.left) && monomial(node.right);
    default:
      return false;
  }
}

/**
 * Definitions read from given relations: each symbol the answer writes and the expected answer does
 * not (`M` in `\sqrt{G(M+m)/(R+r)^3}` against `\sqrt{Gm/(R(R+r)^2)}`), solved from a relation where
 * it is one factor of one side (`M = \frac{m r}{R}` from `MR = mr`). `solve` isolates a symbol as a
 * factor of a side: its power and the rest of the side.
 */
export function relationDefinitions(
  relations: readonly GivenRelation[],
  answer: ReadonlySet<string>,
  expected: ReadonlySet<string>,
  solve: (side: Node, name: string) => { power: number; rest?: Node } | undefined,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const r of relations) {
    for (const name of r.variables) {
      if (out.has(name) || !answer.has(name) || expected.has(name)) continue;
      const inLeft = freeVariables(r.lhs).includes(name);
      const inRight = freeVariables(r.rhs).includes(name);
      if (inLeft === inRight) continue;
      const [side, other] = inLeft ? [r.lhs, r.rhs] : [r.rhs, r.lhs];
      const factor = solve(side, name);
      if (factor === undefined || factor.power !== 1) continue;
      const rest = factor.rest === undefined ? '1' : printLatex(factor.rest);
      const symbol = symbolLatex(side, name);
      if (symbol === undefined) continue;
      out.set(name, { symbol, value: `\\frac{${printLatex(other)}}{${rest}}` });
    }
  }
  return out;
}

/** The LaTeX of a symbol as written in a tree (its first occurrence). */
function symbolLatex(node: Node, name: string): string | undefined {
  if (node.type === 'symbol') return node.name === name ? printLatex(node) : undefined;
  if (node.type === 'binary') return symbolLatex(node.left, name) ?? symbolLatex(node.right, name);
  if (node.type === 'unary') return symbolLatex(node.arg, name);
  return undefined;
}
