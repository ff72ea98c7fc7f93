import { useStaticQuery } from 'gatsby';

// The single docs version ("Next"), as the build's summaries give it.
const nextVersion = {
  name: 'current',
  label: 'Next',
  path: '/docs',
  isLast: true,
  mainDocId: 'intro',
  linkedDocs: [
    { id: 'intro', path: '/docs', title: 'Introduction' },
    { id: 'api/atom', path: '/docs/api/atom', title: 'Atom' },
  ],
  sidebars: [{ id: 'docs', firstDocPath: '/docs' }],
};

/** The docs-version summary the navbar items read through useStaticQuery, shaped like the real build's. */
export const docsVersionFixture = {
  docsVersion: nextVersion,
  docsVersions: [{ ...nextVersion, release: '1.2.0-rc4', banner: 'none', badge: true, mainDocPath: '/docs' }],
  allSitePage: { nodes: [{ path: '/' }, { path: '/docs' }, { path: '/docs/api/atom' }] },
};

export function mockStaticQuery(data: object = docsVersionFixture): void {
  (useStaticQuery as jest.Mock).mockReturnValue(data);
}
