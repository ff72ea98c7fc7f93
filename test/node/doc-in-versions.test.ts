/** @jest-environment node */
import { docIndexing, docInVersions, withDocInVersions } from '@src/node/doc-in-versions';

const entry = (id: string, path: string) => ({ id, path, title: id, sidebar: 'docs', file: `${id}.mdx` });
const last = { name: 'current', isLast: true, docs: [entry('intro', '/docs'), entry('guides/known-quirks', '/docs/guides/known-quirks')] };
const older = { name: '1.0.0-rc14', isLast: false, docs: [entry('intro', '/docs/1.0.0-rc14'), entry('guides/old', '/docs/1.0.0-rc14/guides/old')] };

describe('docInVersions', () => {
  it('gives the doc’s route in each version, or null where the version lacks it', () => {
    expect(docInVersions([last, older], 'guides/known-quirks')).toEqual([
      { name: 'current', isLast: true, path: '/docs/guides/known-quirks' },
      { name: '1.0.0-rc14', isLast: false, path: null },
    ]);
    expect(docInVersions([last, older], 'intro').map((v) => v.path)).toEqual(['/docs', '/docs/1.0.0-rc14']);
  });
});

describe('docIndexing', () => {
  const both = (oldPath: string | null, lastPath: string | null) => [
    { name: 'current', isLast: true, path: lastPath },
    { name: '1.0.0-rc14', isLast: false, path: oldPath },
  ];

  it('a page of the last version is its own canonical page', () => {
    expect(docIndexing('/docs/api/atom', 'current', both('/docs/1.0.0-rc14/api/atom', '/docs/api/atom'))).toEqual({ canonicalPath: '/docs/api/atom', noindex: false });
  });

  it('a page of an older version names the same page in the last version', () => {
    expect(docIndexing('/docs/1.0.0-rc14/api/atom', '1.0.0-rc14', both('/docs/1.0.0-rc14/api/atom', '/docs/api/atom'))).toEqual({
      canonicalPath: '/docs/api/atom',
      noindex: false,
    });
  });

  it('a page only an older version has asks not to be indexed', () => {
    expect(docIndexing('/docs/1.0.0-rc14/guides/old', '1.0.0-rc14', both('/docs/1.0.0-rc14/guides/old', null))).toEqual({
      canonicalPath: '/docs/1.0.0-rc14/guides/old',
      noindex: true,
    });
  });

  it('without the doc’s versions, its own page', () => {
    expect(docIndexing('/docs/x', 'current', [])).toEqual({ canonicalPath: '/docs/x', noindex: false });
  });
});

describe('withDocInVersions', () => {
  it('adds the doc’s place in every version and what its page tells search engines, by the doc’s site-wide id', () => {
    const navigation = [{ docId: 'version-1.0.0-rc14/guides/old' }, { docId: 'version-1.0.0-rc14/intro' }, { docId: 'intro' }];
    const withLast = withDocInVersions(navigation.slice(2), last, [last, older]);
    const withOlder = withDocInVersions(navigation.slice(0, 2), older, [last, older]);
    expect([...withOlder, ...withLast].map((n) => [n.docInVersions.map((v) => v.path), n.canonicalPath, n.noindex])).toEqual([
      [[null, '/docs/1.0.0-rc14/guides/old'], '/docs/1.0.0-rc14/guides/old', true],
      [['/docs', '/docs/1.0.0-rc14'], '/docs', false],
      [['/docs', '/docs/1.0.0-rc14'], '/docs', false],
    ]);
  });

  it('an entry of another version is an error naming it', () => {
    expect(() => withDocInVersions([{ docId: 'intro' }], older, [last, older])).toThrow('Doc "intro" is not a doc of docs version "1.0.0-rc14".');
  });
});
