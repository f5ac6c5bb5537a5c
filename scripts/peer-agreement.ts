/**
 * Runs the peers' answer-equivalence cases through our checker and reports agreement per source:
 *   ../shared/peers/olympiadbench-judge-cases.jsonl  (OlympiadBench's rule-based judge self-tests)
 *   ../shared/peers/math-verify-cases.jsonl          (Math-Verify's test cases)
 * These are final answers of math benchmarks; some verdicts are the peer's policy (see docs/accuracy.md).
 * A case counts as agreeing when our verdict is `equivalent` and the peer expects true, or our verdict
 * is `different`/`undetermined` and the peer expects false.
 * Usage: npx tsx scripts/peer-agreement.ts [--list] [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkEquivalence } from '../src/equivalence/index.js';
import { findMathBlocks } from '../src/extract/index.js';
import { boxedContents } from '../src/score/index.js';

export interface PeerCase {
  readonly gold: string;
  readonly pred: string;
  readonly expected: boolean;
  readonly source: string;
}

export interface PeerOutcome extends PeerCase {
  readonly file: string;
  readonly verdict: string;
  readonly agree: boolean;
}

/**
 * The answer a peer case compares, by the rule our final-answer check uses: the last `\boxed{}`; else
 * the last math block when the text holds prose around math; else the whole string.
 */
export function answerOf(text: string): string {
  const boxed = boxedContents(text);
  if (boxed.length > 0) return boxed[boxed.length - 1]!.trim();
  const blocks = findMathBlocks(text).filter((b) => b.content.trim() !== '');
  const whole = blocks.length === 1 && blocks[0]!.content.trim().length >= text.trim().length - 4;
  if (blocks.length > 0 && !whole) return blocks[blocks.length - 1]!.content.trim();
  return text.trim();
}

/** Checks every case of one peer file. */
export function runPeerFile(path: string, file: string): PeerOutcome[] {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const c = JSON.parse(line) as PeerCase;
    const verdict = checkEquivalence(answerOf(c.gold), answerOf(c.pred)).verdict;
    return { ...c, file, verdict, agree: (verdict === 'equivalent') === c.expected };
  });
}

/** Agreement counts grouped by `file::source-file`. */
export function agreementBySource(
  outcomes: readonly PeerOutcome[],
): Map<string, { agree: number; total: number }> {
  const groups = new Map<string, { agree: number; total: number }>();
  for (const o of outcomes) {
    const key = `${o.file} :: ${o.source.split('::')[0]}`;
    const g = groups.get(key) ?? { agree: 0, total: 0 };
    g.total++;
    if (o.agree) g.agree++;
    groups.set(key, g);
  }
  return groups;
}

export const PEER_FILES = ['olympiadbench-judge-cases.jsonl', 'math-verify-cases.jsonl'] as const;

function main(): void {
  const outcomes: PeerOutcome[] = [];
  for (const file of PEER_FILES) {
    const path = fileURLToPath(new URL(`../../shared/peers/${file}`, import.meta.url));
    if (!existsSync(path)) {
      console.log(`../shared/peers/${file} is absent; skipped`);
      continue;
    }
    outcomes.push(...runPeerFile(path, file));
  }
  const groups = agreementBySource(outcomes);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(groups), null, 2));
    return;
  }
  console.log('source                                                     agree / total');
  for (const [key, g] of [...groups].sort()) {
    console.log(
      `${key.padEnd(58)} ${String(g.agree).padStart(5)} / ${g.total}  (${((100 * g.agree) / g.total).toFixed(1)}%)`,
    );
  }
  for (const file of PEER_FILES) {
    const mine = outcomes.filter((o) => o.file === file);
    if (mine.length > 0) {
      const agree = mine.filter((o) => o.agree).length;
      console.log(`TOTAL ${file}: ${agree}/${mine.length} (${((100 * agree) / mine.length).toFixed(1)}%)`);
    }
  }
  if (process.argv.includes('--list')) {
    for (const o of outcomes.filter((x) => !x.agree)) {
      console.log(
        `- [${o.source}] expected ${o.expected}, ours ${o.verdict}: ${JSON.stringify(answerOf(o.gold))} vs ${JSON.stringify(answerOf(o.pred))}`,
      );
    }
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
