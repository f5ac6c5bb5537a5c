import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { reportCommand } from '../../src/cli/commands/report.js';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath, bundledResponsesPath, packageRoot } from '../../src/dataset/bundled-dataset.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { readResponses } from '../../src/dataset/read-responses.js';
import { summarizeErrors } from '../../src/error-analysis/error-summary.js';
import { datasetInstances } from '../../src/instances/index.js';
import { type JudgedRow, summarizeJudgements } from '../../src/judges/judge-summary.js';
import { readJsonLines } from '../../src/pipeline/jsonl-file.js';
import type { CodeOutcome } from '../../src/tasks/code-task.js';
import type { RobustnessReport } from '../../src/tasks/index.js';
import { robustnessReport } from '../../src/tasks/robustness-report.js';
import type { AmbiguityOutcome } from '../../src/tasks/run-ambiguity-task.js';
import type { CorrectionOutcome } from '../../src/tasks/run-correction-task.js';
import { readAppBundle } from '../../src/viewer/app-bundle.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';
import { textbookModel } from '../tasks/fake-models.js';

// The viewer's panels for what a run records beyond its scores: technique transcripts, PRiSM
// instances and tasks, the problem text as math, numeric answers with their relative error.
const CHROMIUM = process.env.PRISM_CHROMIUM ?? '/usr/bin/chromium';
const skip = existsSync(CHROMIUM)
  ? false
  : `no chromium at ${CHROMIUM} (apt-get install chromium); browser tests skipped`;
const artifacts = join(packageRoot(), 'test-artifacts', 'viewer');
const tmp = mkdtempSync(join(tmpdir(), 'prism-panels-'));
const reviewDir = join(tmp, 'review');
const taskDir = join(tmp, 'task1');
const tasksDir = join(tmp, 'tasks');
const emDataset = join(bundledDatasetPath(), 'electromagnetism.json');
const REVIEW = 'The sign of $v_0$ in step 2 is wrong <img src=x onerror="window.__pwned=1">';
let servers: FakeServer[] = [];
let browser: Browser | undefined;

