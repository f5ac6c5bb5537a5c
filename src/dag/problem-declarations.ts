import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { prepareFormula, stripMathDelimiters, symbolName } from '../equivalence/index.js';
import { extractFormulas } from '../extract/extract-formulas.js';
import { parseLatex } from '../latex/index.js';
import type { Problem } from './types.js';

/** Most formulas of a problem text read for declarations (a pathological text stays bounded). */
const MAX_FORMULAS = 200;

/** What a problem text declares about its symbols, used like entries of its constants map. */
export interface ProblemDeclarations {
  /**
   * Another name the text gives a quantity the reference writes (`k = k_0` with the reference in k,
   * `m_1 = m_2 = m` with the reference in m): alias LaTeX → the reference's symbol LaTeX.
   */
  readonly aliases: ReadonlyMap<string, string>;
  /**
   * Symbols the text declares negative (`E_b < 0`): symbol LaTeX → the LaTeX that replaces it, minus
   * a fresh positive symbol, so comparisons draw the quantity on its physical domain.
   */
  readonly negatives: ReadonlyMap<string, string>;
}

/** Words after which `a = b` is a condition (a place, a time, a case), not a second name. */
const CONDITION =
  /\b(?:at|when|whenever|for|if|until|till|once|after|before|as|while|unless|except|region|regions)$/i;

/** The decoration that names the positive magnitude of a quantity declared negative. */
const MAGNITUDE = '\\check';

/**
 * The aliases and signs a problem text declares for single symbols (see {@link ProblemDeclarations}).
 * An alias is read only from a relation between two lone symbols in the text (`$k = k_0$`, chains
 * `$m_1 = m_2 = m$`), and only when exactly one symbol of the group is a variable of the reference
 * (its nodes and final answers): the others then stand for it. A group whose members the reference
 * uses two of (`x = L` for a wall at x = L, with x and L both in the reference) declares a condition,
 * not a name, and is left alone. A sign is read from `X < 0`, `X \le 0` (or `0 > X`) for a lone
 * symbol the text never also calls positive. Symbols the constants map already defines are left
 * alone; so is an alias whose target would read a physical constant from the table in a map value
 * (`c`, `h`). Deterministic; bounded by the text.
 */
