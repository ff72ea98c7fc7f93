// A two-doc site (an intro and the store page, in one sidebar) for the search-index tests, and an older version of it
// (1.0.0-rc14: an intro and the atom page) beside it.
import type { DocsVersion } from '@src/node/types';

export const version: Pick<DocsVersion, 'name' | 'isLast' | 'docs' | 'sidebars'> = {
  name: 'current',
  isLast: true,
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

const OLDER_DIR = 'content/versioned_docs/version-1.0.0-rc14';

export const olderVersion: Pick<DocsVersion, 'name' | 'isLast' | 'docs' | 'sidebars'> = {
  name: '1.0.0-rc14',
  isLast: false,
  docs: [
    { id: 'intro', path: '/docs/1.0.0-rc14', title: 'Introduction', sidebar: 'docs', file: `${OLDER_DIR}/intro.mdx` },
    { id: 'api/atom', path: '/docs/1.0.0-rc14/api/atom', title: 'atom', sidebar: 'docs', file: `${OLDER_DIR}/api/atom.mdx` },
  ],
  sidebars: {
    docs: [
      { type: 'link', label: 'Introduction', href: '/docs/1.0.0-rc14', docId: 'intro', unlisted: false },
      { type: 'link', label: 'atom', href: '/docs/1.0.0-rc14/api/atom', docId: 'api/atom', unlisted: false },
    ],
  },
};

/** Both versions' MDX by file. */
export const mdxOfBoth = new Map([
  ...mdx,
  [`${OLDER_DIR}/intro.mdx`, { body: 'Stan 1.0 is small too.\n\n## Core ideas\n\nAtoms live in modules.', internal: {} }],
  [`${OLDER_DIR}/api/atom.mdx`, { body: '## atom\n\nMakes an atom; there is no store in this release.', internal: {} }],
]);