async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser!.newContext({ viewport: { width: 1400, height: 900 } });
  await context.route('**/*', (route) =>
    route.request().url().startsWith('file://') ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function html(dir: string, name: string): Promise<string> {
  const file = join(tmp, `${name}.html`);
  const made = await runCommand(reportCommand, [dir, '--html', file]);
  assert.equal(made.code, 0, made.stderr);
  return pathToFileURL(file).href;
}

before(async () => {
  if (skip !== false) return;
  if (readAppBundle() === undefined)
    execFileSync(process.execPath, [join(packageRoot(), 'scripts', 'build-viewer.mjs')]);
  mkdirSync(artifacts, { recursive: true });
  // A single-agent review run: the solver answers with a bundled sample answer, the reviewer lists
  // one mistake (with math, and markup that must stay text), the solver revises.
  const problems = loadDataset(bundledDatasetPath()).problems;
  const answers = new Map<string, string>();
  for (const r of readResponses(bundledResponsesPath()).responses)
    if (!answers.has(r.problem_id) && r.response_id.endsWith('a1')) answers.set(r.problem_id, r.response);
  const review = await startFakeOpenAiServer((req) => {
    const system = req.body.messages?.find((m) => m.role === 'system')?.content;
    if (typeof system === 'string' && system.includes('physics reviewer'))
      return { kind: 'answer', text: JSON.stringify({ mistakes: [REVIEW] }) };
    const prompt = userText(req.body);
    const problem = problems.find((p) => prompt.includes(p.context.trim()));
    return { kind: 'answer', text: (problem && answers.get(problem.id)) ?? 'no idea' };
  });
  // Task I: `half` answers instances 1–2 from the textbook and the published answers otherwise.
  const originals = loadDataset(emDataset).problems.filter((p) => ['em-02', 'em-07'].includes(p.id));
  const { instances } = datasetInstances(originals, { n: 3, seed: '0', textualOnly: true });
  const task = await startFakeOpenAiServer(textbookModel(instances, originals));
  servers = [review, task];
  const cli = (url: string) =>
    createRunCommand({
      env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: url },
      onInterrupt: () => () => {},
    });
  const reviewed = await runCommand(cli(review.url), [
    '--model',
    'fake-model',
    '--technique',
    'single-agent-review',
    '--dataset',
    bundledDatasetPath(),
    '--problem',
    'mech-01,mech-02',
    '--out',
    reviewDir,
    '--quiet',
  ]);
  assert.equal(reviewed.code, 0, reviewed.stderr);
  const task1 = await runCommand(cli(task.url), [
    '--model',
    'half',
    '--dataset',
    emDataset,
    '--instances',
    '3',
    '--problem',
    'em-02,em-07',
    '--out',
    taskDir,
    '--quiet',
  ]);
  assert.equal(task1.code, 0, task1.stderr);
  // Tasks III, IV, V: their result files in the shapes the tasks write (typed by their outcomes),
  // with hand-written outcomes; the tasks themselves are tested end to end in test/tasks/.
  mkdirSync(tasksDir, { recursive: true });
  const ids = ['mech-01#1', 'mech-01#2'];
  const iii: CorrectionOutcome[] = [
    {
      problem_id: ids[0]!,
      final_answer_correct: true,
      step_score: 0.8,
      error: { kind: 'conceptual', node: 2, shown: '', wrong: 'F = m a^2', right: 'F = m a' },
      behaviour: 'explicit-correction',
      labelled_by: 'rule',
    },
    {
      problem_id: ids[1]!,
      final_answer_correct: false,
      step_score: 0.2,
      error: { kind: 'careless', node: 3, shown: '', wrong: 'v = 30', right: 'v = 3' },
      behaviour: 'uncritical-acceptance',
      labelled_by: 'judge',
    },
  ];
  const iv: CodeOutcome[] = [
    { problem_id: ids[0]!, final_answer_correct: true, values: { ans_1: 4.905 } },
    { problem_id: ids[1]!, final_answer_correct: false, error: 'sandbox-cpu-limit: CPU time limit' },
  ];
  const v: AmbiguityOutcome[] = [
    { problem_id: ids[0]!, masked: ['m'], fraction: 0.25, label: 'asks-or-defers' },
    { problem_id: ids[1]!, masked: ['h'], fraction: 0.25, label: 'assumes-values' },
  ];
  const write = (file: string, json: unknown) =>
    writeFileSync(join(tasksDir, file), `${JSON.stringify(json, null, 2)}\n`);
  write('prism-iii.json', { report: robustnessReport('III', 'm', ids, iii), outcomes: iii });
  write('prism-iv.json', { report: robustnessReport('IV', 'm', ids, iv), outcomes: iv });
  write('prism-v.json', {
    shares: { 'asks-or-defers': 50, 'stays-symbolic': 0, 'assumes-values': 50, unparsed: 0 },
    outcomes: v,
    unmaskable: [{ problem_id: 'qm-01', shown: 1 }],
  });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
});

after(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
});

test('a technique transcript reads as a conversation: who spoke, the reviewer’s mistakes, the revision', {
  skip,
}, async () => {
  const calls = readJsonLines(join(reviewDir, 'transcripts.jsonl')).rows as {
    sample: string;
    step: string;
  }[];
  const steps = calls.filter((c) => c.sample === 'mech-01#0').map((c) => c.step);
  assert.deepEqual(steps, ['solve', 'review-1', 'revise-1']);
  const url = await html(reviewDir, 'review');
  const { page, errors } = await openPage();
  await page.goto(`${url}#/browse/0/0`);
  await page.waitForSelector('#transcript');
  const turns = await page.$$eval('#transcript .turn', (els) =>
    els.map((e) => [e.getAttribute('data-step'), e.querySelector('h4')?.textContent ?? '']),
  );
  assert.deepEqual(
    turns.map((t) => t[0]),
    ['solve', 'review-1', 'revise-1'],
  );
  assert.match(turns[1]![1], /^Reviewer: lists mistakes · 1 · reviewer · fake-model/);
  assert.match(turns[2]![1], /Solver: revises after feedback · 1 · solver · fake-model .*same chat/);
  // The mistake is a list item with its math rendered, and its markup stayed text.
  const mistake = page.locator('[data-step="review-1"] ol.mistakes li');
  assert.equal(await mistake.count(), 1);
  assert.equal(await mistake.locator('.katex').count(), 1);
  assert.match((await mistake.textContent()) ?? '', /<img src=x onerror=/);
  assert.equal(await page.locator('#transcript img').count(), 0);
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
  // The revise turn shows the feedback it was given; the replies render their formulas.
  assert.match((await page.textContent('[data-step="revise-1"] .prompt')) ?? '', /I have some feedback/);
  assert.ok((await page.locator('[data-step="solve"] .reply .katex').count()) > 0);
  assert.equal(await page.locator('#transcript pre').count(), 0, 'not raw JSON');
  await page.locator('#transcript').screenshot({ path: join(artifacts, 'transcript.png') });
  // Near miss: a zero-shot response with no transcript row has no panel.
  const taskUrl = await html(taskDir, 'task1');
  await page.goto(`${taskUrl}#/browse/0/0`);
  await page.waitForSelector('#response .dag .node');
  assert.equal(await page.locator('#transcript .turn[data-step="review-1"]').count(), 0);
  assert.deepEqual(errors, []);
});

