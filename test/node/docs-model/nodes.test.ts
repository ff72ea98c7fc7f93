/** @jest-environment node */
import siteConfig from '../../../site.config';
import { fromSidebarRows } from '@src/contract/sidebar-rows';
import { getDocNavigation } from '@src/node/docs-model/navigation';
import { docsModelNodeData, docsVersionsManifest } from '@src/node/docs-model/nodes';
import { getSidebar } from '@src/node/docs-model/sidebars';
import { build, doc, errorOf, sources } from './fixtures';

describe('docsModelNodeData: the model as its nodes hold it', () => {
  it('holds each sidebar as rows that rebuild the same tree, and the navbar\'s docs apart', () => {
    const { version } = build();
    const data = docsModelNodeData(version, siteConfig);
    const [sidebar] = data.version.sidebars;
    expect(sidebar?.id).toBe('docs');
    expect(sidebar?.firstDocPath).toBe('/docs');
    expect(fromSidebarRows(sidebar?.items ?? [])).toEqual(getSidebar(version, 'docs'));
    expect(sidebar?.items.filter((row) => row.type === 'category').map((row) => [row.label, row.depth])).toEqual([
      ['Getting started', 0],
      ['API', 0],
      ['Guides', 0],
    ]);
    // Only the main doc here: the navbar names no other doc, so its data does not grow with the site.
    expect(data.version.linkedDocs).toEqual([{ id: 'intro', path: '/docs', title: 'Introduction' }]);
  });

  it('holds one navigation per doc, equal to getDocNavigation with null for absent links', () => {
    const { version } = build();
    const { navigation } = docsModelNodeData(version, siteConfig);
    expect(navigation).toHaveLength(17);
    const atom = navigation.find((n) => n.docId === 'api/atom');
    expect(atom).toEqual({
      docId: 'api/atom',
      versionName: 'current',
      lastVersionDocPath: '/docs/api/atom',
      versionSidebar: null,
      sidebar: 'docs',
      breadcrumbs: [{ label: 'API', href: '/docs/api/atom' }, { label: 'atom', href: null }],
      previous: getDocNavigation(version, 'api/atom').previous,
      next: getDocNavigation(version, 'api/atom').next,
      editUrl: null,
      lastUpdated: null,
    });
  });

  it("gives each doc its own edit link and last-updated date, from its file's path", () => {
    const { version } = build();
    const dates: Record<string, string> = { 'content/docs/api/atom.mdx': '2026-03-04T10:00:00+01:00' };
    const { navigation } = docsModelNodeData(version, siteConfig, {
      editUrl: 'https://github.com/rkrupinski/stan-docs/edit/main/',
      lastUpdated: (file) => dates[file] ?? null,
    });
    const atom = navigation.find((n) => n.docId === 'api/atom');
    const intro = navigation.find((n) => n.docId === 'intro');
    expect(atom?.editUrl).toBe('https://github.com/rkrupinski/stan-docs/edit/main/content/docs/api/atom.mdx');
    expect(atom?.lastUpdated).toBe('2026-03-04T10:00:00+01:00');
    // A doc git cannot date gets null (no date shown), not the date of another doc or of the build.
    expect(intro?.lastUpdated).toBeNull();
    expect(intro?.editUrl).toBe('https://github.com/rkrupinski/stan-docs/edit/main/content/docs/intro.mdx');
  });

  it('changes only the dated doc\'s navigation when one date changes (one page is built again)', () => {
    const { version } = build();
    const before = docsModelNodeData(version, siteConfig, { lastUpdated: () => '2026-01-01T00:00:00Z' });
    const after = docsModelNodeData(version, siteConfig, {
      lastUpdated: (file) => (file === 'content/docs/guides/ssr.mdx' ? '2026-02-02T00:00:00Z' : '2026-01-01T00:00:00Z'),
    });
    const changed = after.navigation.filter((n, i) => JSON.stringify(n) !== JSON.stringify(before.navigation[i]));
    expect(changed.map((n) => n.docId)).toEqual(['guides/ssr']);
    expect(after.version).toEqual(before.version);
  });

  it('escapes a file path in the edit link', () => {
    const { version } = build([...sources, doc('guides/a b#c', 'Odd name', { sidebarPosition: 9 })]);
    const { navigation } = docsModelNodeData(version, siteConfig, { editUrl: 'https://example.com/edit/' });
    expect(navigation.find((n) => n.docId === 'guides/a b#c')?.editUrl).toBe('https://example.com/edit/content/docs/guides/a%20b%23c.mdx');
  });

  it('names a navbar doc item whose doc does not exist', () => {
    const { version } = build();
    const config = {
      ...siteConfig,
      themeConfig: {
        ...siteConfig.themeConfig,
        navbar: { ...siteConfig.themeConfig.navbar, items: [{ type: 'doc' as const, docId: 'api/nope', position: 'left' as const }] },
      },
    };
    expect(errorOf(() => docsModelNodeData(version, config)).message).toMatch(
      /^A navbar item of type "doc" links to doc "api\/nope", which does not exist\..*Fix docId in themeConfig\.navbar\.items/,
    );
  });
});

describe('docsVersionsManifest: what the version dropdown fetches', () => {
  it('lists each version’s main doc and doc routes by plain doc id', () => {
    const last = build().version;
    const older = { ...last, name: '1.0.0-rc14', mainDocPath: '/docs/1.0.0-rc14', docs: [{ id: 'api/atom', path: '/docs/1.0.0-rc14/api/atom', title: 'atom', sidebar: 'docs', file: 'x' }] };
    const manifest = docsVersionsManifest([last, older]);
    expect(manifest.versions.map((v) => [v.name, v.mainDocPath])).toEqual([
      ['current', '/docs'],
      ['1.0.0-rc14', '/docs/1.0.0-rc14'],
    ]);
    expect(manifest.versions[1]?.docs['api/atom']).toBe('/docs/1.0.0-rc14/api/atom');
    expect(manifest.versions[1]?.docs).not.toHaveProperty('api/store');
    expect(manifest.versions[0]?.docs['api/store']).toBe('/docs/api/store');
  });
});
