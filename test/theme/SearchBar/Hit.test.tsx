jest.mock('gatsby', () => ({ ...jest.requireActual('gatsby'), navigate: jest.fn(), prefetchPathname: jest.fn() }));

import { fireEvent, render, screen } from '@testing-library/react';
import { navigate, prefetchPathname } from 'gatsby';
import type { ComponentProps } from 'react';
import { HIT_ACTION_TITLES } from '@src/theme/SearchBar/hit-actions';
import { Hit, hitClickTarget, openHit, storedHitAsText, withoutNestedControls } from '@src/theme/SearchBar/Hit';

const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

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
    [{ defaultPrevented: true }, null],
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
