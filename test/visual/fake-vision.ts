import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import type { InstanceProblem } from '../../src/instances/index.js';
import type { LlmBehaviour, LlmRequest } from '../helpers/fake-llm-server.js';
import { textbookAnswers } from '../tasks/fake-models.js';

/** The images a request carries, as bytes with their declared type, whichever protocol it used. */
export function requestImages(req: LlmRequest): { mime: string; bytes: Buffer }[] {
  const out: { mime: string; bytes: Buffer }[] = [];
  const messages = (req.body.messages ?? []) as { content: unknown }[];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const part of m.content as Record<string, unknown>[]) {
      if (req.protocol === 'openai' && part.type === 'image_url') {
        const url = (part.image_url as { url: string }).url;
        const match = /^data:([^;]+);base64,(.*)$/s.exec(url);
        if (match !== null) out.push({ mime: match[1]!, bytes: Buffer.from(match[2]!, 'base64') });
      }
      if (req.protocol === 'anthropic' && part.type === 'image') {
        const source = part.source as { type: string; media_type: string; data: string };
        if (source.type === 'base64')
          out.push({ mime: source.media_type, bytes: Buffer.from(source.data, 'base64') });
      }
    }
  }
  return out;
}

/**
 * Share of mid-grey pixels (mean level strictly between 60 and 195): near 0.03 for a clean black
 * on white page (anti-aliased edges), higher as noise, blur or compression smear it.
 */
export function midGreyShare(png: Buffer): number {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const d = ctx.getImageData(0, 0, image.width, image.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const g = (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
    if (g > 60 && g < 195) n++;
  }
  return n / (d.length / 4);
}

/** Above this share of mid-grey pixels the fake cannot "read" the page. */
export const LEGIBLE_BELOW = 0.08;

/**
 * A scripted vision model. It cannot read: it learns which instance an image shows from the run's
 * own image list (`visual/images.json`, matched by SHA-256 of the bytes received; `lookup` maps the
 * posed id to the instance) and answers with the textbook solution of that instance's inputs (independent of our ground truth) when the image it
 * received is clean enough by a fixed pixel statistic ({@link midGreyShare} < {@link LEGIBLE_BELOW}),
 * else with a wrong value. `blind` never reads. Any request without exactly one PNG is answered
 * "no image".
 */
export function fakeVisionModel(
  runDirs: () => readonly string[],
  lookup: (id: string, runDir: string) => InstanceProblem | undefined,
): (req: LlmRequest) => LlmBehaviour {
  return (req) => {
    const images = requestImages(req);
    if (
      images.length !== 1 ||
      images[0]!.mime !== 'image/png' ||
      images[0]!.bytes.subarray(1, 4).toString() !== 'PNG'
    )
      return { kind: 'answer', text: 'no image' };
    const sha = createHash('sha256').update(images[0]!.bytes).digest('hex');
    let instance: InstanceProblem | undefined;
    for (const dir of runDirs()) {
      const manifest = join(dir, 'visual', 'images.json');
      if (!existsSync(manifest)) continue;
      const list = JSON.parse(readFileSync(manifest, 'utf8')) as { id: string; sha256: string }[];
      const id = list.find((x) => x.sha256 === sha)?.id;
      if (id !== undefined) instance ??= lookup(id, dir);
    }
    if (instance === undefined) return { kind: 'answer', text: 'unknown image' };
    const answers = instance === undefined ? undefined : textbookAnswers(instance.context);
    const legible = req.model !== 'blind' && midGreyShare(images[0]!.bytes) < LEGIBLE_BELOW;
    const shown = legible && answers !== undefined ? answers : ['t = 12345', 'W = 12345'];
    return { kind: 'answer', text: `Working omitted.\n${shown.map((a) => `$$\\boxed{${a}}$$`).join('\n')}` };
  };
}