export function problemDeclarations(problem: Problem): ProblemDeclarations {
  const aliases = new Map<string, string>();
  const negatives = new Map<string, string>();
  const constants = problem.constants ?? {};
  const text = [problem.context, ...(problem.subquestions ?? []).map((s) => s.subproblem)].join('\n\n');
  const formulas = extractFormulas(text).formulas.slice(0, MAX_FORMULAS);
  // Groups of symbols the text equates, by canonical name; the LaTeX each was written as.
  const parent = new Map<string, string>();
  const latexOf = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const add = (name: string, latex: string) => {
    if (!parent.has(name)) parent.set(name, name);
    if (!latexOf.has(name)) latexOf.set(name, latex.trim());
  };
  const signs = new Map<string, { latex: string; negative: boolean; positive: boolean }>();
  const valued = new Set<string>();
  for (const f of formulas) {
    const parts = relationParts(f.latex);
    if (parts === undefined) continue;
    const { lhs, rhs, relation } = parts;
    // `at $y = l$`, `when $\alpha = \beta$`, `for $x < 0$`: a place, time, case or region, not a
    // name or a sign.
    if (CONDITION.test(text.slice(Math.max(0, f.offset - 40), f.offset).replace(/[$\\([\s]+$/, ''))) continue;
    // A template placeholder (`{{T_1_2}}`) is a value, not a name.
    if (lhs.includes('{{') || rhs.includes('{{')) continue;
    const left = symbolName(lhs);
    const right = symbolName(rhs);
    if (relation === '=') {
      // A symbol the text also sets to a value (`V = 0` for x < 0 and `V = V_0` for x > 0) is
      // piecewise or a condition, not another name.
      if (left === undefined || right === undefined) {
        if (left !== undefined) valued.add(left);
        if (right !== undefined) valued.add(right);
        continue;
      }
      if (left === right) continue;
      add(left, lhs);
      add(right, rhs);
      parent.set(find(left), find(right));
      continue;
    }
    // `X < 0`, `0 > X` (and ≤, ≥): a sign; `X > 0` only guards against a conflicting one.
    const zeroRight = /^\s*0\s*$/.test(rhs);
    const zeroLeft = /^\s*0\s*$/.test(lhs);
    const name = zeroRight ? left : zeroLeft ? right : undefined;
    if (name === undefined) continue;
    const less = relation === '<' || relation === '<=';
    const negative = zeroRight ? less : !less;
    const entry = signs.get(name) ?? {
      latex: (zeroRight ? lhs : rhs).trim(),
      negative: false,
      positive: false,
    };
    if (negative) entry.negative = true;
    else entry.positive = true;
    signs.set(name, entry);
  }
  // The reference is read only when the text declares something (most texts declare nothing).
  if (parent.size === 0 && ![...signs.values()].some((x) => x.negative)) return { aliases, negatives };
  const reference = referenceVariables(problem);
  const defined = new Set<string>();
  for (const key of Object.keys(constants)) {
    const name = symbolName(key);
    if (name !== undefined) defined.add(name);
  }
  const groups = new Map<string, string[]>();
  for (const name of parent.keys()) {
    const root = find(name);
    groups.set(root, [...(groups.get(root) ?? []), name]);
  }
  for (const members of groups.values()) {
    const used = members.filter((m) => reference.has(m));
    // A name the text also sets to a value is a piece or a condition (`V = 0` … `V = V_0`); the
    // reference's own symbol may have one (`\theta = 30^\circ`).
    if (used.length !== 1 || members.some((m) => m !== used[0] && valued.has(m))) continue;
    const target = latexOf.get(used[0]!)!;
    if (readsTable(target)) continue;
    for (const m of members) {
      if (m === used[0] || defined.has(m)) continue;
      aliases.set(latexOf.get(m)!, target);
    }
  }
  for (const [name, s] of signs) {
    if (!s.negative || s.positive || defined.has(name) || [...aliases.keys()].includes(s.latex)) continue;
    negatives.set(s.latex, `-${MAGNITUDE}{${s.latex}}`);
  }
  return { aliases, negatives };
}

const declared = new WeakMap<Problem, Problem>();

/**
 * The problem with its declarations ({@link problemDeclarations}) added to its constants map, so that
 * every formula of the problem and of its answers is read with them (the same object when it declares
 * nothing). Idempotent.
 */
export function withDeclarations(problem: Problem): Problem {
  const known = declared.get(problem);
  if (known !== undefined) return known;
  const { aliases, negatives } = problemDeclarations(problem);
  let out = problem;
  if (aliases.size > 0 || negatives.size > 0) {
    const constants: Record<string, string> = { ...(problem.constants ?? {}) };
    for (const [k, v] of [...aliases, ...negatives]) if (constants[k] === undefined) constants[k] = v;
    out = { ...problem, constants };
  }
  declared.set(problem, out);
  declared.set(out, out);
  return out;
}

/**
 * The symbols of the reference: every node formula and final answer, by the name `symbolName` gives
 * (bound variables included: a symbol the reference writes anywhere is one it uses).
 */
function referenceVariables(problem: Problem): Set<string> {
  const texts = [
    ...problem.grading_standard.map((n) => stripMathDelimiters(n.formula)),
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
  ];
  const out = new Set<string>();
  for (const latex of texts) {
    const parsed = parseLatex(latex);
    if (!parsed.ok) continue;
    const stack: Node[] = [parsed.tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'symbol' || node.type === 'apply') out.add(node.name);
      stack.push(...childNodes(node));
    }
  }
  return out;
}

/** Whether a symbol written as a constants map value would read a physical constant from the table. */
function readsTable(latex: string): boolean {
  const p = prepareFormula('0', { constants: { '\\mathrm{probe}': latex } });
  return !p.ok || p.diagnostics.some((d) => d.code === 'constant-from-table');
}

/** The two sides of a formula with one top-level `=`, `<`, `>`, `\le`, `\ge` (or their variants). */
function relationParts(
  latex: string,
): { lhs: string; rhs: string; relation: '=' | '<' | '<=' | '>' | '>=' } | undefined {
  const m = /^([^=<>]*?)\s*(=|<|>|\\(?:leq?|leqslant|lt|geq?|geqslant|gt)(?![a-zA-Z]))\s*([^=<>]*)$/.exec(
    latex,
  );
  if (m === null || /\\(?:leq?|leqslant|lt|geq?|geqslant|gt)(?![a-zA-Z])/.test(m[1]! + m[3]!))
    return undefined;
  const op = m[2]!;
  const relation =
    op === '='
      ? '='
      : op === '<' || op === '\\lt'
        ? '<'
        : op === '>' || op === '\\gt'
          ? '>'
          : op.startsWith('\\l')
            ? '<='
            : '>=';
  return { lhs: m[1]!, rhs: m[3]!, relation };
}
