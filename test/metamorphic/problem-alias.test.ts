import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { readResponses } from '../../src/dataset/read-responses.js';
import { createScorer } from '../../src/score/create-scorer.js';
import type { ScoreRecord } from '../../src/score/types.js';

// Whole-answer metamorphic check of the problem's declared aliases, on the 210 bundled answers: an
// answer that writes one of the reference's Greek symbols under another name (`\omega` → `\varpi`)
// keeps its record when the problem text declares `$\omega = \varpi$`, and loses a final answer it
// had when the text declares nothing.
const benchmark = fileURLToPath(new URL('../../data/benchmark/', import.meta.url));
const answers = fileURLToPath(new URL('../../data/answers/', import.meta.url));
const ready = existsSync(benchmark) && existsSync(answers);

/** Greek letters an answer may use, each with a decorated name no bundled problem uses. */
const RENAMES: readonly (readonly [string, string])[] = [
  '\\omega',
  '\\theta',
  '\\lambda',
  '\\rho',
  '\\phi',
  '\\tau',
  // not α, σ: an alias whose target would read a table constant (fine-structure, Stefan–Boltzmann)
  // in the constants map is not applied
].map((g) => [g, `\\tilde{${g}}`] as const);

/** The first letter the answer writes alone (no subscript, no prime) that the problem never renames. */
function renameOf(response: string, problem: Problem): readonly [string, string, RegExp] | undefined {
  const text = [problem.context, ...(problem.subquestions ?? []).map((s) => s.subproblem)].join(' ');
  for (const [from, to] of RENAMES) {
    // The letter alone: not `\Delta\phi` (another quantity), not `\omega_0`, `\omega'`, `\omega^{\prime}`.
    const token = new RegExp(`(?<!\\\\[Dd]elta\\s*)\\${from}(?![a-zA-Z_']|\\^\\{?\\s*\\\\prime)`, 'g');
    // Only where every use of the letter is the bare symbol (no `\omega_0` beside it) and the new
    // name is free.
    const all = new RegExp(`\\${from}(?![a-zA-Z])`, 'g');
    const bare = response.match(token)?.length ?? 0;
    if (bare === 0 || bare !== (response.match(all)?.length ?? 0)) continue;
    if (response.includes(to) || text.includes(to)) continue;
    return [from, to, token];
  }
  return undefined;
}

/** Answers whose record the rename changes today, each with what changes (measured; a fix removes it). */
const KNOWN: Readonly<Record<string, string>> = {
  'qm-09-a2': "step score 1 → 0.9: node 6 (mu' = …) is no longer matched once omega is renamed (not triaged)",
};

const key = (r: ScoreRecord) => JSON.stringify({ s: r.step_score, m: r.matched, f: r.final_answer_correct });

test('an answer using the name the problem declares keeps its record; undeclared, it loses', (t) => {
  if (!ready) return t.skip('data/benchmark or data/answers absent');
  const problems = loadDataset(benchmark).problems;
  const rows = readResponses(answers).responses;
  const byId = new Map(problems.map((p) => [p.id, p]));
  const declared: Problem[] = [];
  const cases: { id: string; problem: string; original: string; renamed: string }[] = [];
  for (const row of rows) {
    const problem = byId.get(row.problem_id);
    if (problem === undefined) continue;
    const rename = renameOf(row.response, problem);
    if (rename === undefined) continue;
    const [from, to, token] = rename;
    const id = `${problem.id}~${String(row.meta.answer_id)}`;
    declared.push({ ...problem, id, context: `${problem.context} Below, $${from} = ${to}$.` });
    cases.push({
      id: String(row.meta.answer_id),
      problem: id,
      original: row.response,
      renamed: row.response.replace(token, to),
    });
  }
  const plain = createScorer(problems);
  const withAlias = createScorer(declared);
  const changed: string[] = [];
  let lost = 0;
  let finals = 0;
  for (const c of cases) {
    const problemId = c.problem.split('~')[0]!;
    const before = plain.scoreResponse(problemId, c.original);
    const after = withAlias.scoreResponse(c.problem, c.renamed);
    if (key(before) !== key(after) && KNOWN[c.id] === undefined)
      changed.push(`${c.id}: ${key(before)} → ${key(after)}`);
    if (before.final_answer_correct === true) {
      finals++;
      if (plain.scoreResponse(problemId, c.renamed).final_answer_correct !== true) lost++;
    }
  }
  assert.ok(cases.length >= 40, `applies to only ${cases.length} answers`);
  assert.deepEqual(changed, [], `${changed.length} of ${cases.length} records changed`);
  // Without the declaration the renamed answers that relied on the letter lose their final answer
  // (not all: many answers state the final result without that letter).
  assert.ok(lost >= 5, `only ${lost} of ${finals} final-correct answers lost their final answer undeclared`);
});
