import { fireEvent, render } from '@testing-library/react';
import { LocationContext, type HistoryLocation } from '../reach-router';
import { ScrollContext, scrollStorage, useScrollRestoration } from '../scroll-handler';

const at = (pathname: string, extra: Partial<HistoryLocation> = {}) =>
  ({ pathname, search: '', hash: '', key: 'initial', state: null, ...extra }) as HistoryLocation;

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  window.sessionStorage.clear();
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

describe('scrollStorage', () => {
  it("keeps positions in sessionStorage under gatsby-react-router-scroll's keys", () => {
    scrollStorage.save(at('/docs'), 'k1', 640);
    expect(window.sessionStorage.getItem('@@scroll|/docs|k1')).toBe('640');
    expect(scrollStorage.read(at('/docs'), 'k1')).toBe(640);
    expect(scrollStorage.read(at('/docs'), 'other')).toBe(0);
    scrollStorage.save(at('/x'), null, 5);
    expect(window.sessionStorage.getItem('@@scroll|/x')).toBe('5');
  });

  it('reads a corrupt or foreign value as the top of the page', () => {
    window.sessionStorage.setItem('@@scroll|/docs|k', '{not json');
    expect(scrollStorage.read(at('/docs'), 'k')).toBe(0);
    window.sessionStorage.setItem('@@scroll|/docs|k', '"far"');
    expect(scrollStorage.read(at('/docs'), 'k')).toBe(0);
  });

  it('falls back to memory when sessionStorage refuses (blocked storage, quota)', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    scrollStorage.save(at('/docs'), 'k', 300);
    expect(scrollStorage.read(at('/docs'), 'k')).toBe(300);
  });
});

describe('ScrollContext', () => {
  it('saves the position of the entry being shown once per frame while the window scrolls', async () => {
    render(<ScrollContext location={at('/docs', { key: 'k9' })}>page</ScrollContext>);
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    Object.defineProperty(window, 'scrollY', { value: 480, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(window.sessionStorage.getItem('@@scroll|/docs|k9')).toBeNull();
    await new Promise((r) => requestAnimationFrame(r));
    expect(window.sessionStorage.getItem('@@scroll|/docs|k9')).toBe('480');
  });

  it('on first render scrolls to the hash target, else to a saved position, if the rule allows', () => {
    const target = document.createElement('h2');
    target.id = 'état';
    document.body.append(target);
    const allow = jest.fn(() => true);
    render(<ScrollContext location={at('/docs', { hash: '#%C3%A9tat' })} shouldUpdateScroll={allow} />);
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(allow).toHaveBeenCalledWith(undefined, { location: expect.objectContaining({ hash: '#%C3%A9tat' }) });
    target.remove();

    scrollStorage.save(at('/docs'), 'k2', 900);
    render(<ScrollContext location={at('/docs', { key: 'k2' })} shouldUpdateScroll={allow} />);
    expect(scrollTo).toHaveBeenCalledWith(0, 900);

    scrollTo.mockClear();
    render(<ScrollContext location={at('/fresh', { key: 'k3' })} shouldUpdateScroll={allow} />);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("after a location change asks the rule (with Gatsby's `this._stateStorage`) and scrolls only when it agrees", () => {
    let seen: unknown;
    const rule = jest.fn(function (this: { _stateStorage: typeof scrollStorage }) {
      seen = this._stateStorage;
      return true;
    });
    const first = at('/docs/a');
    const view = render(<ScrollContext location={first} shouldUpdateScroll={rule} />);
    expect(scrollTo).not.toHaveBeenCalled();

    scrollStorage.save(at('/docs/b'), 'kb', 250);
    const second = at('/docs/b', { key: 'kb' });
    view.rerender(<ScrollContext location={second} shouldUpdateScroll={rule} />);
    expect(rule).toHaveBeenLastCalledWith({ location: first }, { location: second });
    expect(seen).toBe(scrollStorage);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 250);

    scrollTo.mockClear();
    rule.mockReturnValue(false);
    view.rerender(<ScrollContext location={at('/docs/c')} shouldUpdateScroll={rule} />);
    expect(scrollTo).not.toHaveBeenCalled();

    // An unchanged location (a re-render for other reasons) does not ask again.
    const calls = rule.mock.calls.length;
    const same = at('/docs/c');
    view.rerender(<ScrollContext location={same} shouldUpdateScroll={rule} />);
    view.rerender(<ScrollContext location={same} shouldUpdateScroll={rule} />);
    expect(rule.mock.calls.length).toBe(calls + 1);
  });
});

describe('useScrollRestoration', () => {
  function Sidebar() {
    const { ref, onScroll } = useScrollRestoration('sidebar');
    return <nav ref={ref as React.Ref<HTMLElement>} onScroll={onScroll} />;
  }

  it('restores and saves the position of one scrolling element per history entry', () => {
    const elementScrollTo = jest.fn();
    Element.prototype.scrollTo = elementScrollTo as typeof Element.prototype.scrollTo;
    const location = at('/docs', { key: 'k5' });
    scrollStorage.save(location, 'sidebar', 120);
    const { container } = render(
      <LocationContext.Provider value={{ location }}>
        <Sidebar />
      </LocationContext.Provider>,
    );
    expect(elementScrollTo).toHaveBeenCalledWith(0, 120);
    const nav = container.querySelector('nav')!;
    Object.defineProperty(nav, 'scrollTop', { value: 330 });
    fireEvent.scroll(nav);
    expect(scrollStorage.read(location, 'sidebar')).toBe(330);
  });
});
