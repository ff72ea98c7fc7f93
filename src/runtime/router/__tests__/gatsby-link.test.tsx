import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { LocationContext, type HistoryLocation } from '../reach-router';
import { Link, navigate, parsePath, rewriteLinkPath, withAssetPrefix, withPrefix } from '../gatsby-link';

// The packages these modules stand in for (the server render still uses them).
const realRouter = jest.requireActual('gatsby/node_modules/@gatsbyjs/reach-router') as {
  ServerLocation: (props: { url: string; children: React.ReactNode }) => React.ReactElement;
};
const realLink = jest.requireActual('gatsby/node_modules/gatsby-link') as {
  Link: typeof Link;
  parsePath: typeof parsePath;
  withPrefix: typeof withPrefix;
};

type GatsbyWindow = Window & {
  ___navigate?: jest.Mock;
  ___loader?: { enqueue: jest.Mock; hovering: jest.Mock };
};
const win = window as GatsbyWindow;

const at = (pathname: string) => ({ pathname, search: '', hash: '', key: 'initial', state: null }) as HistoryLocation;

const renderAt = (pathname: string, ui: React.ReactNode) =>
  render(<LocationContext.Provider value={{ location: at(pathname) }}>{ui}</LocationContext.Provider>);

// One observer for every link; the test drives it.
let observed: { callback: IntersectionObserverCallback; targets: Set<Element> } | undefined;
beforeAll(() => {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    constructor(callback: IntersectionObserverCallback) {
      observed = { callback, targets: new Set() };
    }
    observe(el: Element) {
      observed!.targets.add(el);
    }
    unobserve(el: Element) {
      observed!.targets.delete(el);
    }
    disconnect() {}
  };
});
const intersect = (el: Element, visible: boolean) =>
  observed!.callback([{ target: el, isIntersecting: visible, intersectionRatio: visible ? 1 : 0 } as IntersectionObserverEntry], {} as IntersectionObserver);

beforeEach(() => {
  win.___navigate = jest.fn();
  win.___loader = { enqueue: jest.fn(() => ({ abort: jest.fn() })), hovering: jest.fn() };
});

describe('paths', () => {
  it('parses, prefixes and rewrites paths as gatsby-link does', () => {
    for (const path of ['/a?b#c', '/a?#', '/a#c?d', '', '/']) expect(parsePath(path)).toEqual(realLink.parsePath(path));
    for (const path of ['/docs', 'docs', './x', 'https://example.com/', 'mailto:a@b.c']) {
      expect(withPrefix(path)).toBe(realLink.withPrefix(path));
    }
    expect(withPrefix('/docs', '/stan/')).toBe('/stan/docs');
    expect(withAssetPrefix('/logo.svg')).toBe('/logo.svg');
  });

  it("applies the site's trailing-slash rule ('never') and resolves relative links against the page", () => {
    expect(rewriteLinkPath('/docs/api/?x=1#y', '/')).toBe('/docs/api?x=1#y');
    expect(rewriteLinkPath('/search.json', '/')).toBe('/search.json');
    expect(rewriteLinkPath('atom', '/docs/api')).toBe('/docs/api/atom');
    expect(rewriteLinkPath('../guides/', '/docs/api')).toBe('/docs/guides');
    expect(rewriteLinkPath('https://github.com/x/', '/')).toBe('https://github.com/x/');
  });
});

