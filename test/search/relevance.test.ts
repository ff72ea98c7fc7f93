/**
 * @jest-environment node
 *
 * Relevance: realistic reader queries over this site's real index, each with the page a reader expects.
 * Reports hit@1 and hit@3 (by distinct pages, as the modal groups hits by page) and requires every expected
 * page within the first three.
 */
import path from 'path';
import siteConfig from '../../site.config';
import { siteSearchRecords } from '@src/node/search-site';
import { buildSearchIndex, loadSearchIndex, searchRecords, type LoadedIndex } from '@src/search/engine';

const ROOT = path.resolve(__dirname, '../..');

/** [query, expected page, what the reader is after] */
export const RELEVANCE_QUERIES: ReadonlyArray<[string, string, string]> = [
  // API names
  ['atom', '/docs/api/atom', 'API name'],
  ['selectorFamily', '/docs/api/selectorFamily', 'API name'],
  ['atomFamily', '/docs/api/atomFamily', 'API name'],
  ['makeStore', '/docs/api/store', 'API name'],
  ['DEFAULT_STORE', '/docs/api/store', 'constant'],
  ['useStanValue', '/docs/api/react', 'hook'],
  ['useSetStanValue', '/docs/api/react', 'hook'],
  ['useStanValueAsync', '/docs/api/react', 'hook'],
  ['StanProvider', '/docs/api/react', 'component'],
  ['useStanRefresher', '/docs/api/react', 'hook'],
  ['refresh', '/docs/api/utils', 'utility'],
  ['reset', '/docs/api/utils', 'utility'],
  ['Aborted', '/docs/api/utils', 'error class'],
  ['subscribe', '/docs/api/state', 'state member'],
  ['SerializableParam', '/docs/api/utils', 'type'],
  // Concepts
  ['derived state', '/docs/api/selector', 'concept'],
  ['cache policy lru', '/docs/guides/caching', 'concept'],
  ['server side rendering', '/docs/guides/ssr', 'concept'],
  ['hydration', '/docs/guides/ssr', 'concept'],
  ['error boundary', '/docs/guides/error-handling', 'concept'],
  ['type inference', '/docs/guides/type-safety', 'concept'],
  ['parameter serialization', '/docs/guides/param-serialization', 'concept'],
  ['install', '/docs/getting-started/installation', 'task'],
  ['next.js app router', '/docs/getting-started/frameworks', 'framework'],
  ['vite', '/docs/getting-started/frameworks', 'framework'],
  ['todo list example', '/docs/getting-started/examples', 'example'],
  ['lazy initialization', '/docs/api/atom', 'behaviour'],
  ['abort signal', '/docs/api/selector', 'behaviour'],
  // Typos
  ['selecter', '/docs/api/selector', 'typo'],
  ['atomFamly', '/docs/api/atomFamily', 'typo'],
  ['serialisation', '/docs/guides/param-serialization', 'British spelling'],
  ['hydrtion', '/docs/guides/ssr', 'typo'],
  ['instalation', '/docs/getting-started/installation', 'typo'],
  // Typos with two neighbouring letters swapped, one typo to the hosted service
  ['atmo', '/docs/api/atom', 'swapped letters'],
  ['memroy leak', '/docs/guides/ssr', 'swapped letters'],
  ['hdyration', '/docs/guides/ssr', 'swapped letters'],
  ['subscirbe', '/docs/api/state', 'swapped letters'],
  // Several words, questions, partial words
  ['how to persist an atom to localStorage', '/docs/api/atom', 'question'],
  ['one store per request', '/docs/guides/ssr', 'phrase'],
  ['how do I retry after an error', '/docs/guides/error-handling', 'question'],
  ['fresh store for every test', '/docs/api/store', 'several words'],
  ['typescript setup', '/docs/getting-started/installation', 'several words'],
  ['useStanVal', '/docs/api/react', 'prefix'],
  ['invalidat', '/docs/guides/caching', 'prefix'],
  // From the package's README (its tagline and links)
  ['what is stan', '/docs', 'question'],
  ['stan', '/docs', 'library name'],
  ['minimal state management', '/docs', 'tagline'],
  ['type-safe state management', '/docs', 'tagline'],
  ['examples', '/docs/getting-started/examples', 'README link'],
  // Exported types and functions: the page that declares each one
  ['AtomEffect', '/docs/api/atom', 'type'],
  ['AtomOptions', '/docs/api/atom', 'type'],
  ['AtomFamilyOptions', '/docs/api/atomFamily', 'type'],
  ['ValueFromParam', '/docs/guides/type-safety', 'type'],
  ['CachePolicy', '/docs/api/selectorFamily', 'type'],
  ['GetFn', '/docs/api/selector', 'type'],
  ['SelectorFn', '/docs/api/selector', 'type'],
  ['SelectorOptions', '/docs/api/selector', 'type'],
  ['SelectorFamilyOptions', '/docs/api/selectorFamily', 'type'],
  ['SelectorFamilyFn', '/docs/guides/type-safety', 'type'],
  ['areValuesEqual', '/docs/api/selector', 'option'],
  ['ReadonlyState', '/docs/api/state', 'type'],
  ['WritableState', '/docs/api/state', 'type'],
  ['Scoped', '/docs/api/state', 'type'],
  ['TagFromParam', '/docs/api/utils', 'type'],
  ['SetterOrUpdater', '/docs/api/utils', 'type'],
  ['StanCtxType', '/docs/api/react', 'type'],
  ['StanProviderProps', '/docs/api/react', 'type'],
  ['useStanCtx', '/docs/api/react', 'hook'],
  ['useStan', '/docs/api/react', 'hook'],
  ['AsyncValue', '/docs/api/react', 'type'],
  ['useStanReset', '/docs/api/react', 'hook'],
  ['Store', '/docs/api/store', 'class'],
  ['onSet', '/docs/api/atom', 'effect member'],
  ['writablestate', '/docs/api/state', 'type name in lower case'],
  ['keep-all', '/docs/guides/caching', 'cache policy'],
  ['most-recent cache policy', '/docs/guides/caching', 'cache policy'],
  ['maxSize', '/docs/api/selectorFamily', 'option'],
  // Concepts, questions and other word forms
  ['memory leak', '/docs/guides/ssr', 'concept'],
  ['what is a selector', '/docs/api/selector', 'question'],
  ['what is an atom family', '/docs/api/atomFamily', 'question'],
  ['how to reset an atom', '/docs/api/utils', 'question'],
  ['serializing parameters', '/docs/guides/param-serialization', 'word form'],
  ['retries', '/docs/guides/error-handling', 'word form'],
  ['pnpm', '/docs/getting-started/installation', 'package manager'],
  ['remix', '/docs/getting-started/frameworks', 'framework'],
  // The pages added for newcomers: concepts, coming from Recoil or Jotai, testing, known quirks
  ['concepts', '/docs/getting-started/concepts', 'page name'],
  ['what is a scoped state', '/docs/getting-started/concepts', 'question'],
  ['what does stale mean', '/docs/getting-started/concepts', 'question'],
  ['mounted selector', '/docs/getting-started/concepts', 'concept'],
  ['recoil', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library'],
  ['jotai useAtom', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library hook'],
  ['useRecoilState', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library hook'],
  ['migrate from recoil', '/docs/getting-started/coming-from-recoil-or-jotai', 'task'],
  ['writable selector', '/docs/getting-started/coming-from-recoil-or-jotai', 'missing feature'],
  ['testing', '/docs/guides/testing', 'page name'],
  ['jest fake timers', '/docs/guides/testing', 'task'],
  ['wrap writes in act', '/docs/guides/testing', 'task'],
  ['known quirks', '/docs/guides/known-quirks', 'page name'],
  ['NaN infinite loop', '/docs/guides/known-quirks', 'symptom'],
  ['set never returns', '/docs/guides/known-quirks', 'symptom'],
  ['process is not defined', '/docs/guides/known-quirks', 'error message'],
  ['missed update useLayoutEffect', '/docs/guides/known-quirks', 'symptom'],
  ['store a function in an atom', '/docs/guides/known-quirks', 'task'],
  // What a reader of the upgrade, comparison and quirks pages types: the pages' own subjects lead to them, and a term
  // they only set beside others ("effects") leads to the page that explains it
  ['upgrade from 1.0', '/docs/getting-started/upgrading', 'task'],
  ['breaking changes', '/docs/getting-started/upgrading', 'task'],
  ['1.0.0-rc14', '/docs/getting-started/upgrading', 'release'],
  ['effects', '/docs/api/atom', 'term the upgrade page lists'],
  ['effect set ignored', '/docs/api/atom', 'term the upgrade page lists'],
  ['dependencies', '/docs/api/selector', 'term the upgrade page lists'],
  ['peer dependency', '/docs/getting-started/installation', 'term the upgrade page lists'],
  ['cycle', '/docs/api/selector', 'term the upgrade page lists'],
  ['writes before the first read', '/docs/guides/known-quirks', 'term the upgrade page lists'],
  ['useSetStanValue outside a component', '/docs/api/react', 'term the upgrade page lists'],
  ['RecoilRoot', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library'],
  ['loadable', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library'],
  ['time travel', '/docs/getting-started/coming-from-recoil-or-jotai', 'missing feature'],
  ['useHydrateAtoms', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library'],
  ['atomWithStorage', '/docs/getting-started/coming-from-recoil-or-jotai', 'other library'],
  ['selector families cache', '/docs/api/selectorFamily', 'term the comparison lists'],
  ['NaN', '/docs/guides/known-quirks', 'symptom'],
  ['page hangs', '/docs/guides/known-quirks', 'symptom'],
  ['NODE_ENV', '/docs/guides/known-quirks', 'error cause'],
  ['refresh does not abort', '/docs/guides/known-quirks', 'symptom'],
];

function distinctPages(index: LoadedIndex, query: string): string[] {
  const pages: string[] = [];
  for (const { record } of searchRecords(index, query, ['language:en'])) {
    if (!pages.includes(record.url_without_anchor)) pages.push(record.url_without_anchor);
  }
  return pages;
}

describe('search relevance over this site', () => {
  let index: LoadedIndex;

  beforeAll(async () => {
    index = loadSearchIndex(buildSearchIndex(await siteSearchRecords(ROOT, siteConfig)));
  });

  it(`puts the expected page in the top 3 for all ${RELEVANCE_QUERIES.length} reader queries`, () => {
    const rows = RELEVANCE_QUERIES.map(([query, expected]) => {
      const pages = distinctPages(index, query);
      return { query, expected, rank: pages.indexOf(expected) + 1, top: pages.slice(0, 3) };
    });
    const hitAt = (k: number) => rows.filter((r) => r.rank >= 1 && r.rank <= k).length / rows.length;
    // Mean reciprocal rank of the expected page within the first five pages (0 when it is not among them).
    const mrr = rows.reduce((sum, r) => sum + (r.rank >= 1 && r.rank <= 5 ? 1 / r.rank : 0), 0) / rows.length;
    // The figures the closing note quotes.
    console.log(
      `relevance: ${rows.length} queries, hit@1 ${hitAt(1).toFixed(3)}, hit@3 ${hitAt(3).toFixed(3)}, MRR@5 ${mrr.toFixed(3)}\n` +
        rows
          .filter((r) => r.rank !== 1)
          .map((r) => `  rank ${r.rank || '-'}: "${r.query}" expected ${r.expected}, got ${r.top.join(', ')}`)
          .join('\n'),
    );
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => r.rank === 0 || r.rank > 3)).toEqual([]);
    expect(hitAt(1)).toBeGreaterThanOrEqual(0.9);
  });
});
