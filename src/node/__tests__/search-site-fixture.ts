// A two-doc site (an intro and the store page, in one sidebar) for the search-index tests.
import type { DocsVersion } from '../types';

export const version: Pick<DocsVersion, 'docs' | 'sidebars'> = {
  docs: [
    { id: 'api/store', path: '/docs/api/store', title: 'Store', sidebar: 'docs', file: 'content/docs/api/store.mdx' },
    { id: 'intro', path: '/docs', title: 'Introduction', sidebar: 'docs', file: 'content/docs/intro.mdx' },
  ],
  sidebars: {
    docs: [
      { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
      {
        type: 'category',
        label: 'API',
        href: '/docs/api/store',
        linkUnlisted: false,
        collapsed: false,
        collapsible: true,
        items: [{ type: 'link', label: 'store', href: '/docs/api/store', docId: 'api/store', unlisted: false }],
      },
    ],
  },
};

export const mdx = new Map([
  ['content/docs/intro.mdx', { body: 'Stan is small.\n\n## Core ideas\n\nAtoms hold values.', internal: {} }],
  [
    'content/docs/api/store.mdx',
    {
      body: '## makeStore\n\nCreates a store.\n\n```ts\nconst s = makeStore();\nDEFAULT_STORE;\n```',
      frontmatter: { keywords: ['container'] },
      internal: {},
    },
  ],
]);
