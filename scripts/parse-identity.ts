/**
 * Identity check for parser speed work: parses, splits and prepares every formula of the bundled
 * benchmark (DAG nodes and final answers of data/benchmark, the answers of data/answers) and of
 * ../shared/peers (PRISM DAG and responses, OlympiadBench, PHYBench, SciBench display formulas and
 * worked solutions), and writes one record per formula: a hash of the full `parseLatex` result
 * (tree with spans, diagnostics), the split parts, and the prepared formula's canonical text,
 * diagnostic codes and variables. Run it on the commit before a change (baseline), then after:
 * any difference is listed.
 * Run: npx tsx scripts/parse-identity.ts --out /tmp/after.json [--compare /tmp/base.json]
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { readResponses } from '../src/dataset/read-responses.js';
import { prepareFormulaItems } from '../src/equivalence/index.js';
import { extractFormulas } from '../src/extract/extract-formulas.js';
import { splitFormula } from '../src/extract/split-formula.js';
import { parseLatex } from '../src/latex/index.js';
import { createScorer } from '../src/score/create-scorer.js';
import { olympiadFormulas, phybenchFormulas, prismFormulas, scibenchFormulas } from './parse-coverage.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, compare: { type: 'string' } } });
const records = new Map<string, string>();

const hash = (value: unknown): string =>
  createHash('sha1')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('hex')
    .slice(0, 16);

function prepared(latex: string, constants?: Readonly<Record<string, string>>): string {
  const items = prepareFormulaItems(latex, constants === undefined ? {} : { constants });
  return JSON.stringify(
    items.map((f) => ({
      ok: f.ok,
      kind: f.kind,
      op: f.op,
      canonical: f.canonical,
      codes: f.diagnostics.map((d) => d.code),
      variables: f.variables,
      derivative: f.derivativeVariables,
      costly: f.costlyVariables,
      precision: f.precision,
      tree: hash(f.tree),
      branches: hash(f.branches),
      diagnostics: hash(f.diagnostics),
    })),
  );
}

/** Records one formula: its parse, its split and its prepared form(s). */
function formula(key: string, latex: string, constants?: Readonly<Record<string, string>>): void {
  records.set(`${key} parse`, hash(parseLatex(latex)));
  records.set(`${key} split`, hash(splitFormula(latex)));
  records.set(`${key} prepare`, prepared(latex, constants));
}

/** Records one markdown answer: its extraction and every extracted formula prepared. */
function answer(key: string, text: string, constants?: Readonly<Record<string, string>>): void {
  const extraction = extractFormulas(text);
  records.set(`${key} extract`, hash(extraction));
  [...extraction.formulas, ...extraction.candidates].forEach((f, i) => {
    records.set(`${key} #${i}`, prepared(f.latex, constants));
  });
}

const data = new URL('../data/', import.meta.url);
const bundled = loadDataset(fileURLToPath(new URL('benchmark/', data))).problems;
for (const p of bundled) {
  p.grading_standard.forEach((n, i) => {
    formula(`bundled ${p.id} node ${i}`, n.formula, p.constants);
  });
  (p.final_answer ?? []).forEach((f, i) => {
    formula(`bundled ${p.id} final ${i}`, f, p.constants);
  });
  if (p.solution !== undefined) answer(`bundled ${p.id} solution`, p.solution, p.constants);
}
const constantsOf = new Map(bundled.map((p) => [p.id, p.constants]));
for (const r of readResponses(fileURLToPath(new URL('answers/', data))).responses)
  answer(`answer ${r.problem_id} ${r.response_id}`, r.response, constantsOf.get(r.problem_id));
const scorer = createScorer(bundled);
for (const r of readResponses(fileURLToPath(new URL('answers/', data))).responses) {
  if (!constantsOf.has(r.problem_id)) continue;
  records.set(`score ${r.problem_id} ${r.response_id}`, hash(scorer.scoreResponse(r.problem_id, r.response)));
}

const peers = new URL('../../shared/peers/', import.meta.url);
const at = (rel: string): string => fileURLToPath(new URL(rel, peers));
if (existsSync(at('prism-physics/dag_02_subset.json'))) {
  const prism = loadDataset(at('prism-physics/dag_02_subset.json')).problems;
  for (const p of prism)
    p.grading_standard.forEach((n, i) => {
      formula(`prism ${p.id} node ${i}`, n.formula, p.constants);
    });
  prismFormulas(at('prism-physics/dag_02_subset.json')).forEach((f, i) => {
    formula(`prism raw ${i}`, f);
  });
  const prismConstants = new Map(prism.map((p) => [p.id, p.constants]));
  readResponses(at('prism-physics/responses_02_subset.jsonl')).responses.forEach((r, i) => {
    answer(`prism response ${i}`, r.response, prismConstants.get(r.problem_id));
  });
  const olympiad = at('olympiadbench-physics/English_Olympiad_Physics.json');
  olympiadFormulas(olympiad).forEach((f, i) => {
    formula(`olympiad ${i}`, f);
  });
  const solutions = JSON.parse(readFileSync(olympiad, 'utf8')) as { solution: string[] | string }[];
  solutions.forEach((s, i) => {
    answer(`olympiad solution ${i}`, Array.isArray(s.solution) ? s.solution.join('\n') : s.solution);
  });
  phybenchFormulas(at('phybench/PHYBench-fullques_v1.json')).forEach((f, i) => {
    formula(`phybench ${i}`, f);
  });
  const sci = ['fund', 'class', 'thermo', 'quan'].map((n) => at(`scibench-physics/${n}_sol.json`));
  scibenchFormulas(sci).forEach((f, i) => {
    formula(`scibench ${i}`, f);
  });
} else console.log('../shared/peers is absent: only the bundled data is checked');

const out = Object.fromEntries(records);
if (values.out !== undefined) writeFileSync(values.out, JSON.stringify(out, null, 0));
console.log(`${records.size} records`);
if (values.compare !== undefined) {
  const base = JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, string>;
  let differences = 0;
  for (const key of new Set([...Object.keys(base), ...records.keys()])) {
    if (base[key] === out[key]) continue;
    if (++differences <= 20) console.log(`DIFF ${key}\n  was ${base[key]}\n  now ${out[key]}`);
  }
  console.log(`${differences} differences against ${values.compare}`);
  if (differences > 0) process.exitCode = 1;
}
