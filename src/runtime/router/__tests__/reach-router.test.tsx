import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import {
  Location,
  LocationContext,
  LocationProvider,
  Router,
  createHistory,
  pick,
  readLocation,
  resolve,
  useLocation,
  type HistoryLocation,
} from '../reach-router';

// The package this module stands in for (the server render still uses it).
const real = jest.requireActual('gatsby/node_modules/@gatsbyjs/reach-router') as {
  Router: typeof Router;
  ServerLocation: (props: { url: string; children: React.ReactNode }) => React.ReactElement;
  pick: typeof pick;
  resolve: typeof resolve;
};

const at = (pathname: string, extra: Partial<HistoryLocation> = {}): HistoryLocation => ({
  pathname,
  search: '',
  hash: '',
  href: `http://localhost${pathname}`,
  origin: 'http://localhost',
  protocol: 'http:',
  host: 'localhost',
  hostname: 'localhost',
  port: '',
  state: null,
  key: 'initial',
  ...extra,
});

/** Runs queued microtasks and animation frames (the provider updates one frame after a history change). */
const flushFrame = () =>
  act(async () => {
    await Promise.resolve();
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('pick', () => {
  const routes = [
    { value: 'splat', path: '/docs/*' },
    { value: 'param', path: '/docs/:slug' },
    { value: 'static', path: '/docs/api' },
    { value: 'root', path: '/' },
  ];

  it('ranks static segments above params above splats, whatever the order given', () => {
    expect(pick(routes, '/docs/api')?.route.value).toBe('static');
    expect(pick(routes, '/docs/atom')).toEqual({ route: routes[1], params: { slug: 'atom' }, uri: '/docs/atom' });
    expect(pick(routes, '/docs/api/atom')).toEqual({ route: routes[0], params: { '*': 'api/atom' }, uri: '/docs' });
    expect(pick(routes, '/')?.route.value).toBe('root');
  });

  it('ignores the query string and trailing slashes, decodes params and falls back to the default route', () => {
    expect(pick(routes, '/docs/api/?q=1')?.route.value).toBe('static');
    expect(pick([{ value: 'p', path: '/u/:name' }], '/u/J%C3%BCrgen')?.params).toEqual({ name: 'Jürgen' });
    expect(pick([{ value: 'x', path: '/a' }], '/b')).toBeNull();
    expect(pick([{ value: 'x', path: '/a' }, { value: 'fallback', default: true }], '/b')?.route.value).toBe('fallback');
  });

  it('agrees with reach-router on a table of routes and paths', () => {
    const table = [...routes, { value: 'named', path: '/files/*rest' }, { value: 'deep', path: '/a/:b/c' }];
    for (const uri of ['/', '/docs', '/docs/api', '/docs/x', '/docs/x/y/z', '/files/a/b', '/a/1/c', '/a/1/d', '/nothing']) {
      expect(pick(table, uri)).toEqual(real.pick(table, uri));
    }
  });
});

describe('resolve', () => {
  it('treats every base as a directory, like reach-router', () => {
    const cases: [string, string][] = [
      ['/abs', '/a/b'],
      ['b', '/a'],
      ['b', '/'],
      ['../c', '/a/b'],
      ['./', '/a/b'],
      ['../../one', '/a/b/c/d'],
      ['?q=1', '/a?x=2'],
      ['c?q=1', '/a'],
    ];
    for (const [to, base] of cases) expect(resolve(to, base)).toBe(real.resolve(to, base));
    expect(resolve('b', '/a')).toBe('/a/b');
  });
});

describe('createHistory', () => {
  it('pushes an entry with a fresh key, tells listeners, and resolves once the transition completes', async () => {
    const history = createHistory(window);
    const listener = jest.fn();
    history.listen(listener);
    let done = false;
    const transition = history.navigate('/docs?x=1#h', { state: { from: 'test' } }).then(() => (done = true));
    expect(window.location.pathname).toBe('/docs');
    expect(window.history.state).toEqual({ from: 'test', key: expect.stringMatching(/^\d+$/) });
    expect(history.location).toMatchObject({ pathname: '/docs', search: '?x=1', hash: '#h', key: window.history.state.key });
    expect(listener).toHaveBeenCalledWith({ location: history.location, action: 'PUSH' });
    expect(history.transitioning).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    history._onTransitionComplete();
    await transition;
    expect(history.transitioning).toBe(false);
  });

  it('replaces the entry when asked to, and while a transition is still rendering', () => {
    const history = createHistory(window);
    const length = window.history.length;
    void history.navigate('/a', { replace: true });
    expect(window.history.length).toBe(length);
    history._onTransitionComplete();
    void history.navigate('/b');
    expect(window.history.length).toBe(length + 1);
    void history.navigate('/c');
    expect(window.history.length).toBe(length + 1);
    expect(window.location.pathname).toBe('/c');
  });

  it('reports back/forward as POP with the entry now shown, until the listener unsubscribes', () => {
    const history = createHistory(window);
    const listener = jest.fn();
    const unlisten = history.listen(listener);
    window.history.pushState({ key: '42' }, '', '/later');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenLastCalledWith({ location: expect.objectContaining({ pathname: '/later', key: '42' }), action: 'POP' });
    unlisten();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('moves through the session history for a number', async () => {
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => {});
    await createHistory(window).navigate(-2);
    expect(go).toHaveBeenCalledWith(-2);
    go.mockRestore();
  });

  it('falls back to a full page load when the browser refuses another history entry', () => {
    const assign = jest.fn();
    const replace = jest.fn();
    const fake = {
      location: { pathname: '/', search: '', hash: '', href: 'http://x/', assign, replace },
      history: {
        state: null,
        pushState: () => {
          throw new Error('SecurityError: too many calls');
        },
        replaceState: () => {
          throw new Error('SecurityError: too many calls');
        },
      },
      addEventListener() {},
    } as unknown as Window;
    const history = createHistory(fake);
    void history.navigate('/next');
    expect(assign).toHaveBeenCalledWith('/next');
    history._onTransitionComplete();
    void history.navigate('/other', { replace: true });
    expect(replace).toHaveBeenCalledWith('/other');
  });

  it('keeps a path with a malformed escape as the browser gave it instead of throwing', () => {
    const fake = { location: { pathname: '/a%E0%A4%A', search: '', hash: '' }, history: { state: null } } as unknown as Window;
    expect(readLocation(fake)).toMatchObject({ pathname: '/a%E0%A4%A', key: 'initial' });
    const fine = { location: { pathname: '/caf\u00e9', search: '', hash: '' }, history: { state: { key: '7' } } } as unknown as Window;
    expect(readLocation(fine)).toMatchObject({ pathname: '/caf%C3%A9', key: '7' });
  });
});

describe('LocationProvider, Location and useLocation', () => {
  function Where() {
    const { pathname, key } = useLocation();
    return <p>{`${pathname} ${key}`}</p>;
  }

  it('renders the new location one frame after a navigation, then completes the transition', async () => {
    const history = createHistory(window);
    render(
      <LocationProvider history={history}>
        <Where />
      </LocationProvider>,
    );
    expect(screen.getByText('/ initial')).toBeInTheDocument();
    let done = false;
    let transition!: Promise<void>;
    act(() => {
      transition = history.navigate('/docs').then(() => {
        done = true;
      });
    });
    expect(screen.getByText('/ initial')).toBeInTheDocument();
    await flushFrame();
    expect(screen.getByText(`/docs ${window.history.state.key}`)).toBeInTheDocument();
    await transition;
    expect(done).toBe(true);
  });

  it('gives <Location> a provider of its own when none is above it, and useLocation a clear error', () => {
    render(<Location>{({ location }) => <p>{`at ${location.pathname}`}</p>}</Location>);
    expect(screen.getByText('at /')).toBeInTheDocument();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow(/LocationProvider/);
    jest.mocked(console.error).mockRestore();
  });
});

describe('Router', () => {
  function Page({ uri, location, name }: { uri?: string; location?: HistoryLocation; name?: string; path?: string }) {
    return (
      <p>
        {name} {uri} {location?.hash}
        <button type="button">inside</button>
      </p>
    );
  }

  const tree = (location: HistoryLocation, path: string) => (
    <LocationContext.Provider value={{ location }}>
      <Router basepath="" location={location} id="gatsby-focus-wrapper">
        <Page path={path} name="page" />
      </Router>
    </LocationContext.Provider>
  );

  it('renders the server markup of reach-router, so hydration matches', () => {
    for (const [url, path] of [
      ['/docs/api/atom', '/docs/api/atom'],
      ['/', '/'],
    ] as const) {
      const mine = renderToString(
        <LocationContext.Provider value={{ location: at(url) }}>
          <Router basepath="" location={at(url)} id="gatsby-focus-wrapper">
            <Page path={path} name="page" />
          </Router>
        </LocationContext.Provider>,
      );
      const theirs = renderToString(
        <real.ServerLocation url={url}>
          <real.Router basepath="" location={{ pathname: url, search: '', hash: '' } as HistoryLocation} id="gatsby-focus-wrapper">
            <Page path={path} name="page" />
          </real.Router>
        </real.ServerLocation>,
      );
      expect(mine).toBe(theirs);
      expect(mine).toContain('id="gatsby-focus-wrapper"');
    }
  });

  it('passes the matched uri and the location to the route, and renders nothing when no route matches', () => {
    const { container, rerender } = render(tree(at('/docs/atom'), '/docs/atom'));
    expect(screen.getByText(/page \/docs\/atom/)).toBeInTheDocument();
    rerender(tree(at('/elsewhere'), '/docs/atom'));
    expect(container).toBeEmptyDOMElement();
  });

  it('moves focus to the page after a navigation to another route, not on first render nor for a new hash', () => {
    const view = render(tree(at('/docs/a'), '/docs/a'));
    const wrapper = document.getElementById('gatsby-focus-wrapper')!;
    expect(wrapper).toHaveAttribute('tabindex', '-1');
    expect(wrapper).toHaveStyle({ outline: 'none' });
    expect(document.activeElement).toBe(document.body);

    view.rerender(tree(at('/docs/a', { hash: '#part' }), '/docs/a'));
    expect(document.activeElement).toBe(document.body);

    view.rerender(tree(at('/docs/b'), '/docs/b'));
    expect(document.getElementById('gatsby-focus-wrapper')).toBe(wrapper);
    expect(document.activeElement).toBe(wrapper);
  });
});
