import type { Diagnostic } from '../core/diagnostic.js';
import type { DagNode } from './types.js';

/** Builds an error diagnostic located at `where`. */
export function located(code: string, message: string, where: string): Diagnostic {
  return { code, severity: 'error', message, where };
}

/**
 * Structural checks of one problem's DAG (already shaped as {@link DagNode}s): indices 1..n in
 * order, dependencies that exist, are not the node itself and point backwards, cycles (reported as
 * cycles, not as forward edges), at least one final-answer node and every node leading to one.
 * `where` is the problem's location, e.g. `problem 1023`.
 */
export function validateGraph(nodes: readonly DagNode[], where: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const position = new Map<number, number>();
  nodes.forEach((node, i) => {
    if (position.has(node.index)) {
      out.push(
        located(
          'dag-duplicate-index',
          `node index ${node.index} appears twice`,
          `${where} node ${node.index}`,
        ),
      );
    } else position.set(node.index, i);
    if (node.index !== i + 1) {
      out.push(
        located(
          'dag-bad-index',
          `grading_standard[${i}] has index ${node.index}; expected ${i + 1} (indices are 1..n in order)`,
          `${where} node ${node.index}`,
        ),
      );
    }
  });
  const cyclic = cycleNodes(nodes, position);
  for (const cycle of cyclic.cycles) {
    out.push(located('dag-cycle', `dependency cycle ${cycle.join(' → ')}`, `${where} node ${cycle[0]}`));
  }
  nodes.forEach((node, i) => {
    const at = `${where} node ${node.index}`;
    for (const dep of node.dependency) {
      const depPos = position.get(dep);
      if (dep === node.index) out.push(located('dag-self-dependency', `node ${dep} depends on itself`, at));
      else if (depPos === undefined) {
        out.push(
          located('dag-dangling-dependency', `dependency ${dep} names no node (1..${nodes.length})`, at),
        );
      } else if (depPos > i && !(cyclic.onCycle.has(dep) && cyclic.onCycle.has(node.index))) {
        out.push(located('dag-forward-dependency', `dependency ${dep} is a later node`, at));
      }
    }
  });
  const finals = nodes.filter((n) => n.is_final_answer === true).map((n) => n.index);
  // An empty DAG is a final-answer-only problem (its shape was checked by shapeProblem).
  if (finals.length === 0 && nodes.length > 0) {
    out.push(located('dag-no-final-answer', 'no node has is_final_answer: true', where));
    return out;
  }
  const reaches = new Set<number>(finals);
  // Reverse reachability: walk dependency edges backwards from the final nodes.
  const stack = [...finals];
  const byIndex = new Map(nodes.map((n) => [n.index, n]));
  while (stack.length > 0) {
    const index = stack.pop()!;
    for (const dep of byIndex.get(index)?.dependency ?? []) {
      if (!reaches.has(dep) && byIndex.has(dep)) {
        reaches.add(dep);
        stack.push(dep);
      }
    }
  }
  for (const node of nodes) {
    if (!reaches.has(node.index)) {
      out.push(
        located(
          'dag-unreachable-final',
          `node ${node.index} leads to no final-answer node`,
          `${where} node ${node.index}`,
        ),
      );
    }
  }
  return out;
}

interface Cycles {
  readonly cycles: number[][];
  readonly onCycle: Set<number>;
}

/** Finds the cycles of the dependency graph by depth-first search (one report per back edge). */
function cycleNodes(nodes: readonly DagNode[], position: ReadonlyMap<number, number>): Cycles {
  const state = new Map<number, 1 | 2>();
  const path: number[] = [];
  const cycles: number[][] = [];
  const onCycle = new Set<number>();
  const byIndex = new Map(nodes.map((n) => [n.index, n]));
  const visit = (index: number): void => {
    state.set(index, 1);
    path.push(index);
    for (const dep of byIndex.get(index)?.dependency ?? []) {
      if (dep === index || !position.has(dep)) continue;
      const s = state.get(dep);
      if (s === 1) {
        const cycle = path.slice(path.indexOf(dep));
        cycles.push([...cycle, dep]);
        for (const c of cycle) onCycle.add(c);
      } else if (s === undefined) visit(dep);
    }
    path.pop();
    state.set(index, 2);
  };
  for (const node of nodes) if (!state.has(node.index)) visit(node.index);
  return { cycles, onCycle };
}