test('the problem text renders as math, and text from the dataset never becomes markup', {
  skip,
}, async () => {
  const dataset = JSON.parse(readFileSync(join(bundledDatasetPath(), 'mechanics.json'), 'utf8')) as {
    id: string;
    context: string;
  }[];
  const p = dataset.find((x) => x.id === 'mech-01')!;
  p.context = `${p.context}\n\nNote: <img src=x onerror="window.__pwned=1"> and $\\href{javascript:alert(1)}{click}$ and $x<y$.`;
  const hostile = join(tmp, 'hostile.json');
  writeFileSync(hostile, JSON.stringify(dataset));
  const file = join(tmp, 'hostile.html');
  const made = await runCommand(reportCommand, [reviewDir, '--html', file, '--dataset', hostile]);
  assert.equal(made.code, 0, made.stderr);
  const { page, errors } = await openPage();
  await page.goto(`${pathToFileURL(file).href}#/browse/0/0`);
  await page.waitForSelector('#problem .context');
  const context = page.locator('#problem .context');
  assert.ok((await context.locator('.katex').count()) >= 2, 'the $…$ of the statement are typeset');
  assert.match((await context.textContent()) ?? '', /<img src=x onerror=/);
  assert.equal(await context.locator('img').count(), 0);
  assert.equal(await page.locator('#problem a[href^="javascript"]').count(), 0);
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
  assert.deepEqual(errors, []);
});

