import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { anthropicApiBase } from '../../src/llm/anthropic-provider.js';
import { defaultCacheDir } from '../../src/pipeline/response-cache.js';

test('an Anthropic base URL reaches /v1 with or without it', () => {
  assert.equal(anthropicApiBase('https://api.anthropic.com'), 'https://api.anthropic.com/v1');
  assert.equal(anthropicApiBase('https://api.anthropic.com/'), 'https://api.anthropic.com/v1');
  assert.equal(anthropicApiBase('https://api.anthropic.com/v1'), 'https://api.anthropic.com/v1');
  assert.equal(anthropicApiBase('https://api.anthropic.com/v1/'), 'https://api.anthropic.com/v1');
  assert.equal(anthropicApiBase('http://127.0.0.1:8080/anthropic'), 'http://127.0.0.1:8080/anthropic/v1');
  // Near miss: a path merely containing v1 elsewhere is not taken for the API root.
  assert.equal(anthropicApiBase('https://proxy/v1/anthropic'), 'https://proxy/v1/anthropic/v1');
});

test('the response cache lives under PRISM_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache', () => {
  assert.equal(defaultCacheDir({ PRISM_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' }), '/c');
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/x' }), join('/x', 'prism-physics'));
  assert.equal(defaultCacheDir({}), join(homedir(), '.cache', 'prism-physics'));
  // The XDG spec: a relative XDG_CACHE_HOME is invalid and ignored; an empty PRISM_CACHE_DIR too.
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: 'relative' }), join(homedir(), '.cache', 'prism-physics'));
  assert.equal(defaultCacheDir({ PRISM_CACHE_DIR: '', XDG_CACHE_HOME: '/x' }), join('/x', 'prism-physics'));
});
