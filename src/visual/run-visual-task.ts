import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { hashHex } from '../core/prng.js';
import type { Problem } from '../dag/types.js';
import { datasetInstances } from '../instances/dataset-instances.js';
import type { InstanceProblem } from '../instances/generate-instances.js';
import { createImageLoader } from '../llm/image-loader.js';
import { ZERO_SHOT_PROMPT } from '../llm/prompts/zero-shot.js';
import { readJsonLines } from '../runs/jsonl-file.js';
import { runModel } from '../runs/run-model.js';
import { writeFileAtomic } from '../runs/write-file-atomic.js';
import { createScorer } from '../score/create-scorer.js';
import { renderTable3 } from '../tasks/render-table3.js';
import { type InstanceOutcome, type RobustnessReport, robustnessReport } from '../tasks/robustness-report.js';
import type { TaskRunOptions } from '../tasks/run-code-task.js';
import { fontFile } from './fonts.js';
import { questionContent, renderQuestion } from './render-question.js';
import { DEFAULT_VARIANTS, type VisualVariant, variantLabel } from './visual-variant.js';

/** Bumped when the same inputs would render other pixels (it is part of every image's file name). */
export const RENDERER_VERSION = 'prism-visual-1';

/** The text sent beside the image: the question itself is only in the image. */
export const VISUAL_CONTEXT =
  'The problem is given in the attached image (its statement, formulas and any figure). Read it from the image and solve it.';

/** Options of {@link runVisualTask}. */
export type VisualTaskOptions = TaskRunOptions & {
  /** The visual variants (default {@link DEFAULT_VARIANTS}: |V_p| = 5). */
  readonly variants?: readonly VisualVariant[];
  /**
   * `visual` (Task II): one draw of the inputs per problem, shown in every variant. `values`
   * (Task I rendered): `n` draws of the inputs per problem, each shown in the first variant.
   */
  readonly vary?: 'visual' | 'values';
  /** The bytes of a figure a problem names (the dataset's images; default: no figures). */
  readonly loadFigure?: (location: string) => Uint8Array | undefined;
  /** Told after each image is rendered (or found already rendered). */
  readonly onRender?: (done: number, total: number) => void;
  /** Told what could not be drawn as written (malformed TeX …), per posed instance. */
  readonly onRenderProblem?: (id: string, message: string) => void;
};

/** One rendered image of the run (stored in `visual/images.json`). */
export interface RenderedImage {
  readonly id: string;
  readonly variant: number;
  readonly label: string;
  /** Path relative to the run directory. */
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly ms: number;
  readonly problems: readonly string[];
}

/** Task II's report: the PRiSM metrics over the variants, and accuracy per variant. */
export interface VisualTaskReport {
  readonly report: RobustnessReport;
  readonly variants: readonly {
    readonly variant: number;
    readonly label: string;
    readonly accuracy: number;
  }[];
  readonly images: readonly RenderedImage[];
}

/** The names of fonts the variants need that are not installed, with their Debian packages. */
export function missingFonts(variants: readonly VisualVariant[]): string[] {
  const out: string[] = [];
  for (const v of new Set(variants.map((x) => x.font))) {
    const f = fontFile(v);
    if (!f.ok) out.push(f.message);
  }
  return out;
}

const safe = (id: string): string => id.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * PRiSM Task II (robustness to visual perturbations): for each parameterized problem whose text
 * shows its inputs, one draw of the inputs is rendered as an image in every visual variant (fonts,
 * noise, blur, rotation, JPEG artefacts, resolution — the inputs held constant) and sent to the model
 * with only a short instruction as text; the answers are scored like Task I's and binned per problem
 * into Overall Accuracy, TRUE@90, Volatility and TFR. With `vary: 'values'`, Task I's input draws are
 * rendered instead (each in the first variant). Images go to `<dir>/visual/` (named by a hash of
 * what they show, so a re-run reuses them and a changed variant is a new image and a new request);
 * the run is resumable like any run; writes `prism-ii.json` and `prism-ii.md`.
 */
