import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createImageLoader, renderPrompt, ZERO_SHOT_PROMPT } from '../../src/llm/index.js';

const multi: Problem = {
  id: '7',
  context: 'A block of mass $m$ slides down an incline of angle $\\theta$.',
  subquestions: [
    {
      letter: 'a',
      subproblem: 'Find the acceleration.',
      solution: '',
      final_answer_form: 'algebraic',
      final_answer_instructions: 'Express in terms of $g$ and $\\theta$.',
    },
    { letter: 'b', subproblem: 'Find the speed after a distance $d$.', solution: '' },
  ],
  images: [{ location: 'fig1.png' }, { location: 'missing.png' }],
  grading_standard: [],
};

test('the zero-shot template is versioned and asks for $$ steps, $ definitions, the given variables', () => {
  assert.match(ZERO_SHOT_PROMPT.version, /^zero-shot-v\d+$/);
  assert.match(ZERO_SHOT_PROMPT.preamble, /\$\$\.\.\.\$\$/);
  assert.match(ZERO_SHOT_PROMPT.preamble, /single dollar/);
  assert.match(ZERO_SHOT_PROMPT.preamble, /variables and symbols given in the problem/);
});

test('sub-questions render as "a) …" lines with their own answer-format instructions', () => {
  const { messages } = renderPrompt(multi, ZERO_SHOT_PROMPT);
  const text = messages[0]!.content as string;
  assert.match(text, /Problem:\nA block of mass \$m\$/);
  assert.match(text, /\na\) Find the acceleration\.\n\nb\) Find the speed/);
  assert.match(text, /Answer-format instructions:\na\) \(algebraic answer\) Express in terms of \$g\$/);
  assert.doesNotMatch(text, /\nb\) \(/);
});

test('images become data URLs when the file exists; missing ones are reported; text-only sends none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-img-'));
  writeFileSync(join(dir, 'fig1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const withImages = renderPrompt(multi, ZERO_SHOT_PROMPT, { loadImage: createImageLoader(dir) });
  assert.deepEqual(withImages.attachedImages, ['fig1.png']);
  assert.deepEqual(withImages.missingImages, ['missing.png']);
  const parts = withImages.messages[0]!.content as { type: string; image_url?: { url: string } }[];
  assert.equal(parts[1]?.image_url?.url, 'data:image/png;base64,iVBORw==');
  const textOnly = renderPrompt(multi, ZERO_SHOT_PROMPT);
  assert.equal(typeof textOnly.messages[0]!.content, 'string');
});

test('a top-level problem uses its own instructions and significant figures', () => {
  const p: Problem = {
    id: '1',
    context: 'Find $v$.',
    final_answer_form: 'numerical',
    final_answer_instructions: 'In m/s.',
    significant_figures: 3,
    grading_standard: [],
  };
  const text = renderPrompt(p, ZERO_SHOT_PROMPT).messages[0]!.content as string;
  assert.match(text, /\(numerical answer\) In m\/s\.\nGive numerical answers to 3 significant figures\./);
});
