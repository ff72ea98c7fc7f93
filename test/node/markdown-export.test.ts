/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../site.config';
import {
  buildLlmsFullTxt,
  buildLlmsTxt,
  buildRobotsTxt,
  docToMarkdown,
  exportDocs,
  markdownCache,
  markdownFileFor,
  mdxBodyToMarkdown,
  sidebarSections,
  writeMachineReadableFiles,
  type ExportDoc,
} from '@src/node/markdown-export';
import { category, link } from '../contract/sidebar-items';

const SITE = 'https://stan.party';

const doc = (id: string, route: string, title: string, description: string | null = `About ${title}.`): ExportDoc => ({
  id,
  path: route,
  title,
  description,
  body: `Body of ${title}.\n`,
});

describe('mdxBodyToMarkdown', () => {
  test('drops top-level import/export statements but keeps code blocks that contain them', async () => {
    const body = [
      "import { Tabs } from './tabs';",
      '',
      'export const meta = { a: 1 };',
      '',
      'Intro text.',
      '',
      '```ts',
      "import { atom } from '@rkrupinski/stan';",
      'export default atom(0);',
      '```',
      '',
    ].join('\n');
    const md = await mdxBodyToMarkdown(body, SITE);
    expect(md).not.toContain("from './tabs'");
    expect(md).not.toContain('export const meta');
    expect(md).toBe(
      ['Intro text.', '', '```ts', "import { atom } from '@rkrupinski/stan';", 'export default atom(0);', '```', ''].join('\n'),
    );
  });

  test('writes a Since mark as its words, inline after a name or as a line under a heading', async () => {
    const body = ['## `reset`', '', '<Since release="1.2.0-rc4" />', '', 'Sets an atom back.', '', '- `options.tag` <Since release="1.2.0-rc4" /> (optional): a label.', ''].join('\n');
    expect(await mdxBodyToMarkdown(body, SITE, `${SITE}/docs/api/utils`)).toBe(
      ['## `reset`', '', '_Since 1.2.0-rc4_', '', 'Sets an atom back.', '', '- `options.tag` _Since 1.2.0-rc4_ (optional): a label.', ''].join('\n'),
    );
  });

  test('gives a marked code block as the code it ends with, inside tabs too; unmarked blocks stay byte for byte', async () => {
    const body = [
      '```tsx title="a.tsx" {2}',
      'const a = 1; // [!code --]',
      'const a = 2; // [!code ++]',
      '// [!code focus]',
      'use(a);',
      '```',
      '',
      '<Tabs>',
      '  <TabItem value="x">',
      '',
      '  ~~~bash',
      '  npm i old # [!code --]',
      '  npm i new # [!code ++]',
      '  ~~~',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '```ts',
      'const untouched = 1; // [!code]',
      '```',
    ].join('\n');
    const md = await mdxBodyToMarkdown(body, SITE);
    expect(md).toBe(
      [
        '```tsx title="a.tsx" {2}',
        'const a = 2;',
        'use(a);',
        '```',
        '',
        // The tab's tags go up to the block's first character (its indentation with them), as for any wrapper.
        '~~~bash',
        '  npm i new',
        '  ~~~',
        '',
        '```ts',
        'const untouched = 1; // [!code]',
        '```',
        '',
      ].join('\n'),
    );
  });

  test('says what a picture beside the doc shows (its file is not beside the export); drops a decorative one', async () => {
    const body = [
      '![A todo list in use](./todo.png "The todo example")',
      '',
      '<Figure src="./flow.png" alt="Renders flow from atom to selector" caption="Who re-renders" />',
      '',
      '<Figure src="./border.png" alt="" />',
      '',
      '![Badge](https://example.com/badge.svg)',
      '',
    ].join('\n');
    const md = await mdxBodyToMarkdown(body, SITE, 'https://stan.party/docs');
    expect(md).toBe(
      [
        '_Picture: A todo list in use (The todo example). It is shown on the page: https://stan.party/docs._',
        '',
        '_Picture: Renders flow from atom to selector (Who re-renders). It is shown on the page: https://stan.party/docs._',
        '',
        '![Badge](https://example.com/badge.svg)',
        '',
      ].join('\n'),
    );
  });

  test('makes root-relative links and definitions absolute; leaves external, hash and code links alone', async () => {
    const body = [
      'See [the store](/docs/api/store#makestore) and [GitHub](https://github.com/rkrupinski/stan).',
      'Jump to [usage](#usage). Code: `[x](/docs/not-a-link)`.',
      '',
      'A [reference link][ref].',
      '',
      '[ref]: /docs/guides/ssr',
      '',
    ].join('\n');
    const md = await mdxBodyToMarkdown(body, SITE);
    expect(md).toContain('[the store](https://stan.party/docs/api/store#makestore)');
    expect(md).toContain('[GitHub](https://github.com/rkrupinski/stan)');
    expect(md).toContain('[usage](#usage)');
    expect(md).toContain('`[x](/docs/not-a-link)`');
    expect(md).toContain('[ref]: https://stan.party/docs/guides/ssr');
  });

  test('components: a live demo becomes a note to the page, a wrapper keeps its Markdown, expressions go', async () => {
    const body = [
      'Try it:',
      '',
      '<LiveExample id="counter" title="Counter" />',
      '',
      '<Callout type="tip">',
      '',
      'Read [the store](/docs/api/store) first.',
      '',
      '</Callout>',
      '',
      '{/* a comment for editors */}',
      '',
      'Press <kbd>Ctrl</kbd> and <Icon name="k" /> now.',
      '',
    ].join('\n');
    const md = await mdxBodyToMarkdown(body, SITE, 'https://stan.party/docs/x');
    expect(md).toBe(
      [
        'Try it:',
        '',
        '_Interactive content (LiveExample "Counter") is shown on the page: https://stan.party/docs/x._',
        '',
        'Read [the store](https://stan.party/docs/api/store) first.',
        '',
        'Press Ctrl and  now.',
        '',
      ].join('\n'),
    );
  });

  test('a link whose text equals its URL has only the URL rewritten', async () => {
    const md = await mdxBodyToMarkdown('[/docs](/docs)\n', SITE);
    expect(md).toBe('[/docs](https://stan.party/docs)\n');
  });
});

