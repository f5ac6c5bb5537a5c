import type { Problem } from '../dag/types.js';
import type { ChatMessage, ContentPart } from './chat-types.js';
import type { PromptTemplate } from './prompts/prompt-template.js';

/** A rendered prompt: the messages to send and what was left out. */
export interface RenderedPrompt {
  readonly messages: readonly ChatMessage[];
  /** Image locations listed by the problem that were attached. */
  readonly attachedImages: readonly string[];
  /** Image locations listed by the problem but not found (or skipped by `--text-only`). */
  readonly missingImages: readonly string[];
}

/** Options of {@link renderPrompt}. */
export interface RenderOptions {
  /** Returns a data URL for an image location, or undefined when the file does not exist. Omit for text-only. */
  readonly loadImage?: (location: string) => string | undefined;
}

/**
 * Renders one problem with a template: preamble, the context, sub-questions as `a) …` lines, then
 * the answer-format instructions (per sub-question when it has its own). Images are attached as
 * `image_url` parts when `loadImage` finds them. Pure: the file reading is in `loadImage`.
 */
export function renderPrompt(
  problem: Problem,
  template: PromptTemplate,
  options: RenderOptions = {},
): RenderedPrompt {
  const parts: string[] = [template.preamble, '', 'Problem:', problem.context.trim()];
  const subs = problem.subquestions ?? [];
  for (const sq of subs) parts.push('', `${sq.letter}) ${sq.subproblem.trim()}`);
  const formats: string[] = [];
  if (subs.length > 0) {
    for (const sq of subs) {
      const line = formatLine(sq.final_answer_form, sq.final_answer_instructions);
      if (line !== '') formats.push(`${sq.letter}) ${line}`);
    }
  } else {
    const line = formatLine(problem.final_answer_form, problem.final_answer_instructions);
    if (line !== '') formats.push(line);
  }
  if (problem.significant_figures !== undefined) {
    formats.push(`Give numerical answers to ${problem.significant_figures} significant figures.`);
  }
  if (formats.length > 0) parts.push('', template.formatHeading, ...formats);
  const text = parts.join('\n');

  const attachedImages: string[] = [];
  const missingImages: string[] = [];
  const imageParts: ContentPart[] = [];
  for (const image of problem.images ?? []) {
    if (image.location === undefined || image.location === '') continue;
    const url = options.loadImage?.(image.location);
    if (url === undefined) missingImages.push(image.location);
    else {
      attachedImages.push(image.location);
      imageParts.push({ type: 'image_url', image_url: { url } });
    }
  }
  const user: ChatMessage =
    imageParts.length === 0
      ? { role: 'user', content: text }
      : { role: 'user', content: [{ type: 'text', text }, ...imageParts] };
  const messages: ChatMessage[] =
    template.system === undefined ? [user] : [{ role: 'system', content: template.system }, user];
  return { messages, attachedImages, missingImages };
}

function formatLine(form: string | undefined, instructions: string | undefined): string {
  const text = instructions?.trim() ?? '';
  if (form === undefined || form === '') return text;
  return text === '' ? `(${form} answer)` : `(${form} answer) ${text}`;
}
