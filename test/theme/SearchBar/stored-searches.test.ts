import { isStoredHit, repairStoredSearches, sameSiteUrl, storedField, storedSearchKeys, validStoredHits } from '@src/theme/SearchBar/stored-searches';

const ORIGIN = 'http://localhost';

const [RECENT, FAVORITE] = storedSearchKeys('stan-docs') as [string, string];

/** A recent search as DocSearch stores it (without its highlight and snippet results). */
const hit = (objectID: string, overrides: Record<string, unknown> = {}) => ({
  objectID,
  url: `/docs/api/atom#${objectID}`,
  type: 'lvl2',
  content: null,
  hierarchy: { lvl0: 'API', lvl1: 'atom', lvl2: objectID, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  ...overrides,
});

beforeEach(() => localStorage.clear());

describe('stored recent and favorite searches', () => {
  it('are keyed by index name', () => {
    expect(RECENT).toBe('__DOCSEARCH_RECENT_SEARCHES__stan-docs');
    expect(FAVORITE).toBe('__DOCSEARCH_FAVORITE_SEARCHES__stan-docs');
  });

  it('keep every hit DocSearch can list, in order, untouched', () => {
    const stored = JSON.stringify([hit('usage'), hit('effects', { type: 'content', content: 'Effects run…' })]);
    localStorage.setItem(RECENT, stored);
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(localStorage.getItem(RECENT)).toBe(stored);
  });

  it.each([
    ['an entry with only an objectID', '[{"objectID":"a"}]'],
    ['an entry whose hierarchy is null', JSON.stringify([hit('a', { hierarchy: null })])],
  ])('drop %s (the list is then empty, so it goes)', (_, stored) => {
    localStorage.setItem(RECENT, stored);
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(localStorage.getItem(RECENT)).toBeNull();
  });

  it('drop only the entries that do not fit, and repeated ones, keeping the rest', () => {
    const good = [hit('one'), hit('two')];
    localStorage.setItem(
      FAVORITE,
      JSON.stringify([good[0], { objectID: 'a' }, null, 'text', 7, [hit('nested')], hit('one'), hit('bad', { url: 5 }), good[1]]),
    );
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(JSON.parse(localStorage.getItem(FAVORITE) ?? 'null')).toEqual(good);
  });

  it('drop lists that are not lists, or not JSON (a write cut short)', () => {
    for (const stored of ['{not json', '[{"objectID":"a","url":"/docs"', '{"objectID":"a"}', '"recent"', '42', 'null']) {
      localStorage.setItem(RECENT, stored);
      repairStoredSearches('stan-docs', localStorage, ORIGIN);
      expect(localStorage.getItem(RECENT)).toBeNull();
    }
  });

  it('never throw when storage itself refuses', () => {
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: jest.fn(),
      removeItem: jest.fn(),
    };
    expect(() => repairStoredSearches('stan-docs', storage, ORIGIN)).not.toThrow();
  });
});

describe('isStoredHit: every field DocSearch reads', () => {
  it.each<[string, Record<string, unknown>]>([
    ['objectID missing', { objectID: undefined }],
    ['objectID not a string', { objectID: 12 }],
    ['objectID empty', { objectID: '' }],
    ['url missing', { url: undefined }],
    ['url not a string', { url: { pathname: '/docs' } }],
    ['type missing', { type: undefined }],
    ['type unknown', { type: 'lvl9' }],
    ['hierarchy missing', { hierarchy: undefined }],
    ['hierarchy a list', { hierarchy: ['API'] }],
    ['a level not text', { hierarchy: { lvl0: 'API', lvl1: { text: 'atom' } } }],
    ['content not text', { content: ['Effects'] }],
  ])('rejects a hit with %s', (_, overrides) => {
    expect(isStoredHit(hit('x', overrides), ORIGIN)).toBe(false);
  });

  it('accepts levels that are missing or null, and a hit of any level or content type', () => {
    expect(isStoredHit(hit('x', { hierarchy: { lvl0: 'API', lvl1: 'atom' } }), ORIGIN)).toBe(true);
    expect(isStoredHit(hit('x', { type: 'lvl1', content: undefined }), ORIGIN)).toBe(true);
    expect(isStoredHit(hit('x', { type: 'content', content: 'text' }), ORIGIN)).toBe(true);
  });

  it('reads a stored list into its fitting hits, or null when it is not a list', () => {
    expect(validStoredHits('[]', ORIGIN)).toEqual([]);
    expect(validStoredHits('{"a":1}', ORIGIN)).toBeNull();
    expect(validStoredHits(JSON.stringify([hit('a'), { objectID: 'b' }]), ORIGIN)).toEqual([hit('a')]);
  });
});

describe('stored searches never lead off the site or put markup into the page', () => {
  it.each([
    'https://evil.example/docs',
    '//evil.example/docs',
    '/\\evil.example/docs',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
  ])('drops an entry whose url is %s', (url) => {
    expect(isStoredHit(hit('x', { url }), ORIGIN)).toBe(false);
    localStorage.setItem(RECENT, JSON.stringify([hit('x', { url }), hit('kept')]));
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(JSON.parse(localStorage.getItem(RECENT) ?? 'null')).toEqual([hit('kept')]);
  });

  it('keeps a same-site url as a site-relative address Gatsby can read', () => {
    expect(sameSiteUrl(`${ORIGIN}/docs/api/atom?x=1#effects`, ORIGIN)).toBe('/docs/api/atom?x=1#effects');
    expect(sameSiteUrl('/docs/api/atom#100%', ORIGIN)).toBe('/docs/api/atom#100%25');
    localStorage.setItem(RECENT, JSON.stringify([hit('x', { url: `${ORIGIN}/docs#100%` })]));
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(JSON.parse(localStorage.getItem(RECENT) ?? 'null')).toEqual([hit('x', { url: '/docs#100%25' })]);
  });

  it('drops highlight results, which DocSearch would render as HTML and never stores itself', () => {
    const forged = hit('x', { _snippetResult: { hierarchy: { lvl2: { value: '<img src=x onerror=alert(1)>' } } }, _highlightResult: {} });
    localStorage.setItem(FAVORITE, JSON.stringify([forged]));
    repairStoredSearches('stan-docs', localStorage, ORIGIN);
    expect(JSON.parse(localStorage.getItem(FAVORITE) ?? 'null')).toEqual([hit('x')]);
  });

  it('reads a field as DocSearch addresses it', () => {
    expect(storedField(hit('x'), 'hierarchy.lvl1')).toBe('atom');
    expect(storedField(hit('x'), 'content')).toBe('');
    expect(storedField(hit('x'), 'hierarchy.lvl9')).toBe('');
  });
});
