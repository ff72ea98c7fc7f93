// The worker factory uses import.meta (webpack only); these helpers do not need it.
jest.mock('../../../search/worker-factory', () => ({ createSearchWorker: jest.fn() }));
jest.mock('gatsby', () => ({ ...jest.requireActual('gatsby'), navigate: jest.fn(), prefetchPathname: jest.fn() }));

import { fireEvent, render, screen } from '@testing-library/react';
import { navigate, prefetchPathname } from 'gatsby';
import type { ComponentProps } from 'react';
import {
  HIT_ACTION_TITLES,
  Hit,
  applyListboxSemantics,
  handleHitActionKeys,
  hitActionShortcut,
  hitClickTarget,
  listIdForOption,
  openHit,
  reportingClient,
  storedHitAsText,
  withoutNestedControls,
} from '../Modal';

const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
const key = { key: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let open: jest.SpyInstance;
beforeEach(() => {
  (navigate as jest.Mock).mockClear();
  open = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => open.mockRestore());

describe('hitClickTarget: a click on a hit opens it as a click on a link would', () => {
  it.each([
    [{}, 'same-tab'],
    [{ ctrlKey: true }, 'new-tab'],
    [{ metaKey: true }, 'new-tab'],
    [{ ctrlKey: true, shiftKey: true }, 'new-tab'],
    [{ button: 1 }, 'new-tab'],
    [{ shiftKey: true }, 'new-window'],
    [{ altKey: true }, null],
    [{ button: 2 }, null],
  ])('%o → %s', (init, target) => {
    expect(hitClickTarget({ ...click, ...init })).toBe(target);
  });
});

describe('openHit', () => {
  it('navigates in place with Gatsby, with no window opened', () => {
    openHit('/docs/api/store#makestore', 'same-tab');
    expect(navigate).toHaveBeenCalledWith('/docs/api/store#makestore', undefined);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens a new tab without an opener', () => {
    openHit('/docs/api/store', 'new-tab');
    expect(open).toHaveBeenCalledWith('/docs/api/store', '_blank', 'noopener');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens a new window (a popup: the only window a page can ask for) and drops its opener', () => {
    const opened = { opener: window as unknown };
    open.mockImplementation(() => opened as Window);
    openHit('/docs/api/store', 'new-window');
    expect(open).toHaveBeenCalledWith('/docs/api/store', '_blank', 'popup');
    expect(opened.opener).toBeNull();
  });
});

describe('openHit: only addresses on this site', () => {
  it.each(['https://evil.example/docs', '//evil.example/', 'javascript:alert(1)'])('follows nothing for %s', (url) => {
    for (const target of ['same-tab', 'new-tab', 'new-window'] as const) openHit(url, target);
    expect(navigate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('follows a same-site address as a site path with a readable hash', () => {
    openHit(`${window.location.origin}/docs/api/atom#100%`, 'same-tab');
    expect(navigate).toHaveBeenCalledWith('/docs/api/atom#100%25', undefined);
  });
});

describe('a stored hit shows its fields as text', () => {
  // DocSearch's snippet: a component that would set the field as HTML.
  const Snippet = (props: { hit: unknown; attribute: string; className?: string }) => (
    <span className={props.className} dangerouslySetInnerHTML={{ __html: String((props.hit as { content: string }).content) }} />
  );

  it('renders markup in a stored field as text, keeping only highlight marks', () => {
    const hit = {
      content: 'Use <mark>atom</mark> <img src=x onerror="alert(1)"><a href="https://evil.example">here</a><style>*{}</style>',
      hierarchy: { lvl1: 'atom<T>' },
    };
    const { container } = render(
      <div>
        {storedHitAsText(
          <div className="DocSearch-Hit-content-wrapper">
            <Snippet className="DocSearch-Hit-title" hit={hit} attribute="content" />
            <Snippet className="DocSearch-Hit-path" hit={hit} attribute="hierarchy.lvl1" />
          </div>,
        )}
      </div>,
    );
    expect(container.querySelectorAll('img, a, style, script')).toHaveLength(0);
    expect(container.querySelector('.DocSearch-Hit-title mark')?.textContent).toBe('atom');
    expect(container.querySelector('.DocSearch-Hit-title')?.textContent).toBe(
      'Use atom <img src=x onerror="alert(1)"><a href="https://evil.example">here</a><style>*{}</style>',
    );
    expect(container.querySelector('.DocSearch-Hit-path')?.textContent).toBe('atom<T>');
  });

  it('through Hit, for hits from storage only (a search result keeps its highlighted HTML)', () => {
    const content = 'x <b>bold</b>';
    const hit = (fields: object) => ({ url: '/docs', type: 'content', content, hierarchy: { lvl1: 'A' }, ...fields }) as unknown as ComponentProps<typeof Hit>['hit'];
    const body = (h: ComponentProps<typeof Hit>['hit']) => <Snippet hit={h} attribute="content" />;
    const stored = render(<Hit hit={hit({})}>{body(hit({}))}</Hit>);
    expect(stored.container.querySelector('b')).toBeNull();
    stored.unmount();
    const searched = hit({ _highlightResult: {} });
    const result = render(<Hit hit={searched}>{body(searched)}</Hit>);
    expect(result.container.querySelector('b')?.textContent).toBe('bold');
  });
});

describe('reportingClient', () => {
  const args = { requests: [{ indexName: 'stan-docs', query: 'sel' }] };

  it('never rejects: a failed search answers no hits and reports the failure; a later success clears it', async () => {
    const outcomes: boolean[] = [];
    const search = jest.fn().mockRejectedValueOnce(new Error('The search worker failed.')).mockResolvedValue({ results: ['ok'] });
    const client = reportingClient({ search }, (failed) => outcomes.push(failed));
    await expect(client.search(args)).resolves.toEqual({ results: [expect.objectContaining({ hits: [], nbHits: 0, query: 'sel' })] });
    await expect(client.search(args)).resolves.toEqual({ results: ['ok'] });
    expect(outcomes).toEqual([true, false]);
  });

  it('reports only the latest search: an older one finishing late changes nothing', async () => {
    const outcomes: boolean[] = [];
    let failOld!: (error: Error) => void;
    const search = jest
      .fn()
      .mockImplementationOnce(() => new Promise((_, reject) => (failOld = reject)))
      .mockResolvedValue({ results: [] });
    const client = reportingClient({ search }, (failed) => outcomes.push(failed));
    const old = client.search(args);
    await client.search(args);
    failOld(new Error('late'));
    await old;
    expect(outcomes).toEqual([false]);
  });
});

describe('Hit', () => {
  const hit = { url: '/docs/api/react#usestanvalue' } as ComponentProps<typeof Hit>['hit'];
  const renderHit = () =>
    render(
      <ul role="listbox" aria-label="results">
        <li role="option" aria-selected="true">
          <Hit hit={hit}>
            <span>useStanValue</span> <span>React bindings</span>
          </Hit>
        </li>
      </ul>,
    );

  it('is the option’s content: no link, nothing focusable, the option named by the title and path', () => {
    renderHit();
    const option = screen.getByRole('option', { name: 'useStanValue React bindings' });
    expect(option.querySelector('a, button, [tabindex]')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('prefetches its page when the pointer comes over it, as a Gatsby Link would', () => {
    renderHit();
    fireEvent.mouseEnter(screen.getByText('useStanValue').parentElement!);
    expect(prefetchPathname).toHaveBeenCalledWith('/docs/api/react');
  });

  it('opens on a click, a modified click and a middle click; not on an Alt-click', () => {
    renderHit();
    const content = screen.getByText('useStanValue');
    fireEvent.click(content);
    expect(navigate).toHaveBeenCalledWith(hit.url, undefined);
    fireEvent.click(content, { ctrlKey: true });
    expect(open).toHaveBeenLastCalledWith(hit.url, '_blank', 'noopener');
    fireEvent.click(content, { shiftKey: true });
    expect(open).toHaveBeenLastCalledWith(hit.url, '_blank', 'popup');
    fireEvent(content, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(open).toHaveBeenCalledTimes(3);
    expect(open).toHaveBeenLastCalledWith(hit.url, '_blank', 'noopener');
    fireEvent(content, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    fireEvent.click(content, { altKey: true });
    expect(open).toHaveBeenCalledTimes(3);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('withoutNestedControls', () => {
  function Snippet({ text }: { text: string }) {
    return <span className="snippet">{text}</span>;
  }

  it('turns DocSearch’s action buttons into unfocusable mouse targets that keep their handlers', () => {
    const save = jest.fn();
    const remove = jest.fn();
    render(
      <div data-testid="hit">
        {withoutNestedControls(
          <div className="DocSearch-Hit-Container">
            <Snippet text="makeStore" />
            <>
              <div className="DocSearch-Hit-action">
                <button className="DocSearch-Hit-action-button" title={HIT_ACTION_TITLES.saveRecentSearchButtonTitle} type="submit" onClick={save}>
                  <svg />
                </button>
              </div>
              <div className="DocSearch-Hit-action">
                <button className="DocSearch-Hit-action-button" title={HIT_ACTION_TITLES.removeRecentSearchButtonTitle} type="submit" onClick={remove}>
                  <svg />
                </button>
              </div>
            </>
          </div>,
        )}
      </div>,
    );
    const hit = screen.getByTestId('hit');
    expect(hit.querySelector('button, [tabindex]')).toBeNull();
    expect(hit.querySelector('.snippet')).toHaveTextContent('makeStore');
    const [saveTarget, removeTarget] = Array.from(hit.querySelectorAll('.DocSearch-Hit-action-button'));
    expect(saveTarget).toHaveAttribute('data-hit-action', 'favorite');
    expect(saveTarget).toHaveAttribute('aria-hidden', 'true');
    expect(saveTarget).toHaveAttribute('title', 'Save this search');
    expect(removeTarget).toHaveAttribute('data-hit-action', 'remove');
    fireEvent.click(saveTarget!);
    fireEvent.click(removeTarget!);
    expect(save).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('leaves content without controls as it is', () => {
    const { container } = render(<>{withoutNestedControls(<div className="a"><svg><path d="M0 0" /></svg>text</div>)}</>);
    expect(container.innerHTML).toBe('<div class="a"><svg><path d="M0 0"></path></svg>text</div>');
  });
});

describe('hitActionShortcut', () => {
  it.each([
    [{ key: 'Delete' }, 'remove'],
    [{ key: 's', ctrlKey: true }, 'favorite'],
    [{ key: 's', metaKey: true }, 'favorite'],
    [{ key: 'S', ctrlKey: true }, 'favorite'],
    [{ key: 'Backspace' }, null],
    [{ key: 's' }, null],
    [{ key: 'Delete', shiftKey: true }, null],
    [{ key: 'Delete', ctrlKey: true }, null],
    [{ key: 's', ctrlKey: true, altKey: true }, null],
  ])('%o → %s', (init, action) => {
    expect(hitActionShortcut({ ...key, ...init })).toBe(action);
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