describe('docToMarkdown', () => {
  test('frontmatter becomes a title heading and a description quote, then the body', async () => {
    const md = await docToMarkdown(
      { id: 'api/atom', path: '/docs/api/atom', title: 'Atom', description: 'Writable\nstate.', body: '## Usage\n\nText.\n' },
      SITE,
    );
    expect(md).toBe(
      '# Atom\n\n> Writable state.\n\nSource page: https://stan.party/docs/api/atom\n\n## Usage\n\nText.\n',
    );
  });

  test('no description: no quote', async () => {
    const md = await docToMarkdown(doc('x', '/docs/x', 'X', null), SITE);
    expect(md.startsWith('# X\n\nSource page: https://stan.party/docs/x\n\n')).toBe(true);
    expect(md).not.toContain('>');
  });
});

test('markdownFileFor: the .md file sits beside the page', () => {
  expect(markdownFileFor('/docs/api/atom')).toBe('docs/api/atom.md');
  expect(markdownFileFor('/docs')).toBe('docs.md');
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

test('buildRobotsTxt allows everything and names the sitemap', () => {
  expect(buildRobotsTxt('https://stan.party')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://stan.party/sitemap-index.xml\n');
});

describe('exportDocs', () => {
  const source = {
    version: {
      docs: [{ id: 'api/atom', path: '/docs/api/atom', title: 'Atom', sidebar: 'docs', file: 'content/docs/api/atom.mdx' }],
    },
    mdxByFile: new Map([['content/docs/api/atom.mdx', { body: 'Text.', frontmatter: { description: 'D.' }, internal: {} }]]),
  };

  test('joins the docs model with the MDX nodes by file', () => {
    expect(exportDocs(source.version, source.mdxByFile)).toEqual([
      { id: 'api/atom', path: '/docs/api/atom', title: 'Atom', description: 'D.', body: 'Text.', file: 'content/docs/api/atom.mdx' },
    ]);
  });

  test('a doc without its MDX node is an error naming the file', () => {
    expect(() => exportDocs(source.version, new Map())).toThrow(/no MDX node for content\/docs\/api\/atom\.mdx/);
  });
});

describe('writeMachineReadableFiles', () => {
  const entry = (id: string, path: string, title: string) => ({ id, path, title, sidebar: 'docs', file: `content/docs/${id}.mdx` });

  test('writes every doc as .md, llms.txt, robots.txt and sitemap.xml', async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-export-'));
    fs.writeFileSync(path.join(publicDir, 'sitemap-index.xml'), '<sitemapindex/>');
    const docs = {
      versions: [
        {
          name: 'current',
          label: 'Next',
          isLast: true,
          path: '/docs',
          mainDocId: 'intro',
          docs: [entry('intro', '/docs', 'Introduction'), entry('api/atom', '/docs/api/atom', 'Atom')],
          sidebars: {
            docs: [link('Introduction', '/docs', 'intro'), category('API', '/docs/api/atom', [link('atom', '/docs/api/atom', 'api/atom')])],
          },
        },
      ],
      mdxByFile: new Map([
        ['content/docs/intro.mdx', { body: 'Hello.', frontmatter: { description: 'Start.' }, internal: {} }],
        ['content/docs/api/atom.mdx', { body: 'Atoms.', frontmatter: { description: 'Atom ref.' }, internal: {} }],
      ]),
    };
    expect(await writeMachineReadableFiles({ source: docs, config: siteConfig, publicDir })).toEqual({ docs: 2, sitemap: true });
    const read = (f: string) => fs.readFileSync(path.join(publicDir, f), 'utf8');
    expect(read('docs.md')).toContain('# Introduction\n\n> Start.');
    expect(read('docs/api/atom.md')).toContain('Atoms.');
    expect(read('llms.txt')).toContain(`## API\n\n- [Atom](${siteConfig.url}/docs/api/atom.md): Atom ref.`);
    expect(read('llms.txt')).toContain(`[llms-full.txt](${siteConfig.url}/llms-full.txt)`);
    // llms-full.txt holds each .md in sidebar order.
    const full = read('llms-full.txt');
    expect(full).toContain(`<page title="Introduction" url="${siteConfig.url}/docs" markdown="${siteConfig.url}/docs.md">\n\n${read('docs.md').trimEnd()}\n\n</page>`);
    expect(full.indexOf(read('docs/api/atom.md').trimEnd())).toBeGreaterThan(full.indexOf(read('docs.md').trimEnd()));
    expect(read('robots.txt')).toContain(`Sitemap: ${siteConfig.url}/sitemap-index.xml`);
    expect(read('sitemap.xml')).toBe('<sitemapindex/>');

    // A second run with one doc edited converts only that doc again.
    const before = { ...markdownCache.stats };
    docs.mdxByFile.set('content/docs/api/atom.mdx', { body: 'Atoms, edited.', frontmatter: { description: 'Atom ref.' }, internal: {} });
    await writeMachineReadableFiles({ source: docs, config: siteConfig, publicDir });
    expect(markdownCache.stats.misses - before.misses).toBe(1);
    expect(markdownCache.stats.hits - before.hits).toBe(1);
    expect(read('docs/api/atom.md')).toContain('Atoms, edited.');
    expect(read('llms-full.txt')).toContain('Atoms, edited.');
  });

  test("writes every version's docs as .md; llms files hold the last version and list the others with their links", async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-export-'));
    const older = (id: string, route: string, title: string) => ({
      id,
      path: route,
      title,
      sidebar: 'docs',
      file: `content/versioned_docs/version-1.0.0-rc14/${id}.mdx`,
    });
    const mdxByFile = new Map([
      ['content/docs/intro.mdx', { body: 'Hello 1.2.', frontmatter: { description: 'Start.' }, internal: {} }],
      ['content/docs/api/atom.mdx', { body: 'Atoms of 1.2.', frontmatter: { description: 'Atom ref.' }, internal: {} }],
      ['content/versioned_docs/version-1.0.0-rc14/intro.mdx', { body: 'Hello 1.0.', frontmatter: { description: 'Start 1.0.' }, internal: {} }],
      ['content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', { body: 'Atoms of 1.0.', frontmatter: { description: 'Atom 1.0.' }, internal: {} }],
    ]);
    const source = {
      versions: [
        {
          name: '1.0.0-rc14',
          label: '1.0.0-rc14',
          isLast: false,
          path: '/docs/1.0.0-rc14',
          mainDocId: 'intro',
          docs: [older('intro', '/docs/1.0.0-rc14', 'Introduction'), older('api/atom', '/docs/1.0.0-rc14/api/atom', 'atom')],
          sidebars: { docs: [link('Introduction', '/docs/1.0.0-rc14', 'intro'), link('atom', '/docs/1.0.0-rc14/api/atom', 'api/atom')] },
        },
        {
          name: 'current',
          label: 'Next',
          isLast: true,
          path: '/docs',
          mainDocId: 'intro',
          docs: [entry('intro', '/docs', 'Introduction'), entry('api/atom', '/docs/api/atom', 'Atom')],
          sidebars: { docs: [link('Introduction', '/docs', 'intro'), link('atom', '/docs/api/atom', 'api/atom')] },
        },
      ],
      mdxByFile,
    };
    expect(await writeMachineReadableFiles({ source, config: siteConfig, publicDir })).toEqual({ docs: 4, sitemap: false });
    const read = (f: string) => fs.readFileSync(path.join(publicDir, f), 'utf8');
    expect(read('docs/1.0.0-rc14/api/atom.md')).toBe(
      `# atom\n\n> Atom 1.0.\n\nSource page: ${siteConfig.url}/docs/1.0.0-rc14/api/atom\n\nAtoms of 1.0.\n`,
    );
    expect(read('docs/1.0.0-rc14.md')).toContain('Hello 1.0.');
    expect(read('docs/api/atom.md')).toContain('Atoms of 1.2.');
    const llms = read('llms.txt');
    expect(llms).toContain(`- [Atom](${siteConfig.url}/docs/api/atom.md): Atom ref.`);
    expect(llms).not.toContain('/docs/1.0.0-rc14/api/atom.md');
    expect(llms).toContain(
      `## Other versions\n\n- [Docs version 1.0.0-rc14](${siteConfig.url}/docs/1.0.0-rc14.md): 2 pages, first page ${siteConfig.url}/docs/1.0.0-rc14;`,
    );
    const full = read('llms-full.txt');
    expect(full).toContain('Atoms of 1.2.');
    expect(full).not.toContain('Atoms of 1.0.');
    expect(full).toMatch(/All 2 pages/);
    expect(full).toContain(`Other versions of the documentation, not included here:\n\n- [Docs version 1.0.0-rc14](${siteConfig.url}/docs/1.0.0-rc14.md)`);

    // A one-line edit of an older version's page rewrites that page's Markdown only.
    const files = ['docs.md', 'docs/api/atom.md', 'docs/1.0.0-rc14.md', 'docs/1.0.0-rc14/api/atom.md', 'llms.txt', 'llms-full.txt', 'robots.txt'];
    const times = () => new Map(files.map((f) => [f, fs.statSync(path.join(publicDir, f)).mtimeMs]));
    const before = times();
    await new Promise((resolve) => setTimeout(resolve, 20));
    mdxByFile.set('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', { body: 'Atoms of 1.0, edited.', frontmatter: { description: 'Atom 1.0.' }, internal: {} });
    await writeMachineReadableFiles({ source, config: siteConfig, publicDir });
    const after = times();
    expect(files.filter((f) => after.get(f) !== before.get(f))).toEqual(['docs/1.0.0-rc14/api/atom.md']);
    expect(read('docs/1.0.0-rc14/api/atom.md')).toContain('Atoms of 1.0, edited.');
  });

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
