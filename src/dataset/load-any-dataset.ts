import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Problem } from '../dag/types.js';
import { parseJson } from './json-error.js';
import { type LoadedDataset, loadDataset } from './load-dataset.js';
import { convertPhysicsEval, isPhysicsEvalRecord } from './load-physicseval.js';
import type { ReferenceSolution } from './physicseval-record.js';

/** A loaded dataset with the reference material judges compare against, per problem id. */
export type LoadedAnyDataset = LoadedDataset & {
  readonly references: ReadonlyMap<string, ReferenceSolution>;
  readonly format: 'prism' | 'physicseval';
};

/** A PRISM problem's reference: its solution text(s) and final answers. */
export function prismReference(problem: Problem): ReferenceSolution {
  const parts: string[] = [];
  if (problem.solution !== undefined) parts.push(problem.solution);
  for (const sq of problem.subquestions ?? []) parts.push(`${sq.letter}) ${sq.solution}`);
  const finals = [
    ...(problem.final_answer ?? []),
    ...(problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
  ];
  const solution = parts.join('\n\n');
  const briefs = finals.length === 0 ? '' : `\n\nFinal answers:\n${finals.map((f) => `- $${f}$`).join('\n')}`;
  return {
    ground_truth: `${solution}${briefs}`.trim(),
    elaborated_solution: solution,
    final_answers: finals,
  };
}

/**
 * Loads a PRISM-Physics dataset (file or directory, {@link loadDataset}) or a PhysicsEval file
 * (a JSON array or JSONL of spec A1 records, detected by `Problem_ID`), with references for judges.
 */
export function loadAnyDataset(path: string): LoadedAnyDataset {
  let text: string | undefined;
  try {
    if (statSync(path).isFile()) text = readFileSync(path, 'utf8');
  } catch {
    // loadDataset reports it
  }
  if (text !== undefined) {
    const items = sniffItems(text, path);
    if (items !== undefined && items.length > 0 && isPhysicsEvalRecord(items[0])) {
      const converted = convertPhysicsEval(items, basename(path));
      return {
        problems: converted.problems,
        diagnostics: converted.diagnostics,
        files: [path],
        readable: true,
        references: converted.references,
        format: 'physicseval',
      };
    }
  }
  const loaded = loadDataset(path);
  return {
    ...loaded,
    references: new Map(loaded.problems.map((p) => [p.id, prismReference(p)])),
    format: 'prism',
  };
}

function sniffItems(text: string, path: string): unknown[] | undefined {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    const parsed = parseJson(text, basename(path));
    return parsed.ok && Array.isArray(parsed.value) ? parsed.value : undefined;
  }
  const items: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      items.push(JSON.parse(line));
    } catch {
      return undefined;
    }
  }
  return items;
}
