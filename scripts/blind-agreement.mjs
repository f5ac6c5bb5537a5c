#!/usr/bin/env node
// Agreement of our final-answer verdict with a blind, hand-graded set of model answers
// (test/blind/answers.jsonl: answers written in the styles chat models use, to bundled, PHYBench,
// SciBench and OlympiadBench problems, each graded right/wrong by hand by someone who had not read
// the grader). Uses only the public CLI: `prism import` for the peer datasets (read from
// ../shared/peers; skipped with a message when absent) and `prism score --responses … --quiet`,
// whose records carry `final_answer_correct`.
//
// Usage: node scripts/blind-agreement.mjs [--json] [--peers DIR] [--answers FILE]
// Prints per source and overall: (a) of the answers graded right, how many we accept;
// (b) of the answers graded wrong, how many we reject; then every disagreement.
// Exit codes: 0 measured, 2 bad input (unreadable or malformed answers file, a problem id that
// does not resolve, a CLI failure).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCES = /** @type {const} */ (['bundled', 'phybench', 'scibench', 'olympiadbench']);
const SCIBENCH_SUBSETS = ['fund', 'class', 'thermo', 'quan'];

export const DEFAULT_ANSWERS = fileURLToPath(new URL('../test/blind/answers.jsonl', import.meta.url));
export const DEFAULT_PEERS = fileURLToPath(new URL('../../shared/peers', import.meta.url));

/** An error in the input (answers file, peer data, CLI): exit code 2, one line. */
export class BlindInputError extends Error {}

/**
 * Reads and checks the answers file: one JSON object a line with id, source, problem_id, style,
 * response, grade ("right" | "wrong") and reason.
 * @param {string} path
 * @returns {import('./blind-agreement.d.mts').BlindRow[]}
 */
export function readBlindAnswers(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new BlindInputError(`cannot read ${path}: ${/** @type {Error} */ (error).message}`);
  }
  const rows = [];
  const ids = new Set();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${path}:${i + 1}`;
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BlindInputError(`${where}: not JSON`);
    }
    for (const field of ['id', 'source', 'problem_id', 'style', 'response', 'grade', 'reason']) {
      if (typeof row[field] !== 'string' || row[field] === '') {
        throw new BlindInputError(`${where}: field "${field}" must be a non-empty string`);
      }
    }
    if (!SOURCES.includes(row.source)) {
      throw new BlindInputError(`${where}: source "${row.source}" is not one of ${SOURCES.join(', ')}`);
    }
    if (row.grade !== 'right' && row.grade !== 'wrong') {
      throw new BlindInputError(`${where}: grade must be "right" or "wrong", not "${row.grade}"`);
    }
    if (ids.has(row.id)) throw new BlindInputError(`${where}: id "${row.id}" repeated`);
    ids.add(row.id);
    rows.push(row);
  });
  return rows;
}

/**
 * Runs the built CLI (`bin/prism.js`) as a child process.
 * @param {readonly string[]} argv
 * @returns {import('./blind-agreement.d.mts').CliRun}
 */
export function runBuiltCli(argv) {
  const bin = fileURLToPath(new URL('../bin/prism.js', import.meta.url));
  const child = spawnSync(process.execPath, [bin, ...argv], { encoding: 'utf8', maxBuffer: 256 << 20 });
  return { code: child.status ?? 1, stdout: child.stdout ?? '', stderr: child.stderr ?? '' };
}

/**
 * Imports one peer dataset with `prism import`; returns its problems.
 * @param {import('./blind-agreement.d.mts').CliRunner} run
 * @param {string} format
 * @param {string[]} files
 * @param {string} out
 */
async function importPeer(run, format, files, out) {
  const result = await run(['import', format, ...files, '--out', out]);
  if (result.code !== 0) {
    throw new BlindInputError(`prism import ${format} failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  return /** @type {Array<{id: string, meta?: Record<string, unknown>}>} */ (
    JSON.parse(readFileSync(out, 'utf8'))
  );
}

/**
 * The peer problem a row names: PHYBench and OlympiadBench by the id in their file (kept by the
 * importer as meta.source_id), SciBench as "<subset>:<problemid>" (meta.problemid).
 * @param {Array<{id: string, meta?: Record<string, unknown>}>} problems
 * @param {string} key the meta field
 * @param {string} value
 * @param {string} rowId
 */
function resolvePeer(problems, key, value, rowId) {
  const hits = problems.filter((p) => String(p.meta?.[key] ?? '').trim() === value.trim());
  if (hits.length !== 1) {
    throw new BlindInputError(
      `${rowId}: problem "${value}" ${hits.length === 0 ? 'not found' : 'is ambiguous'} in the imported data`,
    );
  }
  return /** @type {{id: string}} */ (hits[0]).id;
}

