import type { RecordType, SearchRecord } from '@src/search/types';

const positions = new Map<string, number>();

/** A record as the build makes it; only what a test cares about needs to be given. */
export function record(
  page: { id: string; title: string; lvl0?: string; rank: number },
  type: RecordType,
  fields: {
    heading?: string[];
    anchor?: string;
    content?: string;
    code?: string;
    keywords?: string;
    defines?: string;
    language?: string;
    tag?: string;
    /** The page compares or lists changes (frontmatter `overview: true`). */
    overview?: boolean;
  } = {},
): SearchRecord {
  const [lvl2 = null, lvl3 = null, lvl4 = null] = fields.heading ?? [];
  const path = `/docs/${page.id}`;
  const position = positions.get(page.id) ?? 0;
  positions.set(page.id, position + 1);
  return {
    objectID: `${page.id}-${position}`,
    url: fields.anchor ? `${path}#${fields.anchor}` : path,
    url_without_anchor: path,
    anchor: fields.anchor ?? null,
    type,
    hierarchy: { lvl0: page.lvl0 ?? 'API', lvl1: page.title, lvl2, lvl3, lvl4, lvl5: null, lvl6: null },
    content: fields.content ?? null,
    language: fields.language ?? 'en',
    docusaurus_tag: fields.tag ?? 'docs-default-current',
    ...(fields.code ? { code: fields.code } : {}),
    ...(fields.keywords ? { keywords: fields.keywords } : {}),
    ...(fields.defines ? { defines: fields.defines } : {}),
    weight: {
      pageRank: page.rank,
      level: type === 'content' ? 0 : 100 - 10 * (Number(type.slice(3)) - 1),
      position,
      ...(fields.overview ? { overview: true as const } : {}),
    },
  };
}

const atom = { id: 'api/atom', title: 'Atom', rank: 1 };
const selector = { id: 'api/selector', title: 'Selector', rank: 2 };
const store = { id: 'api/store', title: 'Store', rank: 3 };
const caching = { id: 'guides/caching', title: 'Caching', lvl0: 'Guides', rank: 4 };

/** A small site: four pages with sections, body text and code identifiers. */
export function fixtureRecords(): SearchRecord[] {
  positions.clear();
  return [
    record(atom, 'lvl1', { keywords: 'writable state' }),
    record(atom, 'content', { content: 'An atom is the basic unit of writable state in a store.' }),
    record(atom, 'lvl2', { heading: ['Effects'], anchor: 'effects' }),
    record(atom, 'content', {
      heading: ['Effects'],
      anchor: 'effects',
      content:
        'Each effect runs once per store, synchronously, during the first read of the atom in that store, and receives three functions to work with.',
    }),
    record(selector, 'lvl1'),
    record(selector, 'content', { content: 'A selector derives a value from other states and caches it.' }),
    record(selector, 'lvl2', { heading: ['Signature'], anchor: 'signature', code: 'selector makeStore useStanValue' }),
    record(store, 'lvl1', { defines: 'Store makeStore DEFAULT_STORE' }),
    record(store, 'lvl2', { heading: ['makeStore'], anchor: 'makestore' }),
    record(store, 'content', { heading: ['makeStore'], anchor: 'makestore', content: 'Creates a new, empty store.' }),
    record(store, 'lvl2', { heading: ['DEFAULT_STORE'], anchor: 'default_store', code: 'DEFAULT_STORE' }),
    record(caching, 'lvl1'),
    record(caching, 'content', { content: 'Selectors cache their values per store; <script>alert(1)</script> stays text.' }),
    record(caching, 'lvl2', { heading: ['Cache policy'], anchor: 'cache-policy' }),
    record({ ...caching, id: 'fr/caching' }, 'content', { content: 'Cache en français.', language: 'fr' }),
  ];
}
