// Every relative link in the README and the docs pages must lead somewhere: the file exists and,
// for `file.md#anchor` or `#anchor`, the target has a heading with that anchor (GitHub's slugs, which
// the site's match for our headings). The site build checks links between pages; this test also
// covers links that leave docs/ (schemas, examples, ARCHITECTURE.md) and anchors, which it does not.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown without fenced blocks (and, for links, inline code), where links are not links. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
}
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const out = new Set<string>();
  for (const m of withoutFences(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) out.add(slug(m[1]!));
  return out;
}

test('docs: the slug rule gives the anchors GitHub gives', () => {
  assert.equal(slug('Human agreement (`prism agreement`)'), 'human-agreement-prism-agreement');
  assert.equal(slug('Techniques, judges and the config file'), 'techniques-judges-and-the-config-file');
  assert.equal(slug('What `prism validate` checks'), 'what-prism-validate-checks');
});

for (const page of pages) {
  test(`docs: every relative link and anchor in ${page} resolves`, () => {
    const file = join(root, page);
    const dead: string[] = [];
    for (const m of prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : join(dirname(file), decodeURI(path));
      if (!existsSync(resolved)) {
        dead.push(`${target}: no file ${relative(root, resolved)}`);
        continue;
      }
      if (anchor !== undefined && !statSync(resolved).isDirectory() && resolved.endsWith('.md')) {
        if (!anchors(resolved).has(anchor)) dead.push(`${target}: no heading #${anchor}`);
      }
    }
    assert.deepEqual(dead, []);
  });
}

test('docs: every page is in the site sidebar', () => {
  const config = readFileSync(join(root, 'docs/.vitepress/config.mts'), 'utf8');
  for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/index.md')) {
    const name = page.slice('docs/'.length, -'.md'.length);
    assert.ok(config.includes(`link: '/${name}'`), `${page} is not in docs/.vitepress/config.mts`);
  }
});
