/** @jest-environment node */
import siteConfig from '../../site.config';
import type { SidebarItemConfig, SiteConfig } from '@src/config/types';
import {
  DocsModelError,
  buildDocsVersion,
  docIdFromRelativePath,
  docRoute,
  docsModelNodeData,
  firstDocRouteOfSidebar,
  getDocNavigation,
  getSidebar,
} from '@src/node/docs-model';
import { fromSidebarRows } from '@src/contract/sidebar-rows';
import type { DocSource } from '@src/node/types';
import { category, link } from '../contract/sidebar-items';

const doc = (id: string, title: string, extra: Partial<DocSource> = {}): DocSource => ({
  file: `content/docs/${id}.mdx`,
  id,
  title,
  ...extra,
});

/** Our 17 docs, deliberately not in sidebar order. */
const sources: DocSource[] = [
  doc('guides/type-safety', 'Type safety', { sidebarPosition: 5 }),
  doc('api/utils', 'utils', { sidebarPosition: 8 }),
  doc('getting-started/examples', 'Examples', { sidebarPosition: 3 }),
  doc('intro', 'Introduction', { slug: '/', sidebarLabel: 'Intro' }),
  doc('api/atom', 'atom', { sidebarPosition: 1 }),
  doc('api/atomFamily', 'atomFamily', { sidebarPosition: 2 }),
  doc('api/selector', 'selector', { sidebarPosition: 3 }),
  doc('api/selectorFamily', 'selectorFamily', { sidebarPosition: 4 }),
  doc('api/state', 'state', { sidebarPosition: 5 }),
  doc('api/store', 'store', { sidebarPosition: 6 }),
  doc('api/react', 'React bindings', { sidebarPosition: 7, sidebarLabel: 'react' }),
  doc('getting-started/installation', 'Installation', { sidebarPosition: 1 }),
  doc('getting-started/frameworks', 'Frameworks', { sidebarPosition: 2 }),
  doc('guides/caching', 'Caching', { sidebarPosition: 1 }),
  doc('guides/error-handling', 'Error handling', { sidebarPosition: 2 }),
  doc('guides/param-serialization', 'Param serialization', { sidebarPosition: 3 }),
  doc('guides/ssr', 'SSR', { sidebarPosition: 4 }),
];

const build = (input: DocSource[] = sources, config: SiteConfig = siteConfig, includeDrafts = false) =>
  buildDocsVersion(input, config, { includeDrafts });

const withSidebar = (items: SidebarItemConfig[]): SiteConfig => ({ ...siteConfig, sidebars: { docs: items } });


/** The order a reader meets the docs in the sidebar. */
const readingOrder = [
  'intro',
  'getting-started/installation',
  'getting-started/frameworks',
  'getting-started/examples',
  'api/atom',
  'api/atomFamily',
  'api/selector',
  'api/selectorFamily',
  'api/state',
  'api/store',
  'api/react',
  'api/utils',
  'guides/caching',
  'guides/error-handling',
  'guides/param-serialization',
  'guides/ssr',
  'guides/type-safety',
];

const errorOf = (fn: () => unknown): DocsModelError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DocsModelError) return error;
    throw error;
  }
  throw new Error('expected a DocsModelError');
};

describe('docIdFromRelativePath', () => {
  it.each([
    ['api/atom.mdx', 'api/atom'],
    ['intro.md', 'intro'],
    ['guides\\ssr.mdx', 'guides/ssr'],
    ['./a/b/c.mdx', 'a/b/c'],
    ['api/atom.family.mdx', 'api/atom.family'],
  ])('%s → %s', (input, id) => {
    expect(docIdFromRelativePath(input)).toBe(id);
  });
});

describe('docRoute', () => {
  it('puts the doc with slug "/" at the docs root', () => {
    expect(docRoute(doc('intro', 'Intro', { slug: '/' }), '/docs')).toBe('/docs');
  });
  it('resolves a slug against the docs root', () => {
    expect(docRoute(doc('x', 'X', { slug: '/foo' }), '/docs')).toBe('/docs/foo');
    expect(docRoute(doc('x', 'X', { slug: '/foo/' }), '/docs/')).toBe('/docs/foo');
  });
  it('uses the id when there is no slug', () => {
    expect(docRoute(doc('api/atom', 'atom'), '/docs')).toBe('/docs/api/atom');
    expect(docRoute(doc('api/atom', 'atom', { slug: null }), '/docs/')).toBe('/docs/api/atom');
  });
});