export async function runVisualTask(options: VisualTaskOptions): Promise<{
  result: VisualTaskReport;
  ok: boolean;
  markdown: string;
  /** The run layer's findings (a locked or mismatched run directory, unreadable lines …). */
  diagnostics: readonly Diagnostic[];
}> {
  const variants = options.variants ?? DEFAULT_VARIANTS;
  if (variants.length === 0) throw new RangeError('Task II needs at least one visual variant');
  const vary = options.vary ?? 'visual';
  const { instances } = datasetInstances(options.problems, {
    n: vary === 'values' ? options.n : 1,
    seed: options.seed,
    textualOnly: true,
  });
  const posed: { id: string; instance: InstanceProblem; variant: number }[] =
    vary === 'values'
      ? instances.map((instance) => ({ id: instance.id, instance, variant: 0 }))
      : instances.flatMap((instance) =>
          variants.map((_, k) => ({ id: `${instance.instance_of}#${k + 1}`, instance, variant: k })),
        );

  const visualDir = join(options.dir, 'visual');
  mkdirSync(visualDir, { recursive: true });
  const figure = options.loadFigure ?? (() => undefined);
  const images: RenderedImage[] = [];
  const manifestPath = join(visualDir, 'images.json');
  const previous = new Map<string, RenderedImage>(
    existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as RenderedImage[]).map((r) => [r.file, r])
      : [],
  );
  for (const [i, p] of posed.entries()) {
    const content = questionContent(p.instance, figure);
    const variant = variants[p.variant]!;
    const seed = `${options.seed}:${p.id}`;
    const key = hashHex(
      JSON.stringify({
        version: RENDERER_VERSION,
        paragraphs: content.paragraphs,
        figures: content.figures.map((f) => createHash('sha256').update(f.bytes).digest('hex')),
        variant,
        seed,
      }),
    ).slice(0, 16);
    const file = `visual/${safe(p.id)}-${key}.png`;
    const before = previous.get(file);
    if (before !== undefined && existsSync(join(options.dir, file))) images.push(before);
    else {
      const started = performance.now();
      const r = await renderQuestion(content, variant, seed);
      const ms = performance.now() - started;
      const target = join(options.dir, file);
      writeFileSync(`${target}.${process.pid}.tmp`, r.png);
      renameSync(`${target}.${process.pid}.tmp`, target);
      images.push({
        id: p.id,
        variant: p.variant + 1,
        label: variantLabel(variant),
        file,
        sha256: createHash('sha256').update(r.png).digest('hex'),
        bytes: r.png.length,
        width: r.width,
        height: r.height,
        ms: Math.round(ms),
        problems: r.problems,
      });
    }
    for (const m of images[images.length - 1]!.problems) options.onRenderProblem?.(p.id, m);
    options.onRender?.(i + 1, posed.length);
  }
  writeFileAtomic(manifestPath, `${JSON.stringify(images, null, 2)}\n`);

  // What is scored: the instance under the posed id. What is asked: only the image and the format.
  const scored = new Map<string, Problem>(posed.map((p) => [p.id, { ...p.instance, id: p.id }]));
  const prompts: Problem[] = posed.map((p, i) => ({
    ...p.instance,
    id: p.id,
    context: VISUAL_CONTEXT,
    ...(p.instance.subquestions === undefined
      ? {}
      : {
          subquestions: p.instance.subquestions.map((sq) => ({
            ...sq,
            subproblem: `Part ${sq.letter} of the problem in the image.`,
          })),
        }),
    images: [{ location: images[i]!.file }],
  }));
  const scorer = createScorer([...scored.values()]);
  const result = await runModel({
    ...options,
    problems: prompts,
    template: ZERO_SHOT_PROMPT,
    loadImage: createImageLoader(options.dir),
    scorer: (problem, response) => scorer.scoreResponse(scored.get(problem.id) ?? problem, response),
  });
  const records = readJsonLines(join(options.dir, 'records.jsonl')).rows as InstanceOutcome[];
  const ids = posed.map((p) => p.id);
  const report = robustnessReport(
    vary === 'values' ? 'I (rendered)' : 'II',
    options.params.model,
    ids,
    records,
  );
  const correct = new Set(records.filter((r) => r.final_answer_correct === true).map((r) => r.problem_id));
  const perVariant =
    vary === 'values'
      ? [{ variant: 1, label: variantLabel(variants[0]!), accuracy: share(ids, correct) }]
      : variants.map((v, k) => ({
          variant: k + 1,
          label: variantLabel(v),
          accuracy: share(
            posed.filter((p) => p.variant === k).map((p) => p.id),
            correct,
          ),
        }));
  const out: VisualTaskReport = { report, variants: perVariant, images };
  const markdown = renderVisualReport(out);
  writeFileAtomic(join(options.dir, 'prism-ii.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'prism-ii.md'), markdown);
  return {
    result: out,
    ok: result.ok && !result.interrupted && result.fatal === undefined,
    markdown,
    diagnostics: result.fatal === undefined ? result.diagnostics : [...result.diagnostics, result.fatal],
  };
}

function share(ids: readonly string[], correct: ReadonlySet<string>): number {
  return ids.length === 0 ? 0 : (100 * ids.filter((id) => correct.has(id)).length) / ids.length;
}

/** Table 3's rows for Task II (as Task I's, step-score profile included), then accuracy per variant. */
export function renderVisualReport(r: VisualTaskReport): string {
  const variants = [
    '| Variant | Rendering | Accuracy % |',
    '|---|---|---|',
    ...r.variants.map((v) => `| ${v.variant} | ${v.label} | ${v.accuracy.toFixed(1)} |`),
  ];
  const bytes = r.images.map((i) => i.bytes);
  const sizes =
    bytes.length === 0
      ? ''
      : `\n${r.images.length} images, ${Math.round(Math.min(...bytes) / 1024)}–${Math.round(Math.max(...bytes) / 1024)} KiB each (visual/images.json).\n`;
  return `${renderTable3([r.report])}\n${variants.join('\n')}\n${sizes}`;
}
