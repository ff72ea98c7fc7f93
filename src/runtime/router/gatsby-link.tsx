/**
 * `gatsby-link` (Gatsby's `<Link>`, `navigate`, `withPrefix`, `parsePath`), aliased in its place for the browser
 * build with ./reach-router (see slimGatsbyRuntime in src/node/webpack-chunks.ts). Same props, same markup as
 * the server render (`href`, `aria-current="page"`, the active class and style) and the same behaviour: a plain
 * left click navigates on the client, hovering loads the route, and a link scrolled into view queues the route
 * for prefetching (Gatsby's loader skips that on slow or data-saver connections). One IntersectionObserver
 * serves every link instead of one per link.
 */
import { useContext, useEffect, useRef, type AnchorHTMLAttributes, type CSSProperties, type Ref } from 'react';
import { applyTrailingSlashOption } from 'gatsby-page-utils/apply-trailing-slash-option';
import { LocationContext, globalHistory, resolve, type HistoryLocation, type NavigateOptions } from './reach-router';

declare const __BASE_PATH__: string | undefined;
declare const __PATH_PREFIX__: string | undefined;
declare const __TRAILING_SLASH__: string | undefined;

interface PrefetchHandle {
  abort?: () => void;
}

/** The globals Gatsby's runtime defines (production-app.js, navigation.js). */
interface GatsbyWindow {
  ___navigate?: (to: string, options?: NavigateOptions) => void;
  ___loader?: { enqueue(path: string): PrefetchHandle | undefined; hovering(path: string): void };
}
const gatsbyWindow = () => window as Window & GatsbyWindow;

/** `/a?b#c` → `{ pathname: '/a', search: '?b', hash: '#c' }` (a bare `?` or `#` counts as empty). */
export function parsePath(path?: string): { pathname: string; search: string; hash: string } {
  let pathname = path || '/';
  let search = '';
  let hash = '';
  const hashAt = pathname.indexOf('#');
  if (hashAt !== -1) {
    hash = pathname.slice(hashAt);
    pathname = pathname.slice(0, hashAt);
  }
  const searchAt = pathname.indexOf('?');
  if (searchAt !== -1) {
    search = pathname.slice(searchAt);
    pathname = pathname.slice(0, searchAt);
  }
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

/** A link without a URL scheme (`https:`, `mailto:`…) is this site's. */
const isLocalLink = (path: unknown): path is string => typeof path === 'string' && !/^[a-zA-Z][a-zA-Z\d+\-.]*?:/.test(path);

/** Prepends the site's path prefix to a local absolute path; relative paths and URLs are returned as they are. */
export function withPrefix(path: string, prefix: string | undefined = __BASE_PATH__): string {
  if (!isLocalLink(path) || path.startsWith('./') || path.startsWith('../')) return path;
  const base = prefix ?? __PATH_PREFIX__ ?? '/';
  return `${base.endsWith('/') ? base.slice(0, -1) : base}${path.startsWith('/') ? path : `/${path}`}`;
}

export const withAssetPrefix = (path: string) => withPrefix(path, __PATH_PREFIX__);

function applyTrailingSlash(path: string): string {
  const option = typeof __TRAILING_SLASH__ !== 'undefined' ? __TRAILING_SLASH__ : undefined;
  if (option !== 'always' && option !== 'never') return path;
  const { pathname, search, hash } = parsePath(path);
  return `${applyTrailingSlashOption(pathname, option)}${search}${hash}`;
}

/** Where a link to `to` goes from `relativeTo`: prefixed, resolved and with the site's trailing-slash rule. */
export function rewriteLinkPath<T>(to: T, relativeTo: string): T | string {
  if (!isLocalLink(to)) return to;
  return applyTrailingSlash(to.startsWith('/') ? withPrefix(to) : resolve(to, relativeTo));
}

/** Gatsby's `navigate()`: a client-side navigation to a site path, or through history with a number. */
export function navigate(to: string | number, options?: NavigateOptions): void {
  if (typeof to === 'number') {
    void globalHistory.navigate(to);
    return;
  }
  gatsbyWindow().___navigate?.(rewriteLinkPath(to, window.location.pathname), options);
}

// ---- Prefetch on view -----------------------------------------------------------------------------------

type VisibilityCallback = (visible: boolean) => void;
let observer: IntersectionObserver | undefined;
const watched = new Map<Element, VisibilityCallback>();

function watchVisibility(element: Element, callback: VisibilityCallback): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) watched.get(entry.target)?.(entry.isIntersecting || entry.intersectionRatio > 0);
  });
  watched.set(element, callback);
  observer.observe(element);
  return () => {
    watched.delete(element);
    observer?.unobserve(element);
  };
}

