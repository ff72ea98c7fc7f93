import {
  applyDialogSemantics,
  applyListboxSemantics,
  handleHitActionKeys,
  listIdForOption,
  repairDocSearch,
  watchDescendant,
} from '@src/theme/SearchBar/docsearch-3.9-repairs';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyDialogSemantics', () => {
  it('turns DocSearch’s backdrop button into a plain container and labels the modal as a dialog', () => {
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
    document.body.innerHTML = '<div class="DocSearch-Container"><div class="DocSearch-Modal"></div></div>';
    const stop = applyDialogSemantics(document);
    const container = document.querySelector('.DocSearch-Container') as HTMLElement;
    container.setAttribute('aria-expanded', 'true');
    await flush();
    expect(container).not.toHaveAttribute('aria-expanded');
    stop();
  });
});

describe('listIdForOption', () => {
  it('derives the per-source list id autocomplete names in aria-controls', () => {
    expect(listIdForOption('docsearch-hits0-item-3')).toBe('docsearch-hits0-list');
    expect(listIdForOption('docsearch-recentSearches-item-0')).toBe('docsearch-recentSearches-list');
    expect(listIdForOption('docsearch-list')).toBeNull();
  });
});

const dropdown = (lists: string) => `
  <div class="DocSearch-Modal">
    <input class="DocSearch-Input" aria-controls="docsearch-recentSearches-list docsearch-favoriteSearches-list" />
    <div class="DocSearch-Dropdown">${lists}</div>
  </div>`;
const recentList = `
  <section class="DocSearch-Hits"><div class="DocSearch-Hit-source">Recent</div>
    <ul role="listbox" id="docsearch-list" aria-labelledby="docsearch-label">
      <li role="option" id="docsearch-recentSearches-item-0"><span data-hit-action="favorite"></span><span data-hit-action="remove"></span></li>
    </ul>
  </section>`;
const favoriteList = `
  <section class="DocSearch-Hits"><div class="DocSearch-Hit-source">Favorite</div>
    <ul role="listbox" id="docsearch-list">
      <li role="option" id="docsearch-favoriteSearches-item-1"><span data-hit-action="remove"></span></li>
    </ul>
  </section>`;

describe('applyListboxSemantics', () => {
  it('gives each listbox its own id and title, and the combobox input controls exactly those shown', () => {
    document.body.innerHTML = dropdown(recentList);
    const stop = applyListboxSemantics(document);
    const input = document.querySelector('.DocSearch-Input')!;
    const list = document.querySelector('[role="listbox"]')!;
    expect(list.id).toBe('docsearch-recentSearches-list');
    expect(list).toHaveAttribute('aria-labelledby', 'docsearch-recentSearches-list-title');
    expect(document.getElementById('docsearch-recentSearches-list-title')).toHaveTextContent('Recent');
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', 'docsearch-recentSearches-list');
    expect(document.querySelector('[role="option"]')).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S Delete');
    stop();
  });

  it('follows the lists as DocSearch renders them, and autocomplete’s rewrites of aria-controls', async () => {
    document.body.innerHTML = dropdown(recentList);
    const stop = applyListboxSemantics(document);
    const input = document.querySelector('.DocSearch-Input')!;
    document.querySelector('.DocSearch-Dropdown')!.insertAdjacentHTML('beforeend', favoriteList);
    await flush();
    expect(input).toHaveAttribute('aria-controls', 'docsearch-recentSearches-list docsearch-favoriteSearches-list');
    expect(document.querySelectorAll('#docsearch-list')).toHaveLength(0);
    expect(document.getElementById('docsearch-favoriteSearches-item-1')).toHaveAttribute('aria-keyshortcuts', 'Delete');
    input.setAttribute('aria-controls', 'docsearch-hits0-list');
    await flush();
    expect(input).toHaveAttribute('aria-controls', 'docsearch-recentSearches-list docsearch-favoriteSearches-list');
    document.querySelector('.DocSearch-Dropdown')!.innerHTML = '<div class="DocSearch-NoResults"></div>';
    await flush();
    expect(input).not.toHaveAttribute('aria-controls');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    stop();
  });
});

