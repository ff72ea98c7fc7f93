/**
 * The part of `@gatsbyjs/reach-router` that Gatsby's browser runtime uses, aliased in its place for the browser
 * build only (see slimGatsbyRuntime in src/node/webpack-chunks.ts; the server render keeps the real package, so
 * the markup here must match it). Gatsby's runtime imports `globalHistory`, `navigate`, `Location`,
 * `LocationProvider`, `Router`, `BaseContext` and `pick`; this site's links come from ./gatsby-link.
 *
 * What is left out: nested routers, `<Redirect>`, `Match`, `useParams`/`useMatch` and the memory history, none
 * of which a static Gatsby site runs. What is kept, with the same timing: the history object and its
 * transition promise, the provider's update one animation frame after a history change, and the focus wrapper,
 * which moves focus to the page after a navigation to another route (so a screen reader starts there).
 */
import {
  Children,
  cloneElement,
  createContext,
  createElement,
  isValidElement,
  useContext,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ElementType,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface HistoryLocation {
  pathname: string;
  search: string;
  hash: string;
  href: string;
  origin: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  state: { key?: string; [field: string]: unknown } | null;
  /** The history entry's key: "initial" for entries the router did not create (first load, in-page anchors). */
  key: string;
  /** Set by Gatsby's navigation listener: "PUSH" or "POP". */
  action?: string;
}

export interface HistoryListener {
  (update: { location: HistoryLocation; action: 'PUSH' | 'POP' }): void;
}

export interface NavigateOptions {
  state?: Record<string, unknown> | null;
  replace?: boolean;
}

/** A path that `decodeURI` rejects (a stray `%`) is kept as the browser gave it rather than crashing the app. */
function normalizePathname(pathname: string): string {
  try {
    return encodeURI(decodeURI(pathname));
  } catch {
    return pathname;
  }
}

export function readLocation(win: Window): HistoryLocation {
  const { pathname, search, hash, href, origin, protocol, host, hostname, port } = win.location;
  const state = win.history.state as HistoryLocation['state'];
  return {
    pathname: normalizePathname(pathname),
    search,
    hash,
    href,
    origin,
    protocol,
    host,
    hostname,
    port,
    state,
    key: state?.key || 'initial',
  };
}

export type History = ReturnType<typeof createHistory>;

export function createHistory(win: Window) {
  let listeners: HistoryListener[] = [];
  let location = readLocation(win);
  let transitioning = false;
  let resolveTransition = () => {};

  return {
    get location() {
      return location;
    },
    get transitioning() {
      return transitioning;
    },
    /** Called by LocationProvider once it rendered the new location. */
    _onTransitionComplete() {
      transitioning = false;
      resolveTransition();
    },
    listen(listener: HistoryListener) {
      listeners.push(listener);
      const onPopState = () => {
        location = readLocation(win);
        listener({ location, action: 'POP' });
      };
      win.addEventListener('popstate', onPopState);
      return () => {
        win.removeEventListener('popstate', onPopState);
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    /** Resolves once the new location has rendered. A number moves through the session history (a popstate follows). */
    navigate(to: string | number, { state, replace = false }: NavigateOptions = {}): Promise<void> {
      if (typeof to === 'number') {
        win.history.go(to);
        return Promise.resolve();
      }
      const entry = { ...state, key: `${Date.now()}` };
      try {
        // A navigation during a transition replaces the entry the transition made.
        if (transitioning || replace) win.history.replaceState(entry, '', to);
        else win.history.pushState(entry, '', to);
      } catch {
        // Browsers cap pushState calls (Safari: 100 per 30 s): fall back to a full load.
        win.location[replace ? 'replace' : 'assign'](to);
      }
      location = readLocation(win);
      transitioning = true;
      const transition = new Promise<void>((resolve) => (resolveTransition = resolve));
      listeners.forEach((listener) => listener({ location, action: 'PUSH' }));
      return transition;
    },
  };
}

export const globalHistory = createHistory(window);
export const navigate = globalHistory.navigate;

export interface LocationContextValue {
  location: HistoryLocation;
}

export const LocationContext = createContext<LocationContextValue | null>(null);
/** Gatsby's route handler provides it; nothing in this router reads it. */
export const BaseContext = createContext({ baseuri: '/', basepath: '/' });

type LocationChildren = ReactNode | ((context: LocationContextValue) => ReactNode);

/** Renders the history's location and re-renders one animation frame after it changes (as reach-router does). */
export function LocationProvider({ history = globalHistory, children }: { history?: History; children?: LocationChildren }) {
  const [context, setContext] = useState<LocationContextValue>(() => ({ location: history.location }));

  useEffect(() => {
    history._onTransitionComplete();
  }, [history, context.location]);

  useEffect(() => {
    let cancelled = false;
    const unlisten = history.listen(({ location }) => {
      void Promise.resolve().then(() =>
        requestAnimationFrame(() => {
          if (!cancelled) setContext({ location });
        }),
      );
    });
    return () => {
      cancelled = true;
      unlisten();
    };
  }, [history]);

  return (
    <LocationContext.Provider value={context}>
      {typeof children === 'function' ? children(context) : (children ?? null)}
    </LocationContext.Provider>
  );
}

/** Render prop over the current location; provides one when no provider is above. */
export function Location({ children }: { children: (context: LocationContextValue) => ReactNode }) {
  const context = useContext(LocationContext);
  return context ? children(context) : <LocationProvider>{children}</LocationProvider>;
}

export function useLocation(): HistoryLocation {
  const context = useContext(LocationContext);
  if (!context) throw new Error('useLocation() needs a LocationProvider above it (Gatsby renders one around every page).');
  return context.location;
}

// ---- Matching -------------------------------------------------------------------------------------------

export interface Route<V = unknown> {
  value: V;
  path?: string;
  default?: boolean;
}

export interface RouteMatch<V = unknown> {
  route: Route<V>;
  params: Record<string, string>;
  /** The part of the path the route matched. */
  uri: string;
}

const segmentize = (uri: string) => uri.replace(/(^\/+|\/+$)/g, '').split('/');
const paramRe = /^:(.+)/;
const isSplat = (segment: string | undefined) => segment?.[0] === '*';

/** Static segments outrank `:params`, which outrank splats; ties keep the given order. */
function rankRoute(route: Route): number {
  if (route.default) return 0;
  return segmentize(route.path ?? '').reduce((score, segment) => {
    if (segment === '') return score + 5;
    if (paramRe.test(segment)) return score + 6;
    if (isSplat(segment)) return score - 1;
    return score + 7;
  }, 0);
}

/** The best route for `uri` (its query string ignored), else the `default` route, else null. */
export function pick<V>(routes: Route<V>[], uri: string): RouteMatch<V> | null {
  const uriSegments = segmentize(uri.split('?')[0] ?? '');
  const isRootUri = uriSegments[0] === '';
  const ranked = routes
    .map((route, index) => ({ route, index, score: rankRoute(route) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  let fallback: RouteMatch<V> | null = null;

  for (const { route } of ranked) {
    if (route.default) {
      fallback = { route, params: {}, uri };
      continue;
    }
    const routeSegments = segmentize(route.path ?? '');
    const params: Record<string, string> = {};
    const max = Math.max(uriSegments.length, routeSegments.length);
    let index = 0;
    let missed = false;
    for (; index < max; index++) {
      const routeSegment = routeSegments[index];
      const uriSegment = uriSegments[index];
      if (isSplat(routeSegment)) {
        params[routeSegment!.slice(1) || '*'] = uriSegments.slice(index).map(decodeURIComponent).join('/');
        break;
      }
      if (uriSegment === undefined) {
        missed = true;
        break;
      }
      const dynamic = paramRe.exec(routeSegment ?? '');
      if (dynamic && !isRootUri) params[dynamic[1]!] = decodeURIComponent(uriSegment);
      else if (routeSegment !== uriSegment) {
        missed = true;
        break;
      }
    }
    if (!missed) return { route, params, uri: `/${uriSegments.slice(0, index).join('/')}` };
  }
  return fallback;
}

/**
 * Resolves `to` against `base` as if every path were a directory (reach-router's rule):
 * `resolve('b', '/a')` is `/a/b`, `resolve('../c', '/a/b')` is `/a/c`, `resolve('?q=1', '/a')` is `/a?q=1`.
 */
export function resolve(to: string, base: string): string {
  if (to.startsWith('/')) return to;
  const [toPathname = '', toQuery] = to.split('?');
  const [basePathname = ''] = base.split('?');
  const withQuery = (pathname: string) => (toQuery ? `${pathname}?${toQuery}` : pathname);
  const toSegments = segmentize(toPathname);
  const baseSegments = segmentize(basePathname);
  if (toSegments[0] === '') return withQuery(basePathname);
  if (!toSegments[0]!.startsWith('.')) {
    return withQuery((basePathname === '/' ? '' : '/') + [...baseSegments, ...toSegments].join('/'));
  }
  const segments: string[] = [];
  for (const segment of [...baseSegments, ...toSegments]) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return withQuery(`/${segments.join('/')}`);
}

// ---- Router ---------------------------------------------------------------------------------------------

const stripSlashes = (path: string) => path.replace(/(^\/+|\/+$)/g, '');

interface RouterProps {
  children?: ReactNode;
  location?: HistoryLocation;
  basepath?: string;
  /** Whether this router moves focus to its content after a navigation (default true). */
  primary?: boolean;
  component?: ElementType;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * Renders the child whose `path` (or `default`) matches the location, with `uri`, `location` and the path's
 * params as extra props, inside a focusable wrapper (Gatsby's `#gatsby-focus-wrapper`).
 */
export function Router({ children, location: locationProp, basepath = '/', primary = true, component = 'div', ...domProps }: RouterProps) {
  const context = useContext(LocationContext);
  const location = locationProp ?? context?.location ?? globalHistory.location;
  const routes: Route<ReactElement<{ path?: string; default?: boolean }>>[] = [];
  for (const child of Children.toArray(children)) {
    if (!isValidElement<{ path?: string; default?: boolean }>(child)) continue;
    const { path, default: isDefault } = child.props;
    if (isDefault) routes.push({ value: child, default: true });
    else if (path) routes.push({ value: child, path: path === '/' ? basepath : `${stripSlashes(basepath)}/${stripSlashes(path)}` });
  }
  const match = pick(routes, location.pathname);
  if (!match) return null;
  const element = cloneElement(match.route.value, { ...match.params, uri: match.uri, location } as object);
  return primary ? (
    <FocusWrapper {...domProps} component={component} uri={match.uri} location={location}>
      {element}
    </FocusWrapper>
  ) : (
    createElement(component, domProps, element)
  );
}

interface FocusWrapperProps extends Omit<RouterProps, 'location' | 'primary' | 'basepath'> {
  component: ElementType;
  uri: string;
  location: HistoryLocation;
}

/** Focuses itself when the matched route changes (not on the first render), so keyboard and screen reader users start on the new page. */
function FocusWrapper({ children, style, component: Component, uri, location, ...domProps }: FocusWrapperProps) {
  const ref = useRef<HTMLElement>(null);
  const last = useRef({ uri, pathname: location.pathname });

  useEffect(() => {
    const previous = last.current;
    last.current = { uri, pathname: location.pathname };
    const navigatedUpToMe = location.pathname !== previous.pathname && location.pathname === uri;
    if (uri !== previous.uri || navigatedUpToMe) ref.current?.focus();
  }, [uri, location]);

  return (
    <Component style={{ outline: 'none', ...style }} tabIndex={-1} ref={ref} {...domProps}>
      {children}
    </Component>
  );
}
