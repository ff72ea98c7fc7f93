/** @jest-environment node */
import { buildLlmsFullTxt, buildLlmsTxt, llmsFiles, llmsRoutes, sidebarSections } from '@src/node/llms-txt';
import type { ExportDoc } from '@src/node/markdown-export';
import { category, link } from '../contract/sidebar-items';

const SITE = 'https://stan.party';

const doc = (id: string, route: string, title: string, description: string | null = `About ${title}.`): ExportDoc => ({
  id,
  path: route,
  title,
  description,
  body: `Body of ${title}.\n`,
});

describe('sidebarSections', () => {
  const docs = [
    doc('intro', '/docs', 'Introduction'),
    doc('api/atom', '/docs/api/atom', 'Atom'),
    doc('api/store', '/docs/api/store', 'Store'),
    doc('api/react', '/docs/api/react', 'React'),
    doc('guides/ssr', '/docs/guides/ssr', 'SSR'),
    doc('guides/caching', '/docs/guides/caching', 'Caching'),
    doc('orphan', '/docs/orphan', 'Orphan'),
  ];
  const sidebars = {
    docs: [
      link('Introduction', '/docs', 'intro'),
      category('API', '/docs/api/store', [
        link('atom', '/docs/api/atom', 'api/atom'),
        link('store', '/docs/api/store', 'api/store'),
        category('Bindings', '/docs/api/react', [link('react', '/docs/api/react', 'api/react')]),
      ]),
      category('Guides', '/docs/guides/caching', [
        link('caching', '/docs/guides/caching', 'guides/caching'),
        link('ssr', '/docs/guides/ssr', 'guides/ssr'),
        link('GitHub', 'https://github.com/rkrupinski/stan', null),
      ]),
    ],
  };

  test('follows the sidebar: loose links, then each category with its link target first, then unlisted docs', () => {
    const sections = sidebarSections(docs, sidebars, 'docs');
    expect(sections.map((s) => [s.title, s.docs.map((d) => d.id)])).toEqual([
      ['Docs', ['intro']],
      ['API', ['api/store', 'api/atom', 'api/react']],
      ['Guides', ['guides/caching', 'guides/ssr']],
      ['Optional', ['orphan']],
    ]);
  });

  test('an unknown sidebar lists every doc under Optional', () => {
    const sections = sidebarSections(docs, sidebars, 'nope');
    expect(sections).toHaveLength(1);
    expect(sections[0]?.docs).toHaveLength(docs.length);
  });
});

test('buildLlmsTxt follows the llms.txt layout', () => {
  const txt = buildLlmsTxt({
    title: 'Stan',
    summary: 'Minimal, type-safe state management',
    details: 'Details here.',
    siteUrl: 'https://stan.party/',
    sections: [
      { title: 'Docs', docs: [doc('intro', '/docs', 'Introduction')] },
      { title: 'API', docs: [doc('api/atom', '/docs/api/atom', 'Atom [core]', null)] },
    ],
  });
  expect(txt).toBe(
    [
      '# Stan',
      '',
      '> Minimal, type-safe state management',
      '',
      'Details here.',
      '',
      '## Docs',
      '',
      '- [Introduction](https://stan.party/docs.md): About Introduction.',
      '',
      '## API',
      '',
      '- [Atom \\[core\\]](https://stan.party/docs/api/atom.md)',
      '',
    ].join('\n'),
  );
});

describe('buildLlmsFullTxt', () => {
  const sections = [
    { title: 'Docs', docs: [doc('intro', '/docs', 'Introduction')] },
    { title: 'API', docs: [doc('api/store', '/docs/api/store', 'Store'), doc('api/atom', '/docs/api/atom', 'Atom "core" <T>')] },
  ];
  const markdownById = new Map([
    ['intro', '# Introduction\n\nHello.\n'],
    ['api/atom', '# Atom\n\n```ts\nconst a = atom(1);\n```\n'],
    ['api/store', '# Store\n\nStores.\n'],
  ]);

  test('holds every doc’s Markdown unchanged, in the sections’ order, between tags naming its title and URLs', () => {
    const txt = buildLlmsFullTxt({ title: 'Stan', summary: 'State', siteUrl: SITE, sections, markdownById });
    const pages = [...txt.matchAll(/<page title="([^"]*)" url="([^"]*)" markdown="([^"]*)">\n\n([\s\S]*?)\n\n<\/page>/g)];
    expect(pages.map((m) => [m[1], m[2], m[3]])).toEqual([
      ['Introduction', `${SITE}/docs`, `${SITE}/docs.md`],
      ['Store', `${SITE}/docs/api/store`, `${SITE}/docs/api/store.md`],
      ['Atom &quot;core&quot; &lt;T>', `${SITE}/docs/api/atom`, `${SITE}/docs/api/atom.md`],
    ]);
    expect(pages.map((m) => `${m[4]}\n`)).toEqual([markdownById.get('intro'), markdownById.get('api/store'), markdownById.get('api/atom')]);
    expect(txt.startsWith('# Stan: the complete documentation\n\n> State\n')).toBe(true);
    expect(txt).toMatch(/All 3 pages/);
    expect(txt.endsWith('</page>\n')).toBe(true);
  });

  test('a doc whose Markdown was not exported is an error naming it', () => {
    expect(() =>
      buildLlmsFullTxt({ title: 'Stan', summary: '', siteUrl: SITE, sections, markdownById: new Map([['intro', '# I\n']]) }),
    ).toThrow('llms-full.txt: no Markdown was exported for doc "api/store".');
  });
});

