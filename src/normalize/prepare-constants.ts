import { type Diagnostic, diagnostic, hasError } from '../core/diagnostic.js';
import type { Span } from '../core/span.js';
import type { Node, NumberNode, ParseResult } from '../core/tree.js';
import { lookupConstant, type PhysicalConstant } from '../physics/constants.js';
import { normalizeApply } from './apply-to-symbol.js';
import type { NormalizeCode } from './codes.js';
import { substituteSymbols } from './substitute-symbols.js';

/** A LaTeX parser with the signature of `parseLatex` (passed in, so this step stays testable alone). */
export type LatexParser = (source: string) => ParseResult;

/** A constants map resolved once: canonical symbol name → value tree with nothing left to substitute. */
export interface PreparedConstants {
  readonly values: ReadonlyMap<string, Node>;
  readonly diagnostics: readonly Diagnostic[];
}

interface Entry {
  readonly key: string;
  readonly name: string;
  readonly tree: Node;
}

/**
 * Stage 1 of the paper, on the map itself: parses each key to its canonical symbol name and each
 * value to a tree, then substitutes recursively (a value may use other keys). Inside values, a
 * symbol that is not a key but names a physical constant (`epsilon_{0}`, `hbar`) takes its
 * CODATA 2018 value — and then also stands for that value in formulas, so `k` mapped to
 * `\frac{1}{4\pi\varepsilon_0}` agrees with a formula that writes ε₀ —, and a key mapped to itself (`"\\varepsilon_0": "\\varepsilon_0"`) means that
 * constant. Cycles give `constant-cycle` (the keys involved stay free symbols); unusable entries
 * give `bad-constant` naming the key; every other entry is still applied. Never throws.
 */
export function prepareConstants(
  constants: Readonly<Record<string, string>>,
  parse: LatexParser,
): PreparedConstants {
  const diagnostics: Diagnostic[] = [];
  const report = (
    code: NormalizeCode,
    severity: Diagnostic['severity'],
    key: string,
    msg: string,
    span?: Span,
  ) =>
    diagnostics.push({
      ...diagnostic(code, severity, msg, span),
      where: `constants[${JSON.stringify(key)}]`,
    });

  const entries = new Map<string, Entry>();
  for (const [key, value] of Object.entries(constants)) {
    const entry = readEntry(key, value, parse, report);
    if (entry === undefined) continue;
    if (entries.has(entry.name)) {
      report('bad-constant', 'error', key, `constant ${key} repeats the symbol ${entry.name}; ignored`);
      continue;
    }
    entries.set(entry.name, entry);
  }

  const done = new Map<string, Node>();
  const failed = new Set<string>();
  const stack: string[] = [];

  const resolve = (name: string): Node | undefined => {
    const known = done.get(name);
    if (known !== undefined) return known;
    if (failed.has(name)) return undefined;
    const entry = entries.get(name)!;
    const at = stack.indexOf(name);
    if (at >= 0) {
      const cycle = stack.slice(at);
      for (const n of cycle) failed.add(n);
      const keys = cycle.map((n) => entries.get(n)!.key);
      report(
        'constant-cycle',
        'error',
        entry.key,
        `constants refer to each other in a cycle: ${keys.join(' → ')} → ${keys[0]}`,
      );
      return undefined;
    }
    const { tree } = entry;
    if (tree.type === 'symbol' && tree.name === name) {
      const physical = lookupConstant(name);
      if (physical === undefined) {
        report(
          'bad-constant',
          'error',
          entry.key,
          `constant ${entry.key} is mapped to itself but names no physical constant`,
          tree.span,
        );
        failed.add(name);
        return undefined;
      }
      const number = constantNumber(physical, tree.span);
      done.set(name, number);
      return number;
    }
    stack.push(name);
    const resolved = substituteSymbols(tree, (symbol) => {
      if (entries.has(symbol.name)) return resolve(symbol.name);
      const physical = lookupConstant(symbol.name);
      if (physical === undefined) return undefined;
      report(
        'constant-from-table',
        'info',
        entry.key,
        `${symbol.name} in the value of ${entry.key} is ${physical.description} = ${physical.value} ${physical.unit} (${physical.source})`,
        symbol.span,
      );
      const number = constantNumber(physical, symbol.span);
      // Naming a physical constant in the map declares it a constant of the problem: formulas that
      // write it out (1/(4π ε0) for a mapped k) then get the same value.
      if (!done.has(symbol.name)) done.set(symbol.name, number);
      return number;
    });
    stack.pop();
    if (failed.has(name)) return undefined;
    done.set(name, resolved);
    return resolved;
  };

  for (const name of entries.keys()) resolve(name);
  return { values: done, diagnostics };
}

/** The number node of a physical constant, with its dimension. */
export function constantNumber(physical: PhysicalConstant, span: Span): NumberNode {
  return { type: 'number', value: physical.value, raw: String(physical.value), dim: physical.dim, span };
}

function readEntry(
  key: string,
  value: string,
  parse: LatexParser,
  report: (
    code: NormalizeCode,
    severity: Diagnostic['severity'],
    key: string,
    msg: string,
    span?: Span,
  ) => void,
): Entry | undefined {
  const parsedKey = parse(key);
  if (!parsedKey.ok || hasError(parsedKey.diagnostics)) {
    report(
      'bad-constant',
      'error',
      key,
      `constant key ${key} does not parse: ${firstMessage(parsedKey.diagnostics)}`,
    );
    return undefined;
  }
  const keyTree = normalizeApply(parsedKey.tree);
  if (keyTree.type !== 'symbol') {
    report('bad-constant', 'error', key, `constant key ${key} is not a single symbol`, keyTree.span);
    return undefined;
  }
  const parsedValue = typeof value === 'string' ? parse(value) : undefined;
  if (parsedValue === undefined || !parsedValue.ok || hasError(parsedValue.diagnostics)) {
    const why = parsedValue === undefined ? 'it is not a string' : firstMessage(parsedValue.diagnostics);
    report('bad-constant', 'error', key, `the value of constant ${key} does not parse: ${why}`);
    return undefined;
  }
  const tree = normalizeApply(parsedValue.tree);
  if (tree.type === 'relation' || tree.type === 'list') {
    report(
      'bad-constant',
      'error',
      key,
      `the value of constant ${key} is not a single expression`,
      tree.span,
    );
    return undefined;
  }
  return { key, name: keyTree.name, tree };
}

function firstMessage(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.find((d) => d.severity === 'error')?.message ?? diagnostics[0]?.message ?? 'no tree';
}