describe('<Link>', () => {
  it('renders the same markup as gatsby-link on the server (current, partially current and other links)', () => {
    // The same links, rendered with either component.
    const links = (L: typeof Link) => (
      <>
        <L to="/docs/api/atom/" className="link" activeClassName="active">
          atom
        </L>
        <L to="/docs" className="link" activeClassName="active" activeStyle={{ color: 'red' }} partiallyActive>
          docs
        </L>
        <L to="/docs/api/selector" className="link" activeClassName="active" aria-label="selector">
          selector
        </L>
        <L to="https://example.com/x" className="link">
          out
        </L>
      </>
    );
    const mine = renderToString(
      <LocationContext.Provider value={{ location: at('/docs/api/atom') }}>{links(Link)}</LocationContext.Provider>,
    );
    // gatsby-link warns about the external link in development builds.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const theirs = renderToString(<realRouter.ServerLocation url="/docs/api/atom">{links(realLink.Link)}</realRouter.ServerLocation>);
    warn.mockRestore();
    expect(mine).toBe(theirs);
    expect(mine).toContain('aria-current="page"');
  });

  it('navigates on the client for a plain left click, replacing the entry when the link is the current page', () => {
    renderAt(
      '/docs/a',
      <>
        <Link to="/docs/b/" state={{ from: 'sidebar' }}>
          b
        </Link>
        <Link to="/docs/a">a</Link>
      </>,
    );
    const b = screen.getByRole('link', { name: 'b' });
    expect(fireEvent.click(b)).toBe(false);
    expect(win.___navigate).toHaveBeenLastCalledWith('/docs/b', { state: { from: 'sidebar' }, replace: false });
    fireEvent.click(screen.getByRole('link', { name: 'a' }));
    expect(win.___navigate).toHaveBeenLastCalledWith('/docs/a', { state: undefined, replace: true });
  });

  it('leaves modified clicks, other buttons, other targets and handled clicks to the browser', () => {
    const onClick = jest.fn((e: React.MouseEvent) => e.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/docs">docs</Link>
        <Link to="/docs" target="_blank">
          new tab
        </Link>
        <Link to="/docs" onClick={onClick}>
          handled
        </Link>
      </>,
    );
    const docs = screen.getByRole('link', { name: 'docs' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(docs, init)).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'new tab' }))).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'handled' }));
    expect(onClick).toHaveBeenCalled();
    expect(win.___navigate).not.toHaveBeenCalled();
  });

  it('loads the route on hover and queues it for prefetch while in view (never the page being shown)', () => {
    const onMouseEnter = jest.fn();
    renderAt(
      '/',
      <>
        <Link to="/docs/x?tab=1#part" onMouseEnter={onMouseEnter}>
          x
        </Link>
        <Link to="/">home</Link>
      </>,
    );
    const x = screen.getByRole('link', { name: 'x' });
    fireEvent.mouseEnter(x);
    expect(onMouseEnter).toHaveBeenCalled();
    expect(win.___loader!.hovering).toHaveBeenCalledWith('/docs/x?tab=1');

    expect(observed!.targets.size).toBe(2);
    intersect(x, true);
    expect(win.___loader!.enqueue).toHaveBeenCalledWith('/docs/x?tab=1');
    const handle = win.___loader!.enqueue.mock.results[0]!.value as { abort: jest.Mock };
    intersect(x, false);
    expect(handle.abort).toHaveBeenCalled();
    intersect(screen.getByRole('link', { name: 'home' }), true);
    expect(win.___loader!.enqueue).toHaveBeenCalledTimes(1);
  });

  it('stops watching a link once it unmounts, and forwards refs', () => {
    const ref = createRef<HTMLAnchorElement>();
    const innerRef = jest.fn();
    const view = renderAt(
      '/',
      <Link to="/docs" ref={ref} innerRef={innerRef}>
        docs
      </Link>,
    );
    expect(ref.current).toBe(screen.getByRole('link'));
    expect(innerRef).toHaveBeenCalledWith(ref.current);
    view.unmount();
    expect(observed!.targets.size).toBe(0);
  });

  it('renders other sites as plain links', () => {
    renderAt('/', <Link to="https://github.com/rkrupinski/stan">source</Link>);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://github.com/rkrupinski/stan');
    expect(fireEvent.click(link)).toBe(true);
    expect(win.___navigate).not.toHaveBeenCalled();
  });
});

describe('navigate()', () => {
  it("rewrites the path with the site's rules before Gatsby navigates", () => {
    navigate('/docs/api/', { replace: true });
    expect(win.___navigate).toHaveBeenCalledWith('/docs/api', { replace: true });
  });

  it('moves through the session history for a number', () => {
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => {});
    navigate(-1);
    expect(go).toHaveBeenCalledWith(-1);
    go.mockRestore();
  });
});