describe('llmsFiles', () => {
  const config = { title: 'Stan', tagline: 'State', url: SITE };
  const sidebars = (base: string) => ({ docs: [link('Introduction', base, 'intro'), link('atom', `${base}/api/atom`, 'api/atom')] });
  const versionOf = (name: string, label: string, isLast: boolean, base: string) => ({
    version: { name, label, isLast, path: base, sidebars: sidebars(base) },
    docs: [doc('intro', base, 'Introduction'), doc('api/atom', `${base}/api/atom`, `Atom ${label}`)],
    markdownById: new Map([
      ['intro', `# Introduction ${label}\n`],
      ['api/atom', `# Atom ${label}\n`],
    ]),
  });
  const older = versionOf('1.0.0-rc14', '1.0.0-rc14', false, '/docs/1.0.0-rc14');
  const last = versionOf('current', '1.2.0-rc4', true, '/docs');

  test('puts the last version’s pair at the root and each other version’s at its base route', () => {
    expect(llmsRoutes({ path: '/docs', isLast: true })).toEqual({ index: '/llms.txt', full: '/llms-full.txt' });
    expect(llmsRoutes({ path: '/docs/1.0.0-rc14', isLast: false })).toEqual({
      index: '/docs/1.0.0-rc14/llms.txt',
      full: '/docs/1.0.0-rc14/llms-full.txt',
    });
    expect(llmsFiles([older, last], config).map((f) => f.route)).toEqual([
      '/llms.txt',
      '/llms-full.txt',
      '/docs/1.0.0-rc14/llms.txt',
      '/docs/1.0.0-rc14/llms-full.txt',
    ]);
  });

  test('each file holds its own version’s docs and links the others’ files, the latest marked', () => {
    const files = new Map(llmsFiles([last, older], config).map((f) => [f.route, f.text]));
    const root = files.get('/llms.txt') ?? '';
    expect(root).toContain(`- [Atom 1.2.0-rc4](${SITE}/docs/api/atom.md)`);
    expect(root).toContain('(docs version 1.2.0-rc4, the latest)');
    expect(root).toContain(
      `- [Docs version 1.0.0-rc14](${SITE}/docs/1.0.0-rc14/llms.txt): 2 pages; every page in one file: ${SITE}/docs/1.0.0-rc14/llms-full.txt`,
    );
    const own = files.get('/docs/1.0.0-rc14/llms.txt') ?? '';
    expect(own).toMatch(/^# Stan 1\.0\.0-rc14\n/);
    expect(own).toContain('(docs version 1.0.0-rc14, an older release)');
    expect(own).toContain(`[${'llms-full.txt'}](${SITE}/docs/1.0.0-rc14/llms-full.txt)`);
    expect(own).toContain(`- [Atom 1.0.0-rc14](${SITE}/docs/1.0.0-rc14/api/atom.md)`);
    expect(own).not.toContain(`${SITE}/docs/api/atom.md`);
    expect(own).toContain(`- [Docs version 1.2.0-rc4 (latest)](${SITE}/llms.txt): 2 pages; every page in one file: ${SITE}/llms-full.txt`);
    expect(files.get('/docs/1.0.0-rc14/llms-full.txt')).toContain('# Atom 1.0.0-rc14');
    expect(files.get('/docs/1.0.0-rc14/llms-full.txt')).not.toContain('# Atom 1.2.0-rc4');
  });

  test('with one version, no "Other versions" anywhere', () => {
    const files = llmsFiles([last], config);
    expect(files.map((f) => f.route)).toEqual(['/llms.txt', '/llms-full.txt']);
    for (const file of files) expect(file.text).not.toMatch(/Other versions/);
  });
});
