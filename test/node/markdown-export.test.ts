/** @jest-environment node */
import { docToMarkdown, exportDocs, markdownFileFor, mdxBodyToMarkdown, type ExportDoc } from '@src/node/markdown-export';

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
