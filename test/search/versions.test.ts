import { searchIndexFile, searchIndexUrl, searchVersionFor, searchVersions, storedPreferredVersion } from '@src/search/versions';

const versions = searchVersions();
const names = (pathname: string, preferred: string | null, among = versions) => searchVersionFor(pathname, among, preferred).name;

describe('the version a search answers from', () => {
  it('lists the versions the build read (the bundles\' constant), with their routes', () => {
    expect(versions.map(({ name, path, isLast }) => ({ name, path, isLast }))).toEqual([
      { name: 'current', path: '/docs', isLast: true },
      { name: '1.0.0-rc14', path: '/docs/1.0.0-rc14', isLast: false },
    ]);
  });

  it('falls back to the version marked last, wherever the list puts it', () => {
    const unreleasedFirst = [
      { name: 'current', label: 'Canary', path: '/docs/next', isLast: false },
      { name: '1.0.0-rc14', label: '1.0.0-rc14', path: '/docs', isLast: true },
    ];
    expect(names('/search', null, unreleasedFirst)).toBe('1.0.0-rc14');
    expect(names('/docs/next/api/atom', null, unreleasedFirst)).toBe('current');
  });

  it("is the version of the page being read, whatever the preferred one", () => {
    expect(names('/docs/1.0.0-rc14/api/atom', null)).toBe('1.0.0-rc14');
    expect(names('/docs/1.0.0-rc14', 'current')).toBe('1.0.0-rc14');
    expect(names('/docs/api/atom', '1.0.0-rc14')).toBe('current');
    expect(names('/docs', '1.0.0-rc14')).toBe('current');
  });

  it('outside the docs, is the preferred version, else the last (a stored name no version has is ignored)', () => {
    expect(names('/search', '1.0.0-rc14')).toBe('1.0.0-rc14');
    expect(names('/search', null)).toBe('current');
    expect(names('/', '0.9.0')).toBe('current');
  });

  it('reads the preferred version from storage, and none when the storage throws', () => {
    const stored = new Map([['docs-preferred-version-default', '1.0.0-rc14']]);
    expect(storedPreferredVersion(() => ({ getItem: (key: string) => stored.get(key) ?? null }))).toBe('1.0.0-rc14');
    expect(
      storedPreferredVersion(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBeNull();
    expect(
      storedPreferredVersion(() => ({
        getItem: () => {
          throw new Error('storage disabled');
        },
      })),
    ).toBeNull();
  });

  it("names each version's index file, the last version's keeping the site's one name", () => {
    expect(searchIndexFile({ name: 'current', isLast: true })).toBe('search-index.json');
    expect(searchIndexFile({ name: '1.0.0-rc14', isLast: false })).toBe('search-index-1.0.0-rc14.json');
    expect(searchIndexUrl('/', { name: '1.0.0-rc14', isLast: false })).toBe('/search-index-1.0.0-rc14.json');
    expect(searchIndexUrl('/__stan/', { name: 'current', isLast: true })).toBe('/__stan/search-index.json');
  });
});
