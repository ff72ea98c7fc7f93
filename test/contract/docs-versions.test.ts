import {
  defaultVersionBanner,
  lastVersionName,
  lastVersionOf,
  qualifiedDocId,
  versionNamesNewestFirst,
  versionOfContentFile,
  versionOfRoute,
  versionPackage,
  versionRoute,
  versionedDocsDir,
  versionedSidebarsFile,
} from '@src/contract/docs-versions';

const versions = [
  { name: 'current', path: '/docs' },
  { name: '1.0.0-rc14', path: '/docs/1.0.0-rc14' },
];

describe('docs versions', () => {
  it('serves the last version at the docs path, the current docs at /next when they are not the last, an older one under its name', () => {
    expect(versionRoute('docs', 'current', true)).toBe('/docs');
    expect(versionRoute('/docs/', '1.0.0-rc14', false)).toBe('/docs/1.0.0-rc14');
    expect(versionRoute('docs', '1.0.0-rc14', true)).toBe('/docs');
    expect(versionRoute('docs', 'current', false)).toBe('/docs/next');
  });

  it('makes the current docs the last version unless the config names another', () => {
    expect(lastVersionName(undefined)).toBe('current');
    expect(lastVersionName('1.0.0-rc14')).toBe('1.0.0-rc14');
  });

  it('lists versions newest first, and finds the last one wherever it is', () => {
    expect(versionNamesNewestFirst(['1.2.0-rc4', '1.0.0-rc14'])).toEqual(['current', '1.2.0-rc4', '1.0.0-rc14']);
    const listed = [
      { name: 'current', isLast: false },
      { name: '1.2.0-rc4', isLast: true },
    ];
    expect(lastVersionOf(listed).name).toBe('1.2.0-rc4');
    expect(lastVersionOf([{ name: 'current', isLast: false }]).name).toBe('current');
    expect(() => lastVersionOf([])).toThrow(/No docs version/);
  });


  it('gives no banner to the last version, "unreleased" to newer ones and "unmaintained" to older ones', () => {
    const names = ['current', '1.2.0-rc4', '1.0.0-rc14'];
    expect(names.map((name) => defaultVersionBanner(name, names, 'current'))).toEqual(['none', 'unmaintained', 'unmaintained']);
    expect(names.map((name) => defaultVersionBanner(name, names, '1.2.0-rc4'))).toEqual(['unreleased', 'none', 'unmaintained']);
  });

  it("finds a docs file's version by the content folder that holds it, the deepest winning", () => {
    const folders = [
      { name: 'current', contentDir: 'content/docs' },
      { name: '1.0.0-rc14', contentDir: 'content/versioned_docs/version-1.0.0-rc14' },
      { name: 'nested', contentDir: 'content/docs/nested' },
    ];
    const of = (file: string) => versionOfContentFile(file, folders)?.name ?? null;
    expect(of('content/docs/api/atom.mdx')).toBe('current');
    expect(of('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx')).toBe('1.0.0-rc14');
    expect(of('./content/versioned_docs/version-1.0.0-rc14/intro.mdx')).toBe('1.0.0-rc14');
    expect(of('content\\versioned_docs\\version-1.0.0-rc14\\intro.mdx')).toBe('1.0.0-rc14');
    expect(of('content/docs/nested/page.mdx')).toBe('nested');
    expect(of('content/versioned_docs/version-1.0.0-rc14')).toBeNull();
    expect(of('content/docsx/intro.mdx')).toBeNull();
    expect(of('src/pages/index.tsx')).toBeNull();
  });

  it('finds the version of a route by its longest base', () => {
    expect(versionOfRoute('/docs/1.0.0-rc14/api/atom', versions)?.name).toBe('1.0.0-rc14');
    expect(versionOfRoute('/docs/1.0.0-rc14', versions)?.name).toBe('1.0.0-rc14');
    expect(versionOfRoute('/docs/api/atom/#usage', versions)?.name).toBe('current');
    expect(versionOfRoute('/docs/1.0.0-rc140/x', versions)?.name).toBe('current');
    expect(versionOfRoute('/search', versions)).toBeNull();
    expect(versionOfRoute('/docsx', versions)).toBeNull();
  });

  it('names an older version its folder, sidebars, package and doc ids', () => {
    expect(versionedDocsDir('1.0.0-rc14')).toBe('content/versioned_docs/version-1.0.0-rc14');
    expect(versionedSidebarsFile('1.0.0-rc14')).toBe('content/versioned_sidebars/version-1.0.0-rc14-sidebars.json');
    expect(versionPackage('1.0.0-rc14')).toBe('stan-1.0.0-rc14');
    expect(versionPackage('current')).toBe('@rkrupinski/stan');
    expect(qualifiedDocId('1.0.0-rc14', 'api/atom')).toBe('version-1.0.0-rc14/api/atom');
    expect(qualifiedDocId('current', 'api/atom')).toBe('api/atom');
  });
});
