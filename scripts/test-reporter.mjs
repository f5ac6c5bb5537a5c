// A node:test reporter that says plainly what passed, failed, was skipped and is a known gap.
// - a real failure prints at once with its error (and again in the closing list);
// - a `todo` test is a known gap: listed in one line with its reason, never with a stack trace;
//   a todo test that now passes is flagged so its `todo` can be removed;
// - skips are grouped by reason;
// - the run closes with `N passed, N failed, N skipped` alone on the last line (CI reads it).
import { relative } from 'node:path';

const root = process.cwd();

/** @param {unknown} file */
function where(file) {
  return typeof file === 'string' ? relative(root, file) : '?';
}

/** @param {string} text @param {number} max */
function clip(text, max) {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** @param {any} error */
function describeError(error) {
  const cause = error?.cause ?? error;
  const message = cause?.message ?? String(cause);
  const stack = typeof cause?.stack === 'string' ? cause.stack.split('\n').slice(1, 6).join('\n') : '';
  return stack === '' ? message : `${message}\n${stack}`;
}

export default async function* reporter(source) {
  let passed = 0;
  let failed = 0;
  /** @type {Map<string, number>} */
  const skips = new Map();
  /** @type {string[]} */
  const gapsFailing = [];
  /** @type {string[]} */
  const gapsPassing = [];
  /** @type {string[]} */
  const failures = [];
  const files = new Set();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    if (data.details?.type === 'suite') continue;
    const file = where(data.file);
    files.add(file);
    const label = `${file} › ${data.name}`;
    if (data.todo !== undefined && data.todo !== false) {
      const reason = typeof data.todo === 'string' ? data.todo : 'todo';
      const line = `  ${clip(label, 110)} — ${clip(reason, 90)}`;
      (event.type === 'test:fail' ? gapsFailing : gapsPassing).push(line);
      continue;
    }
    if (data.skip !== undefined && data.skip !== false) {
      const reason = typeof data.skip === 'string' ? clip(data.skip, 140) : 'skipped';
      skips.set(reason, (skips.get(reason) ?? 0) + 1);
      continue;
    }
    if (event.type === 'test:pass') {
      passed += 1;
      continue;
    }
    failed += 1;
    const text = `✖ ${label}\n${describeError(data.details?.error)
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}`;
    failures.push(text);
    yield `${text}\n`;
  }
  const skipped = [...skips.values()].reduce((a, b) => a + b, 0);
  let out = `\n${files.size} test files\n`;
  if (skipped > 0) {
    out += `\nSkipped (${skipped}):\n`;
    for (const [reason, n] of skips) out += `  ${n} × ${reason}\n`;
  }
  if (gapsFailing.length + gapsPassing.length > 0) {
    out += `\nKnown gaps (todo rows, not counted as failures): ${gapsFailing.length} still failing`;
    out += gapsPassing.length > 0 ? `, ${gapsPassing.length} now passing — remove their todo\n` : '\n';
    for (const line of gapsFailing) out += `${line}\n`;
    if (gapsPassing.length > 0) out += '  now passing:\n';
    for (const line of gapsPassing) out += `  ${line}\n`;
  }
  if (failures.length > 0) out += `\nFailed (${failures.length}):\n${failures.join('\n')}\n`;
  out += `\nknown gaps: ${gapsFailing.length + gapsPassing.length}\n`;
  out += `${passed} passed, ${failed} failed, ${skipped} skipped\n`;
  yield out;
}