test('a PRiSM instance shows its drawn values, the computed ground truth, the verdict and the relative error', {
  skip,
}, async () => {
  const records = readJsonLines(join(taskDir, 'records.jsonl')).rows as {
    problem_id: string;
    final_answer_correct: boolean;
    final_answer: { answers: { correct: boolean }[] };
  }[];
  const wrong = records.findIndex((r) => r.problem_id === 'em-02#3');
  const right = records.findIndex((r) => r.problem_id === 'em-02#1');
  assert.ok(wrong >= 0 && right >= 0, JSON.stringify(records.map((r) => r.problem_id)));
  assert.equal(records[wrong]!.final_answer_correct, false);
  assert.equal(records[wrong]!.final_answer.answers[0]!.correct, false, 'the memorised t is wrong');
  assert.equal(records[right]!.final_answer_correct, true);
  const inst = datasetInstances(
    loadDataset(emDataset).problems.filter((p) => p.id === 'em-02'),
    { n: 3, seed: '0', textualOnly: true },
  ).instances.find((i) => i.id === 'em-02#3')!;
  const url = await html(taskDir, 'task1-instances');
  const { page, errors } = await openPage();
  await page.goto(`${url}#/browse/0/${wrong}`);
  await page.waitForSelector('#instance');
  for (const [name, value] of Object.entries(inst.parameter_values)) {
    const shown = Number(await page.textContent(`#instance [data-param="${name}"] td`));
    assert.ok(Math.abs(shown - value) <= 1e-6 * Math.abs(value), `${name}: ${shown} vs ${value}`);
  }
  const truth = await page.$$eval('#instance table.truth tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  assert.equal(truth.length, inst.ground_truth.length);
  truth.forEach((row, k) => {
    const g = inst.ground_truth[k]!;
    assert.ok(
      Math.abs(Number(row[2]) - g.value_si) <= 1e-5 * Math.abs(g.value_si),
      `${row[2]} vs ${g.value_si}`,
    );
    // The memorised answers are the published problem's: t differs at every draw, W (which no
    // drawn parameter changes here) may not.
    assert.equal(row[3], records[wrong]!.final_answer.answers[k]!.correct ? '✓ right' : '✗ wrong');
    assert.match(row[4]!, /^[−+±]\d/);
  });
  // The verdict row states the answer's value and its relative error, recomputed here by hand.
  const rel = await page.$$eval('.fa-row .relerr', (els) =>
    els.map((e) => Number(e.getAttribute('data-relerr'))),
  );
  assert.equal(rel.length, inst.ground_truth.length);
  const original = loadDataset(emDataset).problems.find((p) => p.id === 'em-02')!;
  const publishedT = Number(/=\s*([\d.]+)/.exec(original.subquestions![0]!.final_answer![0]!)![1]);
  const tTruth = inst.ground_truth[0]!.value!;
  assert.ok(
    Math.abs(rel[0]! - (publishedT - tTruth) / tTruth) < 0.02,
    `${rel[0]} vs ${(publishedT - tTruth) / tTruth}`,
  );
  // Near miss: a right instance answer has a small error, shown as right.
  await page.goto(`${url}#/browse/0/${right}`);
  await page.waitForSelector('#instance');
  const okRows = await page.$$eval('#instance table.truth td:nth-child(4)', (tds) =>
    tds.map((t) => t.textContent),
  );
  assert.ok(
    okRows.every((t) => t === '✓ right'),
    JSON.stringify(okRows),
  );
  const small = await page.$$eval('.fa-row .relerr', (els) =>
    els.map((e) => Number(e.getAttribute('data-relerr'))),
  );
  assert.ok(small.length > 0 && small.every((r) => Math.abs(r) < 0.01), JSON.stringify(small));
  await page.locator('#instance').screenshot({ path: join(artifacts, 'instance.png') });
  assert.deepEqual(errors, []);
});

test('the PRiSM task views: Task I metrics and per-instance grid from prism.json; III, IV, V outcomes', {
  skip,
}, async () => {
  const report = JSON.parse(readFileSync(join(taskDir, 'prism.json'), 'utf8')) as RobustnessReport;
  const url = await html(taskDir, 'task1-overview');
  const { page, errors } = await openPage();
  await page.goto(`${url}#/overview/0`);
  await page.waitForSelector('#prism');
  const metric = async (k: string) => page.textContent(`[data-task="I"] td[data-metric="${k}"]`);
  assert.equal(await metric('overall_accuracy'), report.metrics.overall_accuracy.toFixed(1));
  assert.equal(await metric('true_at_t'), report.metrics.true_at_t.toFixed(1));
  assert.equal(await metric('volatility'), report.metrics.volatility.toFixed(1));
  assert.equal(await metric('total_failure_rate'), report.metrics.total_failure_rate.toFixed(1));
  for (const p of report.problems) {
    const cells = await page.$$eval(`table.prism-grid tr[data-problem="${p.id}"] td`, (tds) =>
      tds.map((t) => t.textContent ?? ''),
    );
    assert.deepEqual(
      cells.slice(0, -1).map((c) => c.startsWith('✓')),
      p.correct,
    );
    assert.equal(cells.at(-1), `${p.correct.filter(Boolean).length}/${p.correct.length}`);
  }
  // `half`: instances 1–2 right, 3 wrong, on both problems.
  assert.deepEqual(
    report.problems.map((p) => p.correct),
    [
      [true, true, false],
      [true, true, false],
    ],
  );
  const tasksUrl = await html(tasksDir, 'tasks');
  await page.goto(`${tasksUrl}#/overview/0`);
  await page.waitForSelector('#prism');
  assert.deepEqual(
    await page.$$eval('#prism .prism-task', (els) => els.map((e) => e.getAttribute('data-task'))),
    ['III', 'IV', 'V'],
  );
  const rows = async (task: string) =>
    page.$$eval(`table.prism-outcomes[data-task="${task}"] tbody tr`, (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')),
    );
  await page.click('[data-task="III"] details:last-of-type summary');
  const iii = await rows('III');
  assert.equal(iii[0]![1], 'conceptual');
  assert.equal(iii[0]![4], 'explicit-correction');
  assert.equal(iii[1]![5], 'judge');
  assert.equal(await page.textContent('[data-task="III"] td[data-share="explicit-correction"]'), '50.0');
  const iv = await rows('IV');
  assert.equal(iv[0]![2], 'ans_1 = 4.905');
  assert.match(iv[1]![3]!, /sandbox-cpu-limit/);
  assert.equal(await page.textContent('[data-task="IV"] td[data-metric="overall_accuracy"]'), '50.0');
  const v = await rows('V');
  assert.deepEqual(v[1]!.slice(1), ['h', '25 %', 'assumes-values']);
  assert.match((await page.textContent('[data-task="V"]')) ?? '', /Not posed .*qm-01/);
  await page.locator('#prism').screenshot({ path: join(artifacts, 'prism-tasks.png') });
  assert.deepEqual(errors, []);
});

test('the papers’ figures: each plot’s marks are the numbers of the table beside it, and they render', {
  skip,
}, async () => {
  const { cpSync } = await import('node:fs');
  const figDir = join(tmp, 'figures-run');
  cpSync(reviewDir, figDir, { recursive: true });
  // prism judge's and prism errors' summaries beside the run, made by their own summarisers.
  const problems = loadDataset(bundledDatasetPath()).problems;
  const judged: JudgedRow[] = [3, 4, 5, 2].map((s, k) => ({
    problem_id: k % 2 === 0 ? 'mech-01' : 'mech-02',
    judgement: {
      ok: true,
      rubric: 'pps',
      scores: {
        mathematical_accuracy: s,
        logical_consistency: 5,
        completeness: s,
        clarity_and_coherence: 4,
        formulas_principles: 3,
        assumptions_made: s,
      },
      overall_correctness: null,
      pps: 25 * s - 25,
      reasked: false,
    },
  }));
  const pps = summarizeJudgements('pps', judged, problems);
  writeFileSync(join(figDir, 'judgements-pps.summary.json'), JSON.stringify(pps));
  const classified = (primary: 'DCE' | 'VRE' | 'MPUE') => ({
    result: { ok: true as const, primary_error: primary, secondary_errors: [] },
  });
  const errors = summarizeErrors(
    [classified('DCE'), classified('DCE'), classified('VRE'), classified('MPUE')],
    {
      model: 'fake-model',
      technique: 'single-agent-review',
      included: 'imperfect',
      answers: 2,
      perfect_skipped: 0,
    },
  );
  writeFileSync(join(figDir, 'errors.summary.json'), JSON.stringify(errors));
  const file = join(tmp, 'figures.html');
  const made = await runCommand(reportCommand, [figDir, taskDir, '--html', file]);
  assert.equal(made.code, 0, made.stderr);
  const { page, errors: pageErrors } = await openPage();
  await page.goto(`${pathToFileURL(file).href}#/overview/0`);
  await page.waitForSelector('#figures');
  // Every figure is drawn: an SVG with a real size and marks in it.
  const sizes = await page.$$eval('#figures figure.fig', (figs) =>
    figs.map((f) => {
      const svg = f.querySelector('svg')!.getBoundingClientRect();
      return [
        f.getAttribute('data-plot'),
        svg.width > 50 && svg.height > 30,
        f.querySelectorAll('svg [data-value], svg [data-x]').length,
      ];
    }),
  );
  assert.deepEqual(
    sizes.map((x) => x[0]),
    ['step-vs-accuracy', 'latency', 'pps-domain', 'pps-difficulty', 'errors'],
  );
  for (const [plot, drawn, marks] of sizes)
    assert.ok(drawn && (marks as number) > 0, `${plot}: ${drawn}, ${marks}`);
  // Heatmaps: each cell's value is the summary's mean, and the table beside it prints the same.
  for (const [plot, groups] of [
    ['pps-domain', pps.metrics.by_domain!],
    ['pps-difficulty', pps.metrics.by_difficulty!],
  ] as const) {
    const cells = await page.$$eval(`[data-plot="${plot}"] rect[data-row]`, (rs) =>
      rs.map((r) => [r.getAttribute('data-row'), r.getAttribute('data-col'), r.getAttribute('data-value')]),
    );
    assert.equal(cells.length, Object.keys(groups).length * 6);
    for (const [row, col, value] of cells) {
      const want = groups[row!]![col!]!.mean!;
      assert.equal(Number(value), want, `${plot} ${row} ${col}`);
      const shown = await page.textContent(`[data-plot="${plot}"] td[data-cell="${row}:${col}"]`);
      assert.equal(shown, want.toFixed(2));
    }
  }
  // mechanics · mathematical accuracy: the four answers' 3, 4, 5, 2 → 3.5 (by hand).
  assert.equal(pps.metrics.by_domain!.mechanics!.mathematical_accuracy!.mean, 3.5);
  // Error classes: bar = share = table cell.
  const bars = await page.$$eval('[data-plot="errors"] rect[data-label]', (rs) =>
    rs.map((r) => [r.getAttribute('data-label'), Number(r.getAttribute('data-value'))] as const),
  );
  assert.equal(bars.length, 7);
  for (const [label, value] of bars) {
    assert.equal(value, errors.primary[label as 'DCE'].share);
    const cell = await page.$$eval(
      `[data-plot="errors"] td`,
      (tds, l) => tds.filter((t) => t.getAttribute('data-cell')?.endsWith(`:${l}`)).map((t) => t.textContent),
      label,
    );
    assert.deepEqual(cell, [(100 * value).toFixed(1)]);
  }
  assert.equal(errors.primary.DCE.share, 0.5);
  // Step score vs accuracy and latency: each run's point and bar are its summary.json averages,
  // which the runs table prints.
  for (const [k, dir] of [figDir, taskDir].entries()) {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    const dot = page.locator('[data-plot="step-vs-accuracy"] circle').nth(k);
    assert.equal(Number(await dot.getAttribute('data-x')), summary.average.accuracy);
    assert.equal(Number(await dot.getAttribute('data-y')), summary.average.step_score);
    const bar = page.locator('[data-plot="latency"] rect').nth(k);
    assert.equal(Number(await bar.getAttribute('data-value')), summary.average.mean_time_s);
    const row = page.locator('table[data-table="runs"] tbody tr').nth(k);
    assert.equal(
      await row.locator('[data-cell="accuracy"]').textContent(),
      (100 * summary.average.accuracy).toFixed(1),
    );
    assert.equal(
      await row.locator('[data-cell="step"]').textContent(),
      (100 * summary.average.step_score).toFixed(1),
    );
  }
  assert.deepEqual(
    await page.$$eval('table[data-table="runs"] tbody td:nth-child(2)', (tds) =>
      tds.map((t) => t.textContent),
    ),
    ['single-agent-review', 'zero-shot'],
  );
  await page.locator('#figures').screenshot({ path: join(artifacts, 'figures.png') });
  // The robustness profile of the Task I run: one dot per instance at its step score, filled when right.
  const report = JSON.parse(readFileSync(join(taskDir, 'prism.json'), 'utf8')) as RobustnessReport;
  await page.goto(`${pathToFileURL(file).href}#/overview/1`);
  await page.waitForSelector('[data-plot="robustness"]');
  for (const p of report.problems) {
    const dots = await page.$$eval(`[data-plot="robustness"] circle[data-problem="${p.id}"]`, (cs) =>
      cs.map(
        (c) => [Number(c.getAttribute('data-value')), c.getAttribute('data-correct') === 'true'] as const,
      ),
    );
    assert.deepEqual(
      dots.map((d) => d[0]),
      p.step,
    );
    assert.deepEqual(
      dots.map((d) => d[1]),
      p.correct,
    );
    const range = page.locator(`[data-plot="robustness"] line[data-problem="${p.id}"]`);
    assert.equal(Number(await range.getAttribute('data-min')), Math.min(...p.step));
    assert.equal(Number(await range.getAttribute('data-max')), Math.max(...p.step));
  }
  // Near miss: a run with neither judge nor error summary draws neither figure.
  assert.equal(
    await page.locator('[data-plot="pps-domain"], [data-plot="errors"]').count(),
    1,
    'errors: across runs',
  );
  await page.locator('[data-plot="robustness"]').screenshot({ path: join(artifacts, 'robustness.png') });
  assert.deepEqual(pageErrors, []);
});