describe('buildDocsVersion with our content and the real site.config.ts', () => {
  const { version, warnings } = build();

  it('describes the docs’ single version (current, labelled Next)', () => {
    expect(version).toMatchObject({
      name: 'current',
      label: 'Next',
      isLast: true,
      path: '/docs',
      mainDocId: 'intro',
      draftIds: [],
      breadcrumbs: true,
    });
    expect(warnings).toEqual([]);
  });

  it('lists all 17 docs sorted by route, each in the docs sidebar', () => {
    expect(version.docs.map((d) => d.path)).toEqual([
      '/docs',
      '/docs/api/atom',
      '/docs/api/atomFamily',
      '/docs/api/react',
      '/docs/api/selector',
      '/docs/api/selectorFamily',
      '/docs/api/state',
      '/docs/api/store',
      '/docs/api/utils',
      '/docs/getting-started/examples',
      '/docs/getting-started/frameworks',
      '/docs/getting-started/installation',
      '/docs/guides/caching',
      '/docs/guides/error-handling',
      '/docs/guides/param-serialization',
      '/docs/guides/ssr',
      '/docs/guides/type-safety',
    ]);
    expect(version.docs.every((d) => d.sidebar === 'docs')).toBe(true);
    expect(version.docs[1]).toEqual({
      id: 'api/atom',
      path: '/docs/api/atom',
      title: 'atom',
      sidebar: 'docs',
      file: 'content/docs/api/atom.mdx',
    });
  });

  it('expands the docs sidebar: categories link to their first doc, autogenerated items follow sidebar_position', () => {
    expect(getSidebar(version, 'docs')).toEqual([
      link('Intro', '/docs', 'intro'),
      category('Getting started', '/docs/getting-started/installation', [
        link('Installation', '/docs/getting-started/installation', 'getting-started/installation'),
        link('Frameworks', '/docs/getting-started/frameworks', 'getting-started/frameworks'),
        link('Examples', '/docs/getting-started/examples', 'getting-started/examples'),
      ]),
      category('API', '/docs/api/atom', [
        link('atom', '/docs/api/atom', 'api/atom'),
        link('atomFamily', '/docs/api/atomFamily', 'api/atomFamily'),
        link('selector', '/docs/api/selector', 'api/selector'),
        link('selectorFamily', '/docs/api/selectorFamily', 'api/selectorFamily'),
        link('state', '/docs/api/state', 'api/state'),
        link('store', '/docs/api/store', 'api/store'),
        link('react', '/docs/api/react', 'api/react'),
        link('utils', '/docs/api/utils', 'api/utils'),
      ]),
      category('Guides', '/docs/guides/caching', [
        link('Caching', '/docs/guides/caching', 'guides/caching'),
        link('Error handling', '/docs/guides/error-handling', 'guides/error-handling'),
        link('Param serialization', '/docs/guides/param-serialization', 'guides/param-serialization'),
        link('SSR', '/docs/guides/ssr', 'guides/ssr'),
        link('Type safety', '/docs/guides/type-safety', 'guides/type-safety'),
      ]),
    ]);
  });

  it('points the navbar Docs entry at /docs', () => {
    expect(firstDocRouteOfSidebar(version, 'docs')).toBe('/docs');
  });

  it('gives the main doc no breadcrumbs and no previous link', () => {
    expect(getDocNavigation(version, 'intro')).toEqual({
      breadcrumbs: [],
      previous: null,
      next: { title: 'Installation', href: '/docs/getting-started/installation' },
    });
  });

  it('gives api/atom the breadcrumbs API › atom and neighbours across the category boundary', () => {
    expect(getDocNavigation(version, 'api/atom')).toEqual({
      breadcrumbs: [{ label: 'API', href: '/docs/api/atom' }, { label: 'atom' }],
      previous: { title: 'Examples', href: '/docs/getting-started/examples' },
      next: { title: 'atomFamily', href: '/docs/api/atomFamily' },
    });
  });

  it('uses sidebar labels as paginator titles', () => {
    expect(getDocNavigation(version, 'api/utils').previous).toEqual({ title: 'react', href: '/docs/api/react' });
  });

  it('gives the last guide no next link', () => {
    expect(getDocNavigation(version, 'guides/type-safety')).toEqual({
      breadcrumbs: [{ label: 'Guides', href: '/docs/guides/caching' }, { label: 'Type safety' }],
      previous: { title: 'SSR', href: '/docs/guides/ssr' },
      next: null,
    });
  });

  it('lists a category link target once, at its listed position', () => {
    expect(getDocNavigation(version, 'getting-started/installation')).toEqual({
      breadcrumbs: [{ label: 'Getting started', href: '/docs/getting-started/installation' }, { label: 'Installation' }],
      previous: { title: 'Intro', href: '/docs' },
      next: { title: 'Frameworks', href: '/docs/getting-started/frameworks' },
    });
  });

  it('walks every doc exactly once from the first next link to the last', () => {
    const visited: string[] = ['intro'];
    let next = getDocNavigation(version, 'intro').next;
    while (next) {
      const id = version.docs.find((d) => d.path === next?.href)?.id ?? '';
      visited.push(id);
      next = getDocNavigation(version, id).next;
    }
    expect(visited).toEqual(readingOrder);
  });

  it('throws a descriptive error for an unknown doc id or sidebar id', () => {
    expect(() => getDocNavigation(version, 'api/atm')).toThrow(
      new DocsModelError('Doc "api/atm" is not in docs version "current".'),
    );
    expect(() => getSidebar(version, 'api')).toThrow(
      new DocsModelError('No sidebar "api" in docs version "current". Known sidebars: docs.'),
    );
    expect(() => firstDocRouteOfSidebar(version, 'api')).toThrow(DocsModelError);
  });
});

