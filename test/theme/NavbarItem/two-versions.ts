import type { DocsVersionSummary } from '@src/theme-common/docs-version';

/** The docs versions as the build lists them with one older release beside the current docs. */
export const nextVersion: DocsVersionSummary = {
  name: 'current',
  label: '1.2.0-rc4',
  release: '1.2.0-rc4',
  path: '/docs',
  isLast: true,
  banner: 'none',
  badge: true,
  mainDocPath: '/docs',
  mainDocId: 'intro',
  linkedDocs: [
    { id: 'intro', path: '/docs', title: 'Introduction' },
    { id: 'api/store', path: '/docs/api/store', title: 'Store' },
  ],
  sidebars: [{ id: 'docs', firstDocPath: '/docs' }],
};

export const oldVersion: DocsVersionSummary = {
  name: '1.0.0-rc14',
  label: '1.0.0-rc14',
  release: '1.0.0-rc14',
  path: '/docs/1.0.0-rc14',
  isLast: false,
  banner: 'unmaintained',
  badge: true,
  mainDocPath: '/docs/1.0.0-rc14',
  mainDocId: 'intro',
  linkedDocs: [{ id: 'intro', path: '/docs/1.0.0-rc14', title: 'Introduction' }],
  sidebars: [{ id: 'docs', firstDocPath: '/docs/1.0.0-rc14' }],
};

export const twoVersions: readonly DocsVersionSummary[] = [nextVersion, oldVersion];

