import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { proxyC12 } from '../dag/proxy-c12.js';
import type { Problem } from '../dag/types.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import type { ResponseCache } from '../pipeline/response-cache.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';
import type { CutPoints } from '../stats/calibrate-cut-points.js';
import {
  type C12,
  type C12Source,
  type DifficultyRow,
  difficultyRow,
  NO_DAG_ERROR,
} from './difficulty-row.js';
import { judgeDifficulty } from './judge-difficulty.js';
import { renderDifficultySummary } from './render-difficulty-summary.js';
import { type DifficultySummary, summarizeDifficulty } from './summarize-difficulty.js';

/** Where C1/C2 come from. */
export type C12Provider =
  | { readonly kind: 'proxy' }
  | { readonly kind: 'file'; readonly byId: ReadonlyMap<string, C12> }
  | {
      readonly kind: 'judge';
      readonly binding: ModelBinding;
      readonly cache?: ResponseCache;
      readonly cacheMaxAgeMs?: number;
      readonly concurrency?: number;
      readonly signal?: AbortSignal;
    };

/** Options of {@link runDifficulty}. */
export interface RunDifficultyOptions {
  readonly problems: readonly Problem[];
  readonly c12: C12Provider;
  /** Output folder: `difficulty.jsonl`, `summary.md`, `summary.json` (and the judge's transcript). */
  readonly outDir: string;
  readonly cuts?: CutPoints;
  readonly title?: string;
  readonly now?: () => Date;
}

/** What a difficulty pass did. */
export interface RunDifficultyResult {
  readonly rows: readonly DifficultyRow[];
  readonly summary?: DifficultySummary;
  readonly markdown?: string;
  /** Judge calls by how they were served (zero everywhere for the proxy and a file). */
  readonly requested: number;
  readonly resumed: number;
  readonly cached: number;
  readonly interrupted: boolean;
  readonly fatal?: Diagnostic;
}

/** The transcript of the judge's calls inside the output folder. */
export function difficultyTranscriptPath(outDir: string): string {
  return join(outDir, 'difficulty-transcripts.jsonl');
}

/**
 * Grades every problem: C1/C2 from the judge (one call per problem through the call layer:
 * transcript in the output folder, content-addressed cache, resumed per call, so a re-run
 * requests nothing it already has), the proxy or a file; C3 from the DAG; S and the tier. Writes
 * the rows and the summary (with the comparison against the dataset's labels when it has them).
 * A fatal provider failure or an interruption stops the pass and writes nothing but the transcript.
 */
export async function runDifficulty(options: RunDifficultyOptions): Promise<RunDifficultyResult> {
  mkdirSync(options.outDir, { recursive: true });
  const c12s = new Map<string, C12>();
  let counts = { requested: 0, resumed: 0, cached: 0 };
  let fatal: Diagnostic | undefined;
  let interrupted = false;
  const source: C12Source = options.c12.kind;
  if (options.c12.kind === 'proxy') {
    for (const p of options.problems) {
      const { c1, c2, concepts, burden } = proxyC12(p);
      c12s.set(p.id, { ok: true, c1, c2, detail: { concepts, burden } });
    }
  } else if (options.c12.kind === 'file') {
    for (const p of options.problems)
      c12s.set(
        p.id,
        options.c12.byId.get(p.id) ?? {
          ok: false,
          error: { code: 'difficulty-c12-missing', message: `no C1/C2 for ${p.id} in the --c12 file` },
        },
      );
  } else {
    const judge = options.c12;
    const pipeline = createPipeline({
      transcriptPath: difficultyTranscriptPath(options.outDir),
      ...(judge.cache === undefined ? {} : { cache: judge.cache }),
      ...(judge.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: judge.cacheMaxAgeMs }),
      ...(judge.signal === undefined ? {} : { signal: judge.signal }),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
    let next = 0;
    const graded = options.problems.filter((p) => p.grading_standard.length > 0);
    for (const p of options.problems)
      if (p.grading_standard.length === 0) c12s.set(p.id, { ok: false, error: NO_DAG_ERROR });
    const worker = async (): Promise<void> => {
      while (next < graded.length && !pipeline.signal.aborted) {
        const problem = graded[next++]!;
        const r = await judgeDifficulty(pipeline, problem, judge.binding);
        if (!r.ok && (r.error.code === 'llm-aborted' || pipeline.fatal() !== undefined)) continue;
        c12s.set(
          problem.id,
          r.ok
            ? {
                ok: true,
                c1: r.judgement.c1,
                c2: r.judgement.c2,
                detail: {
                  model: judge.binding.params.model,
                  rationales: r.judgement.rationales,
                  reasoning: r.judgement.reasoning,
                  confidence: r.judgement.confidence,
                  reasked: r.reasked,
                },
              }
            : r,
        );
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, judge.concurrency ?? 8) }, worker));
    } finally {
      pipeline.close();
    }
    const sum = (m: Record<string, number>): number => Object.values(m).reduce((a, b) => a + b, 0);
    counts = {
      requested: sum(pipeline.counts.requested),
      resumed: sum(pipeline.counts.resumed),
      cached: sum(pipeline.counts.cached),
    };
    fatal = pipeline.fatal();
    interrupted =
      fatal !== undefined || judge.signal?.aborted === true || c12s.size < options.problems.length;
  }
  if (interrupted) return { rows: [], ...counts, interrupted, ...(fatal === undefined ? {} : { fatal }) };
  const rows = options.problems.map((p) => difficultyRow(p, source, c12s.get(p.id)!, options.cuts));
  const summary = summarizeDifficulty(rows, source, options.cuts);
  const markdown = renderDifficultySummary(summary, options.title ?? source);
  writeFileAtomic(
    join(options.outDir, 'difficulty.jsonl'),
    rows.map((r) => `${JSON.stringify(r)}\n`).join(''),
  );
  writeFileAtomic(join(options.outDir, 'summary.md'), markdown);
  writeFileAtomic(join(options.outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return { rows, summary, markdown, ...counts, interrupted: false };
}
