import {
  qualifiedDocId,
  versionOfFile,
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
  it('serves the last version at the docs path and an older one under its name', () => {
    expect(versionRoute('docs', 'current', true)).toBe('/docs');
    expect(versionRoute('/docs/', '1.0.0-rc14', false)).toBe('/docs/1.0.0-rc14');
  });

  it('reads the version of a docs file from its path', () => {
    expect(versionOfFile('content/docs/api/atom.mdx')).toBe('current');
    expect(versionOfFile('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx')).toBe('1.0.0-rc14');
    expect(versionOfFile('./content/versioned_docs/version-1.0.0-rc14/intro.mdx')).toBe('1.0.0-rc14');
    expect(versionOfFile('content\\versioned_docs\\version-1.0.0-rc14\\intro.mdx')).toBe('1.0.0-rc14');
    expect(versionOfFile('content/versioned_docs/version-1.0.0-rc14')).toBeNull();
    expect(versionOfFile('content/docsx/intro.mdx')).toBeNull();
    expect(versionOfFile('src/pages/index.tsx')).toBeNull();
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
