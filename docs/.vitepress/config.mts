import { defineConfig } from 'vitepress';

// The docs are plain Markdown that also reads on GitHub: pages link each other as `page.md`, and
// link files of the repository outside docs/ (schemas, examples, ARCHITECTURE.md) relatively. The
// build fails on a dead link between pages; links that leave docs/ are checked by
// test/docs/links.test.ts (files and #anchors), since the site does not serve those files.
const leavesDocs = (url: string) => url.includes('../');

export default defineConfig({
  title: 'prism-physics',
  description: 'Rule-based step-level evaluation of physics reasoning',
  cleanUrls: true,
  lastUpdated: false,
  ignoreDeadLinks: [leavesDocs],
  srcExclude: ['**/README.md'],
  markdown: { math: false },
  themeConfig: {
    search: { provider: 'local' },
    nav: [{ text: 'Guide', link: '/getting-started' }],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Your own dataset', link: '/dataset-format' },
          { text: 'Scoring and formula equivalence', link: '/scoring' },
          { text: 'Model runs, techniques and judges', link: '/model-runs' },
          { text: 'PRiSM instances and tasks', link: '/prism' },
          { text: 'RL reward server', link: '/reward-server' },
          { text: 'Viewer and reports', link: '/viewer' },
          { text: 'Difficulty', link: '/difficulty' },
        ],
      },
      {
        text: 'Measurements',
        items: [
          { text: 'Measured accuracy', link: '/accuracy' },
          { text: 'Measured speed', link: '/speed' },
        ],
      },
      {
        text: 'Project',
        items: [{ text: 'Contributing', link: '/contributing' }],
      },
    ],
  },
});
