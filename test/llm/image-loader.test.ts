import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createImageLoader, type ImageRefusal, sniffImageType } from '../../src/llm/image-loader.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A dataset folder with one real image, and a "secret" file beside it (outside the folder). */
function layout(): { dataset: string; secret: string } {
  const base = mkdtempSync(join(tmpdir(), 'prism-images-'));
  const dataset = join(base, 'dataset');
  mkdirSync(join(dataset, 'figs'), { recursive: true });
  writeFileSync(join(dataset, 'figs', 'ok.png'), PNG);
  const secret = join(base, 'id_rsa');
  writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n');
  return { dataset, secret };
}

function loaderWithLog(dataset: string, maxBytes?: number) {
  const refused: [string, ImageRefusal][] = [];
  const load = createImageLoader(dataset, {
    onRefuse: (l, r) => refused.push([l, r]),
    ...(maxBytes === undefined ? {} : { maxBytes }),
  });
  return { load, refused };
}

test('an image inside the dataset folder is sent as a data URL typed by its bytes', () => {
  const { dataset } = layout();
  const { load, refused } = loaderWithLog(dataset);
  assert.match(load('figs/ok.png') ?? '', /^data:image\/png;base64,/);
  assert.deepEqual(refused, []);
});

test('absolute paths, .. and symbolic links out of the dataset are refused', () => {
  const { dataset, secret } = layout();
  symlinkSync(secret, join(dataset, 'figs', 'diagram.png'));
  symlinkSync(join(dataset, '..'), join(dataset, 'up'));
  const { load, refused } = loaderWithLog(dataset);
  assert.equal(load(secret), undefined);
  assert.equal(load('../id_rsa'), undefined);
  assert.equal(load('figs/../../id_rsa'), undefined);
  assert.equal(load('figs/diagram.png'), undefined);
  assert.equal(load('up/id_rsa'), undefined);
  assert.deepEqual(
    refused.map(([, r]) => r),
    ['outside-dataset', 'outside-dataset', 'outside-dataset', 'outside-dataset', 'outside-dataset'],
  );
});

test('a file named .png that is not an image, a missing file and an oversized image are refused', () => {
  const { dataset } = layout();
  writeFileSync(join(dataset, 'figs', 'fake.png'), 'not an image at all');
  writeFileSync(join(dataset, 'figs', 'big.png'), Buffer.concat([PNG, Buffer.alloc(2048)]));
  const { load, refused } = loaderWithLog(dataset, 1024);
  assert.equal(load('figs/fake.png'), undefined);
  assert.equal(load('figs/nope.png'), undefined);
  assert.equal(load('figs/big.png'), undefined);
  assert.deepEqual(
    refused.map(([, r]) => r),
    ['not-an-image', 'missing', 'too-large'],
  );
});

test('image types are read from magic bytes', () => {
  assert.equal(sniffImageType(PNG), 'image/png');
  assert.equal(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg');
  assert.equal(sniffImageType(Buffer.from('GIF89a')), 'image/gif');
  assert.equal(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')), 'image/webp');
  assert.equal(sniffImageType(Buffer.from('-----BEGIN')), undefined);
});