/**
 * Scores the rows of one source against one dataset (undefined: the bundled benchmark).
 * @param {import('./blind-agreement.d.mts').CliRunner} run
 * @param {string | undefined} dataset
 * @param {Array<{row: import('./blind-agreement.d.mts').BlindRow, problemId: string}>} items
 * @param {string} dir
 * @param {string} name
 */
async function scoreItems(run, dataset, items, dir, name) {
  const responses = join(dir, `${name}-responses.jsonl`);
  writeFileSync(
    responses,
    items
      .map(({ row, problemId }) =>
        JSON.stringify({ problem_id: problemId, answer_id: row.id, response: row.response }),
      )
      .join('\n') + '\n',
  );
  const out = join(dir, `${name}-score`);
  const argv = ['score', '--responses', responses, '--out', out, '--quiet'];
  if (dataset !== undefined) argv.push('--dataset', dataset);
  const result = await run(argv);
  if (result.code !== 0) {
    throw new BlindInputError(`prism score (${name}) failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  /** @type {Map<string, {final_answer_correct?: boolean | null, final_answer?: {answers?: Array<{expected: string, correct: boolean}>}}>} */
  const records = new Map();
  for (const line of readFileSync(join(out, 'records.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line);
    records.set(record.response_id, record);
  }
  return records;
}

/**
 * Measures the agreement. `run` is the CLI (a child process from the command line; in-process in
 * the test, so that it measures the current source).
 * @param {import('./blind-agreement.d.mts').MeasureOptions} options
 * @returns {Promise<import('./blind-agreement.d.mts').BlindResult>}
 */
export async function measureBlind(options) {
  const run = options.run;
  const rows = options.rows ?? readBlindAnswers(options.answersPath ?? DEFAULT_ANSWERS);
  const peersDir = options.peersDir ?? DEFAULT_PEERS;
  const havePeers = existsSync(peersDir);
  const dir = mkdtempSync(join(tmpdir(), 'prism-blind-'));
  /** @type {import('./blind-agreement.d.mts').SourceResult[]} */
  const sources = [];
  /** @type {import('./blind-agreement.d.mts').Disagreement[]} */
  const disagreements = [];
  try {
    for (const source of SOURCES) {
      const mine = rows.filter((r) => r.source === source);
      if (mine.length === 0) continue;
      const right = mine.filter((r) => r.grade === 'right').length;
      const wrong = mine.length - right;
      if (source !== 'bundled' && !havePeers) {
        sources.push({
          source,
          status: 'skipped',
          note: `${peersDir} is absent; ${mine.length} ${source} answers skipped`,
          right: { total: right, accepted: 0 },
          wrong: { total: wrong, rejected: 0 },
        });
        continue;
      }
      /** @type {Array<{dataset: string | undefined, name: string, items: Array<{row: import('./blind-agreement.d.mts').BlindRow, problemId: string}>}>} */
      const groups = [];
      if (source === 'bundled') {
        groups.push({
          dataset: undefined,
          name: 'bundled',
          items: mine.map((row) => ({ row, problemId: row.problem_id })),
        });
      } else if (source === 'phybench' || source === 'olympiadbench') {
        const file =
          source === 'phybench'
            ? join(peersDir, 'phybench', 'PHYBench-fullques_v1.json')
            : join(peersDir, 'olympiadbench-physics', 'English_Olympiad_Physics.json');
        const dataset = join(dir, `${source}.json`);
        const problems = await importPeer(run, source, [file], dataset);
        const items = mine.map((row) => ({
          row,
          problemId: resolvePeer(problems, 'source_id', row.problem_id, row.id),
        }));
        groups.push({ dataset, name: source, items });
      } else {
        for (const subset of SCIBENCH_SUBSETS) {
          const picked = mine.filter((r) => r.problem_id.startsWith(`${subset}:`));
          if (picked.length === 0) continue;
          const files = [subset, `${subset}_sol`].map((f) => join(peersDir, 'scibench-physics', `${f}.json`));
          const dataset = join(dir, `scibench-${subset}.json`);
          const problems = await importPeer(run, 'scibench', files, dataset);
          const items = picked.map((row) => ({
            row,
            problemId: resolvePeer(problems, 'problemid', row.problem_id.slice(subset.length + 1), row.id),
          }));
          groups.push({ dataset, name: `scibench-${subset}`, items });
        }
        const unknown = mine.find((r) => !SCIBENCH_SUBSETS.some((s) => r.problem_id.startsWith(`${s}:`)));
        if (unknown !== undefined) {
          throw new BlindInputError(
            `${unknown.id}: a SciBench problem_id is "<subset>:<problemid>" with subset ${SCIBENCH_SUBSETS.join('|')}`,
          );
        }
      }
      let accepted = 0;
      let rejected = 0;
      for (const group of groups) {
        const records = await scoreItems(run, group.dataset, group.items, dir, group.name);
        for (const { row } of group.items) {
          const record = records.get(row.id);
          if (record === undefined)
            throw new BlindInputError(`${row.id}: prism score wrote no record for it`);
          const ours = record.final_answer_correct === true ? 'accepted' : 'rejected';
          if (row.grade === 'right' && ours === 'accepted') accepted++;
          if (row.grade === 'wrong' && ours === 'rejected') rejected++;
          if ((row.grade === 'right') !== (ours === 'accepted')) {
            const missed = (record.final_answer?.answers ?? [])
              .filter((a) => a.correct !== (row.grade === 'right'))
              .map((a) => a.expected);
            disagreements.push({
              id: row.id,
              source,
              problem_id: row.problem_id,
              ours:
                record.final_answer_correct === null || record.final_answer_correct === undefined
                  ? 'unchecked'
                  : ours,
              hand: row.grade,
              reason: row.reason,
              expected: missed,
            });
          }
        }
      }
      sources.push({
        source,
        status: 'measured',
        right: { total: right, accepted },
        wrong: { total: wrong, rejected },
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const measured = sources.filter((s) => s.status === 'measured');
  const overall = {
    right: {
      total: measured.reduce((n, s) => n + s.right.total, 0),
      accepted: measured.reduce((n, s) => n + s.right.accepted, 0),
    },
    wrong: {
      total: measured.reduce((n, s) => n + s.wrong.total, 0),
      rejected: measured.reduce((n, s) => n + s.wrong.rejected, 0),
    },
  };
  return { answers: rows.length, sources, overall, disagreements };
}

/** @param {number} a @param {number} b */
function ratio(a, b) {
  return `${a}/${b}`.padEnd(8) + (b === 0 ? '' : `(${((100 * a) / b).toFixed(0)}%)`);
}

/** @param {import('./blind-agreement.d.mts').BlindResult} result */
export function formatBlindResult(result) {
  const lines = [
    `Blind set: ${result.answers} hand-graded answers; our verdict is prism score's final_answer_correct.`,
    '',
    `${'source'.padEnd(15)}${'graded right: we accept'.padEnd(26)}graded wrong: we reject`,
  ];
  for (const s of result.sources) {
    if (s.status === 'skipped') {
      lines.push(`${s.source.padEnd(15)}skipped: ${s.note}`);
      continue;
    }
    lines.push(
      `${s.source.padEnd(15)}${ratio(s.right.accepted, s.right.total).padEnd(26)}${ratio(s.wrong.rejected, s.wrong.total)}`,
    );
  }
  const o = result.overall;
  lines.push(
    `${'overall'.padEnd(15)}${ratio(o.right.accepted, o.right.total).padEnd(26)}${ratio(o.wrong.rejected, o.wrong.total)}`,
  );
  lines.push('', `Disagreements (${result.disagreements.length}):`);
  for (const d of result.disagreements) {
    const expected =
      d.expected.length > 0 ? `  [${d.hand === 'right' ? 'not met' : 'met'}: ${d.expected.join(' ; ')}]` : '';
    lines.push(
      `  ${d.id}  ${d.source}:${d.problem_id}  ours ${d.ours}, hand ${d.hand}: ${d.reason}${expected}`,
    );
  }
  return lines.join('\n');
}

/** @param {string[]} argv */
async function cli(argv) {
  /** @type {{json: boolean, peersDir?: string, answersPath?: string}} */
  const opts = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') opts.json = true;
    else if (arg === '--peers' || arg === '--answers') {
      const value = argv[++i];
      if (value === undefined) throw new BlindInputError(`${arg} needs a value`);
      if (arg === '--peers') opts.peersDir = value;
      else opts.answersPath = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Usage: node scripts/blind-agreement.mjs [--json] [--peers DIR] [--answers FILE]');
      return 0;
    } else throw new BlindInputError(`unknown argument ${arg} (try --help)`);
  }
  /** @type {import('./blind-agreement.d.mts').MeasureOptions} */
  const options = { run: runBuiltCli };
  if (opts.peersDir !== undefined) options.peersDir = opts.peersDir;
  if (opts.answersPath !== undefined) options.answersPath = opts.answersPath;
  const result = await measureBlind(options);
  for (const s of result.sources) if (s.status === 'skipped' && opts.json) console.error(s.note);
  console.log(opts.json ? JSON.stringify(result, null, 2) : formatBlindResult(result));
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  cli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      if (error instanceof BlindInputError) {
        console.error(`blind-agreement: ${error.message}`);
        process.exitCode = 2;
      } else throw error;
    },
  );
}
