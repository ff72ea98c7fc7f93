import {
  forgetDocsVersionsManifest,
  loadDocsVersionsManifest,
  parseDocsVersionsManifest,
  sameAddressInVersions,
} from '@src/theme-common/docs-versions-manifest';
import { twoVersions } from '../theme/NavbarItem/two-versions';

const manifest = {
  versions: [
    { name: 'current', mainDocPath: '/docs', docs: { intro: '/docs', 'api/atom': '/docs/api/atom', 'guides/known-quirks': '/docs/guides/known-quirks' } },
    { name: '1.0.0-rc14', mainDocPath: '/docs/1.0.0-rc14', docs: { intro: '/docs/1.0.0-rc14', 'api/atom': '/docs/1.0.0-rc14/api/atom' } },
  ],
};

describe('parseDocsVersionsManifest', () => {
  it('keeps each version’s routes', () => {
    const parsed = parseDocsVersionsManifest(manifest);
    expect(parsed?.map((v) => [v.name, v.mainDocPath, [...v.routes]])).toEqual([
      ['current', '/docs', ['/docs', '/docs/api/atom', '/docs/guides/known-quirks']],
      ['1.0.0-rc14', '/docs/1.0.0-rc14', ['/docs/1.0.0-rc14', '/docs/1.0.0-rc14/api/atom']],
    ]);
  });

  it('reads a doc id that names an inherited property (constructor, __proto__) as data', () => {
    const parsed = parseDocsVersionsManifest(JSON.parse('{"versions":[{"name":"current","mainDocPath":"/docs","docs":{"constructor":"/docs/constructor","__proto__":"/docs/proto"}}]}'));
    expect([...(parsed?.[0]?.routes ?? [])]).toEqual(['/docs/constructor', '/docs/proto']);
  });

  const corrupt: Array<[string, unknown]> = [
    ['not an object', 'versions'],
    ['versions missing', {}],
    ['versions inherited, not own', Object.create({ versions: manifest.versions })],
    ['versions not an array', { versions: { 0: manifest.versions[0] } }],
    ['a version not an object', { versions: [null] }],
    ['a name that is not a string', { versions: [{ ...manifest.versions[0], name: 7 }] }],
    ['an empty name', { versions: [{ ...manifest.versions[0], name: '' }] }],
    ['a main doc route that is not a string', { versions: [{ ...manifest.versions[0], mainDocPath: ['/docs'] }] }],
    ['a route that is not a string', { versions: [{ ...manifest.versions[0], docs: { intro: 42 } }] }],
    ['a route that is not a path', { versions: [{ ...manifest.versions[0], docs: { intro: 'javascript:alert(1)' } }] }],
    ['docs an array', { versions: [{ ...manifest.versions[0], docs: ['/docs'] }] }],
    ['docs null', { versions: [{ ...manifest.versions[0], docs: null }] }],
    ['a name listed twice', { versions: [manifest.versions[0], manifest.versions[0]] }],
  ];
  it.each(corrupt)('rejects the whole manifest: %s', (_, value) => {
    expect(parseDocsVersionsManifest(value)).toBeNull();
  });
});

describe('sameAddressInVersions', () => {
  const parsed = parseDocsVersionsManifest(manifest) ?? [];

  it('offers the same address in each other version that has a doc there', () => {
    expect(sameAddressInVersions('/docs/1.0.0-rc14/guides/known-quirks', twoVersions, parsed)).toEqual([
      { name: 'current', label: '1.2.0-rc4', latest: true, path: '/docs/guides/known-quirks' },
    ]);
    expect(sameAddressInVersions('/docs/nothing/api/atom', twoVersions, parsed)).toEqual([]);
  });

  it('from the last version’s docs, offers an older version’s page', () => {
    const withOld = parseDocsVersionsManifest({
      versions: [manifest.versions[0], { ...manifest.versions[1], docs: { ...manifest.versions[1]?.docs, old: '/docs/1.0.0-rc14/guides/old' } }],
    });
    expect(sameAddressInVersions('/docs/guides/old/', twoVersions, withOld ?? [])).toEqual([
      { name: '1.0.0-rc14', label: '1.0.0-rc14', latest: false, path: '/docs/1.0.0-rc14/guides/old' },
    ]);
  });

  it('offers nothing outside the docs', () => {
    expect(sameAddressInVersions('/blog/x', twoVersions, parsed)).toEqual([]);
  });
});

describe('loadDocsVersionsManifest', () => {
  afterEach(forgetDocsVersionsManifest);

  it('fails on a corrupt answer, and asks again on the next call', async () => {
    const fetchMock = jest.fn().mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({ versions: [{ name: 'x', mainDocPath: 5, docs: {} }] }) });
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve(manifest) });
    global.fetch = fetchMock;
    await expect(loadDocsVersionsManifest()).rejects.toThrow('/docs-versions.json is not a docs versions manifest');
    await expect(loadDocsVersionsManifest()).resolves.toHaveLength(2);
    await loadDocsVersionsManifest();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