describe('drafts', () => {
  const withDraft = sources.map((s) => (s.id === 'api/utils' ? { ...s, draft: true } : s));

  it('leaves drafts out of the docs and sidebars of a production build but lists their ids', () => {
    const { version } = build(withDraft);
    expect(version.draftIds).toEqual(['api/utils']);
    expect(version.docs.map((d) => d.id)).not.toContain('api/utils');
    expect(JSON.stringify(version.sidebars)).not.toContain('api/utils');
    expect(getDocNavigation(version, 'api/react').next).toEqual({ title: 'Caching', href: '/docs/guides/caching' });
  });

  it('keeps drafts when includeDrafts is set', () => {
    const { version } = build(withDraft, siteConfig, true);
    expect(version.draftIds).toEqual(['api/utils']);
    expect(version.docs.map((d) => d.id)).toContain('api/utils');
    expect(getDocNavigation(version, 'api/react').next).toEqual({ title: 'utils', href: '/docs/api/utils' });
  });

  it('drops a draft named by a doc item instead of failing', () => {
    const config = withSidebar([{ type: 'doc', id: 'intro' }, { type: 'doc', id: 'api/utils' }]);
    expect(getSidebar(build(withDraft, config).version, 'docs')).toEqual([link('Intro', '/docs', 'intro')]);
  });

  it('rejects a category linking to a draft, which would have no page', () => {
    const config = withSidebar([
      { type: 'category', label: 'Utils', link: { type: 'doc', id: 'api/utils' }, items: [] },
    ]);
    expect(errorOf(() => build(withDraft, config)).message).toMatch(
      /^Sidebar "docs" category "Utils" links to doc "api\/utils", which is a draft, so it is not published\./,
    );
  });
});

describe('sidebar items', () => {
  it('prefers the item label, then sidebar_label, then the title', () => {
    const config = withSidebar([
      { type: 'doc', id: 'intro', label: 'Start here' },
      { type: 'doc', id: 'api/react' },
      { type: 'doc', id: 'api/atom' },
    ]);
    const { version } = build(sources, config);
    expect(getSidebar(version, 'docs').map((i) => i.label)).toEqual(['Start here', 'react', 'atom']);
  });

  it('keeps plain links without a doc id and skips them in previous/next', () => {
    const config = withSidebar([
      { type: 'doc', id: 'intro' },
      { type: 'link', label: 'GitHub', href: 'https://github.com/rkrupinski/stan' },
      { type: 'doc', id: 'api/atom' },
    ]);
    const { version } = build(sources, config);
    expect(getSidebar(version, 'docs')[1]).toEqual(link('GitHub', 'https://github.com/rkrupinski/stan', null));
    expect(getDocNavigation(version, 'intro').next).toEqual({ title: 'atom', href: '/docs/api/atom' });
  });

  it('uses collapsed from the config', () => {
    const config = withSidebar([
      { type: 'category', label: 'API', link: { type: 'doc', id: 'api/atom' }, items: [], collapsed: true },
    ]);
    expect(getSidebar(build(sources, config).version, 'docs')[0]).toMatchObject({ type: 'category', collapsed: true });
  });

  it('turns subfolders of an autogenerated folder into categories labelled by folder name', () => {
    const nested = [
      doc('intro', 'Intro', { slug: '/' }),
      doc('api/atom', 'atom'),
      doc('api/hooks/useStanValue', 'useStanValue', { sidebarPosition: 2 }),
      doc('api/hooks/useStan', 'useStan', { sidebarPosition: 1 }),
    ];
    const config = withSidebar([{ type: 'autogenerated', dirName: 'api' }]);
    expect(getSidebar(build(nested, config).version, 'docs')).toEqual([
      link('atom', '/docs/api/atom', 'api/atom'),
      category('hooks', '/docs/api/hooks/useStan', [
        link('useStan', '/docs/api/hooks/useStan', 'api/hooks/useStan'),
        link('useStanValue', '/docs/api/hooks/useStanValue', 'api/hooks/useStanValue'),
      ]),
    ]);
  });

  it('orders autogenerated docs without sidebar_position after the others, by id', () => {
    const unordered = [doc('api/b', 'b'), doc('api/a', 'a'), doc('api/z', 'z', { sidebarPosition: 1 })];
    const config = withSidebar([{ type: 'autogenerated', dirName: 'api' }]);
    expect(getSidebar(build(unordered, config).version, 'docs').map((i) => i.label)).toEqual(['z', 'a', 'b']);
  });
});

