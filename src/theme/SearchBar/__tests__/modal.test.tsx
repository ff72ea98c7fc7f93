// The worker factory uses import.meta (webpack only); these helpers do not need it.
jest.mock('../../../search/worker-factory', () => ({ createSearchWorker: jest.fn() }));

import { dropCorruptStoredSearches, missingResultsUrl, seeAllLabel, storedSearchKeys } from '../Modal';

describe('modal helpers', () => {
  it('pre-fills a new issue with the query for "Let us know."', () => {
    const url = new URL(missingResultsUrl('https://github.com/rkrupinski/stan/issues/new', 'atom <b>effects</b>'));
    expect(url.origin + url.pathname).toBe('https://github.com/rkrupinski/stan/issues/new');
    expect(url.searchParams.get('title')).toBe('Search: no results for "atom <b>effects</b>"');
    expect(url.searchParams.get('body')).toContain('"atom <b>effects</b>"');
  });

  it('labels the results footer', () => {
    expect(seeAllLabel(42)).toBe('See all 42 results');
    expect(seeAllLabel(1)).toBe('See 1 result');
  });

  it('drops corrupt recent and favorite lists but keeps valid ones', () => {
    const [recent, favorite] = storedSearchKeys('stan-docs');
    expect(recent).toBe('__DOCSEARCH_RECENT_SEARCHES__stan-docs');
    localStorage.setItem(recent!, '{not json');
    localStorage.setItem(favorite!, JSON.stringify([{ objectID: 'a' }]));
    dropCorruptStoredSearches('stan-docs', localStorage);
    expect(localStorage.getItem(recent!)).toBeNull();
    expect(localStorage.getItem(favorite!)).toBe('[{"objectID":"a"}]');
    localStorage.setItem(favorite!, JSON.stringify({ not: 'a list' }));
    dropCorruptStoredSearches('stan-docs', localStorage);
    expect(localStorage.getItem(favorite!)).toBeNull();
  });
});
