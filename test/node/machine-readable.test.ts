/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../site.config';
import { writeMachineReadableFiles } from '@src/node/machine-readable';
import { markdownCache } from '@src/node/markdown-export';
import { category, link } from '../contract/sidebar-items';

describe('writeMachineReadableFiles', () => {
  const entry = (id: string, path: string, title: string) => ({ id, path, title, sidebar: 'docs', file: `content/docs/${id}.mdx` });

  test('writes every doc as .md, llms.txt, llms-full.txt, robots.txt and sitemap.xml', async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-export-'));
    fs.writeFileSync(path.join(publicDir, 'sitemap-index.xml'), '<sitemapindex/>');
    const docs = {
      versions: [
        {
          name: 'current',
          label: '1.2.0-rc4',
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
    expect(await writeMachineReadableFiles({ source: docs, config: siteConfig, publicDir })).toEqual({ docs: 2, llms: ['/llms.txt', '/llms-full.txt'], sitemap: true });
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

  test("writes every version's docs as .md, and each version's llms files: its own docs, the other versions linked", async () => {
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
          label: '1.2.0-rc4',
          isLast: true,
          path: '/docs',
          mainDocId: 'intro',
          docs: [entry('intro', '/docs', 'Introduction'), entry('api/atom', '/docs/api/atom', 'Atom')],
          sidebars: { docs: [link('Introduction', '/docs', 'intro'), link('atom', '/docs/api/atom', 'api/atom')] },
        },
      ],
      mdxByFile,
    };
    expect(await writeMachineReadableFiles({ source, config: siteConfig, publicDir })).toEqual({
      docs: 4,
      llms: ['/llms.txt', '/llms-full.txt', '/docs/1.0.0-rc14/llms.txt', '/docs/1.0.0-rc14/llms-full.txt'],
      sitemap: false,
    });
    const read = (f: string) => fs.readFileSync(path.join(publicDir, f), 'utf8');
    expect(read('docs/1.0.0-rc14/api/atom.md')).toBe(
      `# atom\n\n> Atom 1.0.\n\nSource page: ${siteConfig.url}/docs/1.0.0-rc14/api/atom\n\nAtoms of 1.0.\n`,
    );
    expect(read('docs/1.0.0-rc14.md')).toContain('Hello 1.0.');
    expect(read('docs/api/atom.md')).toContain('Atoms of 1.2.');
    const llms = read('llms.txt');
    expect(llms).toContain(`- [Atom](${siteConfig.url}/docs/api/atom.md): Atom ref.`);
    expect(llms).not.toContain('/docs/1.0.0-rc14/api/atom.md');
    const olderLine =
      `- [Docs version 1.0.0-rc14](${siteConfig.url}/docs/1.0.0-rc14/llms.txt): 2 pages; every page in one file: ` +
      `${siteConfig.url}/docs/1.0.0-rc14/llms-full.txt`;
    expect(llms).toContain(`## Other versions\n\n${olderLine}\n`);
    const full = read('llms-full.txt');
    expect(full).toContain('Atoms of 1.2.');
    expect(full).not.toContain('Atoms of 1.0.');
    expect(full).toMatch(/All 2 pages/);
    expect(full).toContain(`Other versions of the documentation, not included here:\n\n${olderLine}\n`);
    // The older version's own pair: its docs, and the latest linked back.
    const olderLlms = read('docs/1.0.0-rc14/llms.txt');
    expect(olderLlms).toMatch(/^# Stan 1\.0\.0-rc14\n/);
    expect(olderLlms).toContain(`- [atom](${siteConfig.url}/docs/1.0.0-rc14/api/atom.md): Atom 1.0.`);
    expect(olderLlms).not.toContain(`${siteConfig.url}/docs/api/atom.md`);
    expect(olderLlms).toContain(`- [Docs version 1.2.0-rc4 (latest)](${siteConfig.url}/llms.txt): 2 pages`);
    const olderFull = read('docs/1.0.0-rc14/llms-full.txt');
    expect(olderFull).toContain('Atoms of 1.0.');
    expect(olderFull).not.toContain('Atoms of 1.2.');

    // A one-line edit of an older version's page rewrites that page's Markdown only.
    const files = ['docs.md', 'docs/api/atom.md', 'docs/1.0.0-rc14.md', 'docs/1.0.0-rc14/api/atom.md', 'llms.txt', 'llms-full.txt', 'robots.txt'];
    const olderFiles = ['docs/1.0.0-rc14/llms.txt', 'docs/1.0.0-rc14/llms-full.txt'];
    const times = () => new Map([...files, ...olderFiles].map((f) => [f, fs.statSync(path.join(publicDir, f)).mtimeMs]));
    const before = times();
    await new Promise((resolve) => setTimeout(resolve, 20));
    mdxByFile.set('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', { body: 'Atoms of 1.0, edited.', frontmatter: { description: 'Atom 1.0.' }, internal: {} });
    await writeMachineReadableFiles({ source, config: siteConfig, publicDir });
    const after = times();
    // The edited page's Markdown, and the version's llms-full.txt that holds it: nothing of the other version.
    expect([...files, ...olderFiles].filter((f) => after.get(f) !== before.get(f))).toEqual(['docs/1.0.0-rc14/api/atom.md', 'docs/1.0.0-rc14/llms-full.txt']);
    expect(read('docs/1.0.0-rc14/api/atom.md')).toContain('Atoms of 1.0, edited.');
  });

});

