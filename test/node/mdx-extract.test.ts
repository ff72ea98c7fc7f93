/** @jest-environment node */
import { blankFrontmatter, extractMdxLinks } from '@src/node/mdx-extract';

const mdx = (lines: string[]) => lines.join('\n');

/** The links of a source, by URL and line. */
const linksOf = async (source: string) => (await extractMdxLinks(source)).links.map(({ url, line }) => ({ url, line }));

describe('blankFrontmatter', () => {
  it('empties the frontmatter but keeps its line count', () => {
    const source = mdx(['---', 'title: atom', 'sidebar_position: 1', '---', '', '# atom']);
    expect(blankFrontmatter(source)).toBe(mdx(['', '', '', '', '', '# atom']));
  });

  it('leaves a document without frontmatter (and a later thematic break) alone', () => {
    const source = mdx(['# atom', '', '---', '', 'text: here', '---']);
    expect(blankFrontmatter(source)).toBe(source);
  });
});

describe('extractMdxLinks', () => {
  it('finds markdown links with their file line numbers, frontmatter included', async () => {
    const source = mdx([
      '---',
      'title: atom',
      'description: "Atoms: the [smallest](/nope) unit"',
      '---',
      '',
      'See [selectors](/docs/api/selector) and [the guide](../guides/caching#cache-policy).',
      '',
      'Also [external](https://github.com/rkrupinski/stan).',
    ]);
    expect((await linksOf(source))).toEqual([
      { url: '/docs/api/selector', line: 6 },
      { url: '../guides/caching#cache-policy', line: 6 },
      { url: 'https://github.com/rkrupinski/stan', line: 8 },
    ]);
  });

  it('gives where each link is in the text: the node, and for JSX the attribute holding the URL', async () => {
    const source = mdx(['See [atom](/docs/api/atom).', '', '<a href="/docs/api/store">store</a>']);
    const [markdown, jsx] = (await extractMdxLinks(source)).links;
    expect(source.slice(markdown!.at.start, markdown!.at.end)).toBe('[atom](/docs/api/atom)');
    expect(markdown!.at.attribute).toBeUndefined();
    expect(source.slice(jsx!.at.start, jsx!.at.end)).toBe('<a href="/docs/api/store">store</a>');
    expect(jsx!.at.attribute).toBe('href');
  });

  it('reports reference-style links through their definitions', async () => {
    const source = mdx(['Read [the store docs][store].', '', '[store]: /docs/api/store']);
    expect((await linksOf(source))).toEqual([{ url: '/docs/api/store', line: 3 }]);
  });

  it('finds <a href> and <Link to> string attributes in flow and text JSX', async () => {
    const source = mdx([
      'import { Link } from "gatsby";',
      '',
      '<a href="/docs/guides/ssr">SSR</a>',
      '',
      'Inline <Link to="/docs/api/react">React</Link> link.',
      '',
      '<div>',
      '  <a href="/docs/api/utils" className="x">utils</a>',
      '</div>',
      '',
      '<a href={dynamic}>skipped</a> <a name="anchor">no href</a> <Link href="/not-a-link-prop">x</Link>',
    ]);
    expect((await linksOf(source))).toEqual([
      { url: '/docs/guides/ssr', line: 3 },
      { url: '/docs/api/react', line: 5 },
      { url: '/docs/api/utils', line: 8 },
    ]);
  });

  it('ignores links inside code blocks and inline code', async () => {
    const source = mdx([
      '```mdx',
      '[broken](/docs/nope)',
      '<a href="/docs/nope">x</a>',
      '```',
      '',
      'Write `[text](/docs/also-nope)` to link, like [this](/docs/api/atom).',
    ]);
    expect((await linksOf(source))).toEqual([{ url: '/docs/api/atom', line: 6 }]);
  });

  it('parses as MDX, where indented text is a paragraph rather than code, so its links count', async () => {
    expect((await linksOf('    [indented](/docs/api/state)'))).toEqual([{ url: '/docs/api/state', line: 1 }]);
  });

  it('slugs headings of every level like github-slugger, numbering duplicates', async () => {
    const source = mdx([
      '# Atom families',
      '## Usage',
      '### `atomFamily(options)`',
      '## Usage',
      '#### Error *handling* & <code>retries</code>',
      '###### Usage',
      'Setext heading',
      '---------------',
      '## Café au lait',
    ]);
    expect((await extractMdxLinks(source)).headingIds).toEqual([
      'atom-families',
      'usage',
      'atomfamilyoptions',
      'usage-1',
      'error-handling--retries',
      'usage-2',
      'setext-heading',
      'café-au-lait',
    ]);
  });

  it('gives the same ids as gatsby-remark-autolink-headers on the same tree', async () => {
    const source = mdx(['## Usage', '## Usage', '### `selector(get)` returns', '## Type-safe *params*!', '## 1.2.0 — notes']);
    const [{ unified }, { default: remarkParse }, { default: remarkMdx }] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-mdx'),
    ]);
    const tree = unified().use(remarkParse).use(remarkMdx).parse(source);
    // The plugin is CommonJS without types; it writes each heading's id to node.data.id.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const autolinkHeaders = require('gatsby-remark-autolink-headers') as (
      args: { markdownAST: unknown },
      options: Record<string, unknown>,
    ) => void;
    autolinkHeaders({ markdownAST: tree }, {});
    const pluginIds = tree.children.map((node) => (node.data as { id?: string } | undefined)?.id);
    expect((await extractMdxLinks(source)).headingIds).toEqual(pluginIds);
    expect(pluginIds).toEqual(['usage', 'usage-1', 'selectorget-returns', 'type-safe-params', '120--notes']);
  });

  it('ids only the configured heading depths, as the plugin\'s elements option does, without consuming slugs', async () => {
    const source = mdx(['# Usage', '## Usage', '#### Usage']);
    expect((await extractMdxLinks(source, { headingDepths: [2, 3, 4, 5, 6] })).headingIds).toEqual(['usage', 'usage-1']);
    expect((await extractMdxLinks(source)).headingIds).toEqual(['usage', 'usage-1', 'usage-2']);
  });

  it('starts numbering afresh for each document', async () => {
    expect((await extractMdxLinks('## Usage')).headingIds).toEqual(['usage']);
    expect((await extractMdxLinks('## Usage')).headingIds).toEqual(['usage']);
  });
});