describe('main doc', () => {
  it('falls back to the first doc of the first sidebar when no doc has slug "/"', () => {
    const noRoot = sources.filter((s) => s.id !== 'intro');
    const { version } = build(noRoot, withSidebar(siteConfig.sidebars.docs?.slice(1) ?? []));
    expect(version.mainDocId).toBe('getting-started/installation');
    expect(getDocNavigation(version, 'getting-started/installation').breadcrumbs).toEqual([]);
  });
});

describe('breadcrumbs setting', () => {
  it('returns no breadcrumbs when docs.breadcrumbs is false', () => {
    const config: SiteConfig = { ...siteConfig, docs: { ...siteConfig.docs, breadcrumbs: false } };
    const { version } = build(sources, config);
    expect(version.breadcrumbs).toBe(false);
    expect(getDocNavigation(version, 'api/atom').breadcrumbs).toEqual([]);
  });
});

describe('errors', () => {
  it('names the sidebar, the unknown doc id and the known ids', () => {
    const config = withSidebar([{ type: 'doc', id: 'api/atm' }]);
    const message = errorOf(() => build(sources, config)).message;
    expect(message).toMatch(/^Sidebar "docs" references doc "api\/atm", which does not exist\. Known doc ids: api\/atom, /);
    expect(message).toContain('Fix the id in site.config.ts or create content/docs/api/atm.mdx.');
  });

  it('names a category whose link targets an unknown doc', () => {
    const config = withSidebar([{ type: 'category', label: 'API', link: { type: 'doc', id: 'api/atm' }, items: [] }]);
    expect(errorOf(() => build(sources, config)).message).toMatch(
      /^Sidebar "docs" category "API" links to doc "api\/atm", which does not exist\. Known doc ids: /,
    );
  });

  it('names an autogenerated folder that holds no docs', () => {
    const config = withSidebar([{ type: 'autogenerated', dirName: 'guide' }]);
    expect(errorOf(() => build(sources, config)).message).toMatch(
      /^Sidebar "docs" autogenerates items from folder "guide", which contains no docs\. Known folders: api, getting-started, guides\./,
    );
  });

  it('names both files of a duplicated doc id', () => {
    const duplicated = [...sources, { ...doc('api/atom', 'atom'), file: 'content/docs/api/atom.md' }];
    expect(errorOf(() => build(duplicated)).message).toBe(
      'Two docs have the id "api/atom": content/docs/api/atom.mdx and content/docs/api/atom.md. Rename or remove one of them.',
    );
  });

  it('fails when there is no doc at all', () => {
    expect(errorOf(() => build([], withSidebar([]))).message).toMatch(/^Docs version "current" has no docs\./);
  });
});

describe('warnings', () => {
  it('warns about a duplicate route and keeps the later doc', () => {
    const extra = [doc('extra/a', 'A', { slug: '/x' }), doc('extra/b', 'B', { slug: '/x' })];
    const config = withSidebar([...(siteConfig.sidebars.docs ?? []), { type: 'autogenerated', dirName: 'extra' }]);
    const { version, warnings } = build([...sources, ...extra], config);
    expect(warnings).toEqual([
      'Duplicate route "/docs/x": content/docs/extra/a.mdx and content/docs/extra/b.mdx both resolve to it; the later one wins.',
    ]);
    expect(version.docs.filter((d) => d.path === '/docs/x').map((d) => d.id)).toEqual(['extra/b']);
  });

  it('warns about a doc listed in no sidebar and gives it no sidebar', () => {
    const { version, warnings } = build([...sources, doc('changelog', 'Changelog')]);
    expect(warnings).toEqual([
      'content/docs/changelog.mdx: doc "changelog" is not listed in any sidebar, so it has no sidebar, breadcrumbs or previous/next links. Add it to sidebars in site.config.ts.',
    ]);
    expect(version.docs.find((d) => d.id === 'changelog')?.sidebar).toBeNull();
    expect(getDocNavigation(version, 'changelog')).toEqual({ breadcrumbs: [], previous: null, next: null });
  });
});

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
