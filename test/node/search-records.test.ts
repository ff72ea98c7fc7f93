/** @jest-environment node */
import { codeIdentifiers, declaredNames, sidebarPlacement, toSearchRecords, DEFAULT_LVL0 } from '@src/node/search-records';
import type { DocsVersion } from '@src/node/types';

const mdx = (lines: string[]) => lines.join('\n');
const options = { language: 'en', tag: 'docs-default-current' };

const doc = (source: string) => ({
  id: 'api/atom',
  path: '/docs/api/atom',
  title: 'Atom',
  description: 'Reference for atom.',
  keywords: ['writable state'],
  source,
  lvl0: 'API',
  pageRank: 3,
  sidebarLabel: 'atom',
});

describe('toSearchRecords', () => {
  const source = mdx([
    '---',
    'title: Atom',
    '---',
    '',
    'An atom is the basic unit of **writable** state.',
    '',
    '## Signature',
    '',
    '```ts',
    "import { atom, makeStore, DEFAULT_STORE } from '@rkrupinski/stan';",
    'const store = makeStore();',
    '```',
    '',
    '## Behaviour',
    '',
    '### Lazy initialization',
    '',
    '- `set()` is ignored before the first `get()`.',
    '- `reset` too.',
    '',
    '#### Deep dive',
    '',
    'Text under h4.',
    '',
    '## Behaviour',
    '',
    '> A quoted `tag` note.',
  ]);

  it('makes a page record, a record per h2–h6 section and per block, in document order', async () => {
    const records = await toSearchRecords(doc(source), options);
    expect(records.map((r) => [r.type, r.hierarchy.lvl2, r.hierarchy.lvl3, r.hierarchy.lvl4, r.content])).toEqual([
      ['lvl1', null, null, null, 'Reference for atom.'],
      ['content', null, null, null, 'An atom is the basic unit of writable state.'],
      ['lvl2', 'Signature', null, null, null],
      ['lvl2', 'Behaviour', null, null, null],
      ['lvl3', 'Behaviour', 'Lazy initialization', null, null],
      ['content', 'Behaviour', 'Lazy initialization', null, 'set() is ignored before the first get().'],
      ['content', 'Behaviour', 'Lazy initialization', null, 'reset too.'],
      ['lvl4', 'Behaviour', 'Lazy initialization', 'Deep dive', null],
      ['content', 'Behaviour', 'Lazy initialization', 'Deep dive', 'Text under h4.'],
      ['lvl2', 'Behaviour', null, null, null],
      ['content', 'Behaviour', null, null, 'A quoted tag note.'],
    ]);
  });

  it('gives every record the DocSearch shape: lvl0 from the sidebar, lvl1 the title, url with #anchor', async () => {
    const records = await toSearchRecords(doc(source), options);
    const lazy = records.find((r) => r.hierarchy.lvl3 === 'Lazy initialization' && r.type === 'lvl3');
    expect(lazy).toEqual({
      objectID: 'api/atom-4',
      url: '/docs/api/atom#lazy-initialization',
      url_without_anchor: '/docs/api/atom',
      anchor: 'lazy-initialization',
      type: 'lvl3',
      hierarchy: {
        lvl0: 'API',
        lvl1: 'Atom',
        lvl2: 'Behaviour',
        lvl3: 'Lazy initialization',
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: null,
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      weight: { pageRank: 3, level: 80, position: 4 },
    });
    expect(records[0]).toMatchObject({ url: '/docs/api/atom', anchor: null, type: 'lvl1', keywords: 'atom writable state' });
    expect(records[1]).toMatchObject({ url: '/docs/api/atom', anchor: null });
  });

  it('numbers repeated headings like the heading anchors do (behaviour, behaviour-1)', async () => {
    const records = await toSearchRecords(doc(source), options);
    expect(records.filter((r) => r.type === 'lvl2').map((r) => r.anchor)).toEqual([
      'signature',
      'behaviour',
      'behaviour-1',
    ]);
    expect(records.find((r) => r.content === 'A quoted tag note.')?.url).toBe('/docs/api/atom#behaviour-1');
  });

  it('attaches identifiers from code blocks to their section, so code-only names are findable', async () => {
    const records = await toSearchRecords(doc(source), options);
    const signature = records.find((r) => r.type === 'lvl2' && r.hierarchy.lvl2 === 'Signature');
    expect(signature?.code?.split(' ')).toEqual(expect.arrayContaining(['makeStore', 'DEFAULT_STORE']));
    // Strings (the import path) and comments are not identifiers.
    expect(signature?.code?.split(' ')).not.toContain('rkrupinski');
    expect(records.some((r) => r.content?.includes('makeStore'))).toBe(false);
    // "atom" is in the page's text, which already finds it.
    expect(signature?.code?.split(' ')).not.toContain('atom');
  });

  it("indexes the code a marked sample ends with, not its removed lines", async () => {
    const marked = mdx(['# Marked', '', '## Fix', '', '```ts', 'oldHelper(); // [!code --]', 'newHelper(); // [!code ++]', '```', '']);
    const records = await toSearchRecords(doc(marked), options);
    const names = records.flatMap((r) => r.code?.split(' ') ?? []);
    expect(names).toContain('newHelper');
    expect(names).not.toContain('oldHelper');
  });

  it('skips imports, exports and JSX expressions but keeps text inside JSX elements', async () => {
    const records = await toSearchRecords(
      doc(mdx(["import Tabs from './tabs';", '', 'export const meta = 1;', '', '<Note>', '', 'Inside a note.', '', '</Note>'])),
      options,
    );
    expect(records.map((r) => r.content)).toEqual(['Reference for atom.', 'Inside a note.']);
  });

  it('keeps the words of Since marks: inline in their sentence, and as a block of the section under a heading', async () => {
    const records = await toSearchRecords(
      doc(mdx(['## `reset`', '', '<Since release="1.2.0-rc4" />', '', 'Sets an atom back.', '', '- `options.tag` <Since release="1.2.0-rc4" /> (optional): a label.'])),
      options,
    );
    expect(records.filter((r) => r.type === 'content').map((r) => [r.hierarchy.lvl2, r.content])).toEqual([
      ['reset', 'Since 1.2.0-rc4'],
      ['reset', 'Sets an atom back.'],
      ['reset', 'options.tag Since 1.2.0-rc4 (optional): a label.'],
    ]);
  });

  it('gives the page record the names its API signatures declare, and not those of examples', async () => {
    const signature = ['```ts', 'declare function atom<T>(value: T): Scoped<WritableState<T>>;', 'type AtomOptions = { tag?: string };', '```'];
    const example = ['```ts', 'type Point = { x: number };', 'const origin = atom<Point>({ x: 0 });', '```'];
    const records = await toSearchRecords(doc(mdx(['## Signature', '', ...signature, '', '## Example', '', ...example])), options);
    expect(records[0]?.defines).toBe('atom AtomOptions');
    expect(records.slice(1).some((r) => r.defines)).toBe(false);
  });
});

describe('declaredNames', () => {
  it('reads the names of a block made only of declarations', () => {
    const block = [
      "import type { Store } from '@rkrupinski/stan';",
      'declare const DEFAULT_STORE: Store;',
      'declare class Aborted extends Error {}',
      'interface State<T> { get(): T }',
      'type Scoped<T> = (store: Store) => T;',
    ].join('\n');
    expect(declaredNames(block)).toEqual(['DEFAULT_STORE', 'Aborted', 'State', 'Scoped']);
  });

  it('takes a block with running code for an example, not a signature', () => {
    expect(declaredNames('type Item = { id: string };\nconst items = atom<Item[]>([]);')).toBeNull();
    expect(declaredNames('function double(n: number) {\n  return n * 2;\n}')).toBeNull();
    expect(declaredNames("import { atom } from '@rkrupinski/stan';")).toBeNull();
  });
});

describe('codeIdentifiers', () => {
  it('keeps API names and drops keywords and short locals', () => {
    expect(codeIdentifiers('const x = useStanValue(counter); export default function f() { return makeStore(); }')).toEqual([
      'useStanValue',
      'counter',
      'makeStore',
    ]);
  });
});

describe('sidebarPlacement', () => {
  const version: Pick<DocsVersion, 'docs' | 'sidebars'> = {
    docs: [
      { id: 'intro', path: '/docs', title: 'Introduction', sidebar: 'docs', file: 'intro.mdx' },
      { id: 'api/atom', path: '/docs/api/atom', title: 'Atom', sidebar: 'docs', file: 'a.mdx' },
      { id: 'api/store', path: '/docs/api/store', title: 'Store', sidebar: 'docs', file: 's.mdx' },
      { id: 'orphan', path: '/docs/orphan', title: 'Orphan', sidebar: null, file: 'o.mdx' },
    ],
    sidebars: {
      docs: [
        { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
        {
          type: 'category',
          label: 'API',
          href: '/docs/api/atom',
          linkUnlisted: false,
          collapsed: false,
          collapsible: true,
          items: [
            { type: 'link', label: 'atom', href: '/docs/api/atom', docId: 'api/atom', unlisted: false },
            {
              type: 'category',
              label: 'Nested',
              href: '/docs/api/store',
              linkUnlisted: false,
              collapsed: false,
              collapsible: true,
              items: [{ type: 'link', label: 'store', href: '/docs/api/store', docId: 'api/store', unlisted: false }],
            },
          ],
        },
      ],
    },
  };

  it('gives lvl0 from the outermost category, the reading order as page rank and the label of its item', () => {
    expect(Object.fromEntries(sidebarPlacement(version))).toEqual({
      intro: { lvl0: DEFAULT_LVL0, pageRank: 0, label: 'Introduction' },
      'api/atom': { lvl0: 'API', pageRank: 1, label: 'atom' },
      'api/store': { lvl0: 'API', pageRank: 2, label: 'store' },
      orphan: { lvl0: DEFAULT_LVL0, pageRank: 3, label: 'Orphan' },
    });
  });
});