// ---- <Link> ---------------------------------------------------------------------------------------------

export interface LinkGetPropsArgs {
  isCurrent: boolean;
  isPartiallyCurrent: boolean;
  href: string;
  location: HistoryLocation;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  activeClassName?: string;
  activeStyle?: CSSProperties;
  /** Active for every path under `to`, not only `to` itself. */
  partiallyActive?: boolean;
  getProps?: (args: LinkGetPropsArgs) => Partial<AnchorHTMLAttributes<HTMLAnchorElement>> | null | undefined;
  state?: Record<string, unknown>;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
  innerRef?: Ref<HTMLAnchorElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function Link({
  to,
  activeClassName,
  activeStyle,
  partiallyActive,
  getProps,
  state,
  replace,
  ref,
  innerRef,
  onClick,
  onMouseEnter,
  ...anchorProps
}: LinkProps) {
  const location = useContext(LocationContext)?.location ?? globalHistory.location;
  const href = rewriteLinkPath(to, location.pathname);
  const element = useRef<HTMLAnchorElement | null>(null);
  const target = useRef('');
  const { pathname, search } = parsePath(href);
  target.current = pathname + search;
  const local = isLocalLink(href);

  // Queue the route for prefetching while the link is in view (not the page being shown).
  useEffect(() => {
    const node = element.current;
    if (!local || !node) return;
    let prefetch: PrefetchHandle | undefined;
    const stop = watchVisibility(node, (visible) => {
      prefetch?.abort?.();
      prefetch = undefined;
      const current = window.location.pathname + window.location.search;
      if (visible && target.current !== current) prefetch = gatsbyWindow().___loader?.enqueue(target.current);
    });
    return () => {
      stop();
      prefetch?.abort?.();
    };
  }, [local]);

  const setRef = (node: HTMLAnchorElement | null) => {
    element.current = node;
    assignRef(ref, node);
    assignRef(innerRef, node);
  };

  if (!local) return <a ref={setRef} href={href} onClick={onClick} onMouseEnter={onMouseEnter} {...anchorProps} />;

  const encodedHref = encodeURI(href);
  const isCurrent = location.pathname === encodedHref;
  const isPartiallyCurrent = location.pathname.startsWith(encodedHref);
  const active = partiallyActive ? isPartiallyCurrent : isCurrent;
  const activeProps = active
    ? {
        className: [anchorProps.className, activeClassName].filter(Boolean).join(' '),
        style: { ...anchorProps.style, ...activeStyle },
      }
    : null;

  return (
    <a
      ref={setRef}
      aria-current={isCurrent ? 'page' : undefined}
      {...anchorProps}
      {...(getProps ? getProps({ isCurrent, isPartiallyCurrent, href, location }) : activeProps)}
      href={href}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        gatsbyWindow().___loader?.hovering(target.current);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.button !== 0 ||
          anchorProps.target ||
          event.defaultPrevented ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        ) {
          return;
        }
        event.preventDefault();
        // A link to the page being shown replaces its history entry unless told otherwise.
        gatsbyWindow().___navigate?.(href, { state, replace: typeof replace === 'boolean' ? replace : isCurrent });
      }}
    />
  );
}