describe('handleHitActionKeys', () => {
  const setUp = (value = '') => {
    document.body.innerHTML = dropdown(recentList + favoriteList);
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
    input.value = value;
    input.setAttribute('aria-activedescendant', 'docsearch-recentSearches-item-0');
    const clicked: string[] = [];
    document.querySelectorAll('[data-hit-action]').forEach((el) =>
      el.addEventListener('click', () => clicked.push(`${el.closest('li')!.id} ${el.getAttribute('data-hit-action')}`)),
    );
    document.addEventListener('keydown', handleHitActionKeys);
    const press = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    };
    return { input, clicked, press };
  };
  afterEach(() => document.removeEventListener('keydown', handleHitActionKeys));

  it('runs the active option’s action and keeps the browser from using the key', () => {
    const { input, clicked, press } = setUp();
    expect(press({ key: 's', ctrlKey: true })).toBe(true);
    expect(press({ key: 'Delete' })).toBe(true);
    input.setAttribute('aria-activedescendant', 'docsearch-favoriteSearches-item-1');
    expect(press({ key: 'Delete' })).toBe(true);
    expect(clicked).toEqual([
      'docsearch-recentSearches-item-0 favorite',
      'docsearch-recentSearches-item-0 remove',
      'docsearch-favoriteSearches-item-1 remove',
    ]);
  });

  it('leaves keys alone when the active option has no such action, or the query is not empty', () => {
    const { input, clicked, press } = setUp();
    input.setAttribute('aria-activedescendant', 'docsearch-favoriteSearches-item-1');
    expect(press({ key: 's', ctrlKey: true })).toBe(false);
    input.removeAttribute('aria-activedescendant');
    expect(press({ key: 'Delete' })).toBe(false);
    input.setAttribute('aria-activedescendant', 'docsearch-recentSearches-item-0');
    input.value = 'store';
    expect(press({ key: 'Delete' })).toBe(false);
    expect(clicked).toEqual([]);
  });
});
/** DocSearch's modal as it renders it: a backdrop button around the modal, its input, and a dropdown. */
const docSearch = (lists = recentList) =>
  `<div class="DocSearch-Container" role="button" tabindex="0" aria-expanded="false">${dropdown(lists)}</div>`;

/** The page with the element the modal is rendered into (`#search-root`) and DocSearch-like markup outside it. */
function page(inside: string) {
  document.body.innerHTML = `<main><div class="DocSearch-Modal" id="elsewhere"></div></main><div id="search-root">${inside}</div>`;
  return document.getElementById('search-root') as HTMLDivElement;
}

describe('watchDescendant', () => {
  it('reports the match inside root now, when it is replaced or removed, and nothing that happens outside root', async () => {
    const root = page('<p class="target" id="first"></p>');
    const seen: (string | null)[] = [];
    const stop = watchDescendant(root, '.target', (element) => seen.push(element?.id ?? null));
    root.innerHTML = '<p class="target" id="second"></p>';
    await flush();
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p class="target" id="outside"></p>');
    await flush();
    root.innerHTML = '';
    await flush();
    stop();
    root.innerHTML = '<p class="target" id="after-stop"></p>';
    await flush();
    expect(seen).toEqual(['first', 'second', null]);
  });
});

describe('repairDocSearch', () => {
  it('observes only the element the modal is rendered into, never the page', () => {
    const observe = jest.spyOn(MutationObserver.prototype, 'observe');
    const root = page(docSearch());
    const stop = repairDocSearch(root);
    expect(observe).toHaveBeenCalled();
    for (const [target] of observe.mock.calls) expect(root.contains(target)).toBe(true);
    expect(document.getElementById('elsewhere')).not.toHaveAttribute('role');
    stop();
    observe.mockRestore();
  });

  it('repairs the modal once DocSearch renders it, and again when DocSearch mounts a new one (Retry)', async () => {
    const root = page('');
    const stop = repairDocSearch(root);
    for (let mount = 0; mount < 2; mount += 1) {
      root.innerHTML = docSearch();
      await flush();
      expect(root.querySelector('.DocSearch-Container')).not.toHaveAttribute('role');
      expect(root.querySelector('.DocSearch-Modal')).toHaveAttribute('role', 'dialog');
      expect(root.querySelector('.DocSearch-Input')).toHaveAttribute('role', 'combobox');
      expect(root.querySelector('[role="listbox"]')).toHaveAttribute('id', 'docsearch-recentSearches-list');
    }
    stop();
  });

  it('answers the hit actions’ keys typed in the modal, until stopped', () => {
    const root = page(docSearch());
    const input = root.querySelector<HTMLInputElement>('.DocSearch-Input')!;
    input.setAttribute('aria-activedescendant', 'docsearch-recentSearches-item-0');
    const removed = jest.fn();
    root.querySelector('[data-hit-action="remove"]')!.addEventListener('click', removed);
    const press = () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true, cancelable: true }));
    const stop = repairDocSearch(root);
    press();
    expect(removed).toHaveBeenCalledTimes(1);
    stop();
    press();
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('stops following DocSearch’s rewrites once stopped', async () => {
    const root = page(docSearch());
    repairDocSearch(root)();
    const container = root.querySelector('.DocSearch-Container')!;
    container.setAttribute('aria-expanded', 'true');
    await flush();
    expect(container).toHaveAttribute('aria-expanded', 'true');
  });
});
