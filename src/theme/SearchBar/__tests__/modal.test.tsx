// The worker factory uses import.meta (webpack only); these helpers do not need it.
jest.mock('../../../search/worker-factory', () => ({ createSearchWorker: jest.fn() }));

import { missingResultsUrl, seeAllLabel } from '../Modal';

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

});

describe('applyDialogSemantics', () => {
  it('turns DocSearch’s backdrop button into a plain container and labels the modal as a dialog', () => {
    const { applyDialogSemantics } = jest.requireActual('../Modal') as typeof import('../Modal');
    document.body.innerHTML =
      '<div class="DocSearch-Container" role="button" tabindex="0" aria-expanded="false"><div class="DocSearch-Modal"><input /></div></div>';
    const stop = applyDialogSemantics(document);
    const container = document.querySelector('.DocSearch-Container') as HTMLElement;
    expect(container).not.toHaveAttribute('role');
    expect(container).not.toHaveAttribute('tabindex');
    expect(container).not.toHaveAttribute('aria-expanded');
    const modal = document.querySelector('.DocSearch-Modal');
    expect(modal).toHaveAttribute('role', 'dialog');
    expect(modal).toHaveAttribute('aria-modal', 'true');
    expect(modal).toHaveAttribute('aria-label', 'Search docs');
    stop();
  });

  it('keeps stripping aria-expanded when autocomplete sets it again', async () => {
    const { applyDialogSemantics } = jest.requireActual('../Modal') as typeof import('../Modal');
    document.body.innerHTML = '<div class="DocSearch-Container"><div class="DocSearch-Modal"></div></div>';
    const stop = applyDialogSemantics(document);
    const container = document.querySelector('.DocSearch-Container') as HTMLElement;
    container.setAttribute('aria-expanded', 'true');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).not.toHaveAttribute('aria-expanded');
    stop();
  });
});
