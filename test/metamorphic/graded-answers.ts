// The answers we have hand grades for, each with the problem it answers and the problem list it is
// scored against: the bundled answers (`data/answers`, graded by `expected_final_correct`) and the
// blind sets 1–5 (`test/blind/answers*.jsonl`). Peer problems (PHYBench, SciBench, OlympiadBench)
// are imported from `../shared/peers` when present; without it only bundled problems resolve.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { importDataset } from '../../src/import/index.js';
import { sharedFile } from '../helpers/shared.js';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const jsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** One hand-graded answer. */
export interface GradedAnswer {
  readonly id: string;
  /** `bundled` for the bundled answers, else the blind row's source. */
  readonly source: string;
  /** The problem list the answer is scored against (one object per dataset, for a scorer cache). */
  readonly problems: readonly Problem[];
  readonly problem: Problem;
  readonly response: string;
  readonly grade: 'right' | 'wrong';
}

export const BLIND_FILES = [
  'answers.jsonl',
  'answers-2.jsonl',
  'answers-3.jsonl',
  'answers-4.jsonl',
  'answers-5.jsonl',
] as const;

/** The bundled answer files (`data/answers/<domain>.jsonl`). */
export const DOMAINS = [
  'atomic-nuclear-particle',
  'electromagnetism',
  'mechanics',
  'optics',
  'quantum',
  'solid-state-misc',
  'thermodynamics-statistical',
] as const;

/** Every graded answer whose problem resolves; `peers` says whether `../shared/peers` was read. */
export function gradedAnswers(blindFiles: readonly string[] = BLIND_FILES): {
  answers: GradedAnswer[];
  peers: boolean;
} {
  const bundled = loadDataset(root('data/benchmark')).problems;
  const out: GradedAnswer[] = [];
  const peersDir = sharedFile('peers');
  const peer = new Map<string, readonly Problem[]>();
  if (peersDir !== undefined) {
    const read = (f: string): unknown[] => JSON.parse(readFileSync(`${peersDir}/${f}`, 'utf8')) as unknown[];
    peer.set('phybench', importDataset('phybench', read('phybench/PHYBench-fullques_v1.json')).problems);
    peer.set(
      'olympiadbench',
      importDataset('olympiadbench', read('olympiadbench-physics/English_Olympiad_Physics.json')).problems,
    );
    for (const s of ['fund', 'class', 'thermo', 'quan'])
      peer.set(
        `scibench-${s}`,
        importDataset('scibench', [
          ...read(`scibench-physics/${s}.json`),
          ...read(`scibench-physics/${s}_sol.json`),
        ]).problems,
      );
  }
  for (const domain of DOMAINS)
    for (const a of jsonl(root(`data/answers/${domain}.jsonl`))) {
      const problem = bundled.find((p) => p.id === a.problem_id);
      if (problem === undefined || typeof a.expected_final_correct !== 'boolean') continue;
      out.push({
        id: String(a.answer_id),
        source: 'bundled',
        problems: bundled,
        problem,
        response: String(a.response),
        grade: a.expected_final_correct ? 'right' : 'wrong',
      });
    }
  for (const f of blindFiles)
    for (const row of jsonl(root(`test/blind/${f}`))) {
      const id = String(row.problem_id);
      let list: readonly Problem[] | undefined;
      let problem: Problem | undefined;
      if (row.source === 'bundled') [list, problem] = [bundled, bundled.find((p) => p.id === id)];
      else if (row.source === 'scibench') {
        const [subset, ...rest] = id.split(':');
        list = peer.get(`scibench-${subset}`);
        problem = list?.find((p) => String(p.meta?.problemid ?? '').trim() === rest.join(':'));
      } else {
        list = peer.get(String(row.source));
        problem = list?.find((p) => String(p.meta?.source_id ?? '').trim() === id);
      }
      if (list === undefined || problem === undefined) continue;
      out.push({
        id: String(row.id),
        source: String(row.source),
        problems: list,
        problem,
        response: String(row.response),
        grade: row.grade === 'right' ? 'right' : 'wrong',
      });
    }
  return { answers: out, peers: peersDir !== undefined };
}
