/**
 * The DocSearch modal over the site's search client (local index or hosted service). Loaded on demand by
 * ./load.ts, so none of this code is part of the first load.
 */
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type MouseEvent as ReactMouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal } from '@docsearch/react';
import { Link, prefetchPathname } from 'gatsby';
import { navigateTo } from '../../theme-common/navigate';
import { getSearchClient } from '../../search/client';
import { contextualFacetFilters, isHostedSearch, relativeHitUrl, searchPageUrl } from '../../search/config';
import { HITS_PER_PAGE, SEARCH_ERROR_HELP, SEARCH_ERROR_TITLE, SEARCH_PLACEHOLDER } from '../../theme-common/constants';
import { siteConfig } from '../../theme-common/site-config';
import type { SearchClientLike } from '../../search/types';
import { LOAD_FAILURE_STRINGS } from '../LoadFailure';
import { highlightParts } from '../../search/highlight-nodes';
import { isFromStorage, repairStoredSearches, sameSiteUrl, storedField } from './stored-searches';

export interface SearchModalProps {
  initialQuery?: string;
  onClose: () => void;
}

type DocSearchProps = Parameters<typeof DocSearchModal>[0];
type HitProps = Parameters<NonNullable<DocSearchProps['hitComponent']>>[0];
type FooterProps = Parameters<NonNullable<DocSearchProps['resultsFooterComponent']>>[0];

/*
 * Hits are listbox options (DocSearch renders each as <li role="option">, the target of the input's
 * aria-activedescendant). An option may not contain focusable controls (axe nested-interactive, ARIA's listbox
 * pattern), so a hit is not a link: it is the option's content, and a click opens it the way a link would.
 */

/** Where a hit opens. */
export type HitTarget = 'same-tab' | 'new-tab' | 'new-window';

type ClickLike = Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * Where a click (or a middle-click's auxclick) on a hit opens, as browsers treat a click on a link: plain click in
 * place; Ctrl/Cmd or the middle button in a new tab; Shift in a new window. Alt (a download on a link) and other
 * buttons do nothing, like Alt+Enter.
 */
export function hitClickTarget(event: ClickLike): HitTarget | null {
  if (event.button === 1) return 'new-tab';
  if (event.button !== 0 || event.altKey) return null;
  if (event.ctrlKey || event.metaKey) return 'new-tab';
  if (event.shiftKey) return 'new-window';
  return 'same-tab';
}

/**
 * Opens a hit: in place with Gatsby (no full reload), or in a new tab or window, without an opener. Only an
 * address on this site is followed (a stored search's could have been edited to lead elsewhere).
 */
export function openHit(url: string, target: HitTarget): void {
  const address = sameSiteUrl(url, window.location.origin);
  if (address === null) return;
  if (target === 'same-tab') {
    navigateTo(address);
  } else if (target === 'new-tab') {
    window.open(address, '_blank', 'noopener');
  } else {
    // "popup" is the only way a page can ask for a window rather than a tab; with "noopener" Chromium opens a tab.
    const opened = window.open(address, '_blank', 'popup');
    if (opened) opened.opener = null;
  }
}

/** Enter, Ctrl/Cmd+Enter and Shift+Enter on the active hit (autocomplete's keyboard handling) open it like a click. */
const hitNavigator = {
  navigate: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'same-tab'),
  navigateNewTab: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'new-tab'),
  navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'new-window'),
};

/** DocSearch's titles for the recent and favorite searches' actions, passed to it so they are known here. */
export const HIT_ACTION_TITLES = {
  saveRecentSearchButtonTitle: 'Save this search',
  removeRecentSearchButtonTitle: 'Remove this search from history',
  removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
} as const;

export type HitAction = 'favorite' | 'remove';

function hitActionFor(title: unknown): HitAction | null {
  if (title === HIT_ACTION_TITLES.saveRecentSearchButtonTitle) return 'favorite';
  if (title === HIT_ACTION_TITLES.removeRecentSearchButtonTitle || title === HIT_ACTION_TITLES.removeFavoriteSearchButtonTitle) {
    return 'remove';
  }
  return null;
}

/** Keys for the active recent or favorite search's actions (the input keeps focus; see hitActionShortcut). */
export const HIT_ACTION_SHORTCUTS: Record<HitAction, string> = { favorite: 'Control+S Meta+S', remove: 'Delete' };

/** The action a key press asks of the active recent or favorite search: Delete removes it, Ctrl/Cmd+S saves it. */
export function hitActionShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): HitAction | null {
  if (event.altKey || event.shiftKey) return null;
  if (event.key === 'Delete' && !event.ctrlKey && !event.metaKey) return 'remove';
  if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey)) return 'favorite';
  return null;
}

type ElementProps = { children?: ReactNode; className?: string; title?: string; onClick?: unknown };

/**
 * DocSearch puts the recent and favorite searches' action buttons inside the option. They become plain,
 * unfocusable click targets for the mouse, hidden from assistive technology, whose users (and keyboard users) get
 * the same actions from the keyboard on the active option (hitActionShortcut, announced with aria-keyshortcuts).
 */
export function withoutNestedControls(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child) || (typeof child.type !== 'string' && child.type !== Fragment)) return child;
    const props = child.props as ElementProps;
    if (child.type === 'button') {
      return (
        <span
          className={props.className}
          title={props.title}
          data-hit-action={hitActionFor(props.title) ?? undefined}
          aria-hidden="true"
          onClick={props.onClick as ((event: ReactMouseEvent) => void) | undefined}
        >
          {props.children}
        </span>
      );
    }
    if (props.children === undefined) return child;
    return cloneElement(child as ReactElement<ElementProps>, undefined, withoutNestedControls(props.children));
  });
}

type SnippetProps = { hit?: unknown; attribute?: unknown; className?: string; children?: ReactNode };

/**
 * A stored hit's content with DocSearch's snippets (elements with `hit` and `attribute` props, which DocSearch
 * renders as HTML) replaced by the same fields as text: only the highlight marks the site writes stay markup.
 */
export function storedHitAsText(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child;
    const props = child.props as SnippetProps;
    const host = typeof child.type === 'string' || child.type === Fragment;
    if (!host && typeof props.attribute === 'string' && props.hit) {
      return (
        <span className={props.className}>
          {highlightParts(storedField(props.hit, props.attribute)).map((part, i) =>
            part.highlighted ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
          )}
        </span>
      );
    }
    if (!host || props.children === undefined) return child;
    return cloneElement(child as ReactElement<SnippetProps>, undefined, storedHitAsText(props.children));
  });
}

/** Fetches a hit's page data ahead of a click, as Gatsby's Link did for the hits it rendered. */
export function prefetchHit(url: string): void {
  try {
    prefetchPathname(new URL(url, window.location.href).pathname);
  } catch {
    // Prefetching is an optimisation only.
  }
}

/** DocSearch's hitComponent: the content of a hit's option, opened by a click as a link would be. */
export function Hit({ hit, children }: HitProps) {
  return (
    <div
      className="DocSearch-Hit-link"
      onMouseEnter={() => prefetchHit(hit.url)}
      onClick={(event) => {
        const target = event.button === 0 ? hitClickTarget(event) : null;
        if (target) openHit(hit.url, target);
      }}
      onAuxClick={(event) => {
        if (event.button === 1) openHit(hit.url, 'new-tab');
      }}
    >
      {withoutNestedControls(isFromStorage(hit) ? storedHitAsText(children as ReactNode) : (children as ReactNode))}
    </div>
  );
}

export function missingResultsUrl(base: string, query: string): string {
  const url = new URL(base);
  url.searchParams.set('title', `Search: no results for "${query}"`);
  url.searchParams.set('body', `Searching the docs for "${query}" returned no results. I expected to find:\n\n`);
  return url.toString();
}

/** The footer's link to the search page; `pages` is how many pages match, which is what that page lists. */
export function seeAllLabel(pages: number): string {
  return pages === 1 ? 'See 1 result' : `See all ${pages} results`;
}

/**
 * The modal asks for the best pages with their best two sections each (distinct), so its 20 hits span 10 pages
 * rather than one page's many sections, and its count is a count of pages, as on the search page.
 */
export const MODAL_SECTIONS_PER_PAGE = 2;
export const MODAL_PAGES = HITS_PER_PAGE / MODAL_SECTIONS_PER_PAGE;

/**
 * A failed search never reaches DocSearch as a rejection: autocomplete rethrows it from its input handler, where
 * nothing catches it (an unhandled rejection per keystroke), and resets its "error" status in the same tick, so its
 * own error screen never stays. The modal answers DocSearch with no hits instead and shows this screen over its
 * result screens while the last search failed, with a Retry that runs the query again (the client then starts a
 * new worker and downloads the index again).
 */
export function ErrorScreen({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const [container, setContainer] = useState<Element | null>(null);
  useEffect(() => {
    const find = () => setContainer(document.querySelector('.DocSearch-Dropdown'));
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    document.body.setAttribute('data-search-failed', '');
    return () => {
      observer.disconnect();
      document.body.removeAttribute('data-search-failed');
    };
  }, []);
  if (!container) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" data-search-error="" role="alert">
      <p className="DocSearch-Title">{SEARCH_ERROR_TITLE}</p>
      <p className="DocSearch-Help">{SEARCH_ERROR_HELP}</p>
      <button
        type="button"
        className="button-primary load-failure__retry"
        data-search-retry=""
        // Not `disabled`: a disabled button would drop the keyboard focus that is on it.
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {retrying ? LOAD_FAILURE_STRINGS.retrying : LOAD_FAILURE_STRINGS.retry}
      </button>
    </div>,
    container,
  );
}

type SearchArgs = Parameters<SearchClientLike['search']>[0];

/** What DocSearch is told when a search failed: no hits (the error screen says why). */
export function noResults({ requests }: SearchArgs): Awaited<ReturnType<SearchClientLike['search']>> {
  return {
    results: requests.map((request) => {
      const query = request.query ?? request.params?.query ?? '';
      return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, query, params: '', index: request.indexName, queryID: '', processingTimeMS: 0, exhaustiveNbHits: true };
    }),
  };
}

/**
 * The client DocSearch gets: the site's, reporting whether the latest search failed instead of rejecting (see
 * ErrorScreen). Never rejects.
 */
export function reportingClient(client: SearchClientLike, onOutcome: (failed: boolean) => void): SearchClientLike {
  let latest = 0;
  return {
    async search(args) {
      const call = ++latest;
      try {
        const result = await client.search(args);
        if (call === latest) onOutcome(false);
        return result;
      } catch {
        if (call === latest) onOutcome(true);
        return noResults(args);
      }
    },
  };
}

/**
 * DocSearch 3.9 marks its backdrop role="button" (wrapping the whole dialog: nested interactive content) and
 * gives the modal no dialog role. Give assistive technology a labelled modal dialog instead; a click on the
 * backdrop still closes it.
 */
// Combobox attributes autocomplete puts on the backdrop; without its role they are not allowed there.
const BACKDROP_ARIA = ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-owns', 'aria-controls', 'aria-labelledby'];

export function applyDialogSemantics(root: ParentNode): () => void {
  const container = root.querySelector('.DocSearch-Container');
  const strip = () => BACKDROP_ARIA.forEach((name) => container?.removeAttribute(name));
  strip();
  const modal = root.querySelector('.DocSearch-Modal');
  modal?.setAttribute('role', 'dialog');
  modal?.setAttribute('aria-modal', 'true');
  modal?.setAttribute('aria-label', SEARCH_PLACEHOLDER);
  // autocomplete re-sets aria-expanded as results come and go.
  if (!container || typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(strip);
  observer.observe(container, { attributes: true, attributeFilter: BACKDROP_ARIA });
  return () => observer.disconnect();
}

/** The id autocomplete gives an item's list: its options are `<list prefix>-item-<n>`, the list `<prefix>-list`. */
export function listIdForOption(optionId: string): string | null {
  const match = /^(.+)-item-\d+$/.exec(optionId);
  return match ? `${match[1]}-list` : null;
}

function setAttribute(element: Element, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * DocSearch 3.9 gives every result list the same id ("docsearch-list") while the input's aria-controls names
 * per-source ids, including those of empty sources that are not rendered. Give each rendered listbox its
 * per-source id and its group title ("Recent", a page title) as its name, make the input an ARIA 1.2 combobox
 * that controls exactly the listboxes shown, and announce the recent and favorite searches' keyboard actions.
 * The `role` the dialog fix-up strips from DocSearch's backdrop (ARIA 1.1 pattern) is now on the input itself.
 */
export function applyListboxSemantics(root: ParentNode): () => void {
  const modal = root.querySelector('.DocSearch-Modal');
  if (!modal) return () => undefined;
  const apply = () => {
    const listIds: string[] = [];
    for (const list of Array.from(modal.querySelectorAll('.DocSearch-Dropdown [role="listbox"]'))) {
      const options = Array.from(list.querySelectorAll('[role="option"]'));
      const id = options[0] ? listIdForOption(options[0].id) : null;
      if (!id) continue;
      setAttribute(list, 'id', id);
      const title = list.parentElement?.querySelector(':scope > .DocSearch-Hit-source');
      if (title) {
        setAttribute(title, 'id', `${id}-title`);
        setAttribute(list, 'aria-labelledby', `${id}-title`);
      }
      listIds.push(id);
      for (const option of options) {
        const actions = Array.from(option.querySelectorAll('[data-hit-action]'), (a) => a.getAttribute('data-hit-action') as HitAction);
        setAttribute(option, 'aria-keyshortcuts', actions.length ? actions.map((a) => HIT_ACTION_SHORTCUTS[a]).join(' ') : null);
      }
    }
    const input = modal.querySelector('.DocSearch-Input');
    if (input) {
      setAttribute(input, 'role', 'combobox');
      setAttribute(input, 'aria-expanded', listIds.length ? 'true' : 'false');
      setAttribute(input, 'aria-controls', listIds.length ? listIds.join(' ') : null);
    }
  };
  apply();
  if (typeof MutationObserver === 'undefined') return () => undefined;
  // Every write above is conditional, so the observer settles after its own changes.
  const observer = new MutationObserver(apply);
  observer.observe(modal, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['id', 'role', 'aria-controls', 'aria-expanded', 'aria-labelledby', 'aria-keyshortcuts'],
  });
  return () => observer.disconnect();
}

/** The keyboard side of the recent and favorite searches' actions (see withoutNestedControls). */
export function handleHitActionKeys(event: KeyboardEvent): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.classList.contains('DocSearch-Input') || input.value !== '') return;
  const action = hitActionShortcut(event);
  const activeId = input.getAttribute('aria-activedescendant');
  if (!action || !activeId) return;
  const control = input.ownerDocument.getElementById(activeId)?.querySelector<HTMLElement>(`[data-hit-action="${action}"]`);
  if (!control) return;
  event.preventDefault();
  control.click();
}

export default function SearchModal({ initialQuery, onClose }: SearchModalProps) {
  const { search } = siteConfig;
  useEffect(() => applyDialogSemantics(document), []);
  useEffect(() => applyListboxSemantics(document), []);
  useEffect(() => {
    document.addEventListener('keydown', handleHitActionKeys);
    return () => document.removeEventListener('keydown', handleHitActionKeys);
  }, []);
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // Retry mounts DocSearch afresh with the query typed so far, which runs it again at once.
  const [attempt, setAttempt] = useState({ key: 0, query: initialQuery });
  useState(() => {
    try {
      repairStoredSearches(search.indexName, window.localStorage, window.location.origin);
    } catch {
      // localStorage itself is blocked: nothing stored to repair.
    }
    return null;
  });
  const shared = getSearchClient(siteConfig);
  const client = useMemo(
    () =>
      reportingClient(shared, (outcome) => {
        setFailed(outcome);
        setRetrying(false);
      }),
    [shared],
  );
  const retry = useCallback(() => {
    const query = document.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? '';
    setRetrying(true);
    setAttempt(({ key }) => ({ key: key + 1, query }));
  }, []);
  const hosted = isHostedSearch(search);
  const searchParameters = useMemo(() => {
    const facetFilters = contextualFacetFilters(siteConfig);
    return {
      distinct: MODAL_SECTIONS_PER_PAGE,
      hitsPerPage: MODAL_PAGES,
      ...(facetFilters ? { facetFilters: facetFilters as string[] } : {}),
    };
  }, []);

  // Stable, so DocSearch keeps one client for the life of the modal.
  const transformSearchClient = useCallback(
    () => client as unknown as ReturnType<NonNullable<DocSearchProps['transformSearchClient']>>,
    [client],
  );

  const ResultsFooter = useCallback(
    ({ state }: FooterProps) => (
      <Link to={searchPageUrl(siteConfig, state.query)} onClick={onClose}>
        {seeAllLabel(Number(state.context.nbHits ?? 0))}
      </Link>
    ),
    [onClose],
  );

  // Stable, like every prop DocSearch builds its autocomplete from: a new one would start it afresh, dropping
  // what the reader has typed (a re-render after a failed search lost the first keystroke).
  const transformItems = useCallback(
    (items: Parameters<NonNullable<DocSearchProps['transformItems']>>[0]) =>
      items.map((item) => ({ ...item, url: relativeHitUrl(item.url) })),
    [],
  );

  const getMissingResultsUrl = useCallback(
    ({ query }: { query: string }) => (search.missingResultsUrl ? missingResultsUrl(search.missingResultsUrl, query) : ''),
    [search.missingResultsUrl],
  );

  return createPortal(
    // The footer credits the hosted service only when it is the one answering (see docsearch-theme.css).
    <div data-search-backend={hosted ? 'hosted' : 'local'}>
      <DocSearchModal
        // The local client ignores credentials; DocSearch only needs non-empty strings to build its own.
        appId={search.appId ?? 'local'}
        apiKey={search.apiKey ?? 'local'}
        indexName={search.indexName}
        placeholder={SEARCH_PLACEHOLDER}
        key={attempt.key}
        initialQuery={attempt.query}
        initialScrollY={window.scrollY}
        onClose={onClose}
        searchParameters={searchParameters}
        transformSearchClient={transformSearchClient}
        transformItems={transformItems}
        navigator={hitNavigator}
        hitComponent={Hit}
        resultsFooterComponent={ResultsFooter}
        getMissingResultsUrl={search.missingResultsUrl ? getMissingResultsUrl : undefined}
        insights={hosted && search.insights === true}
        translations={{ modal: { startScreen: HIT_ACTION_TITLES } }}
      />
      {failed ? <ErrorScreen retrying={retrying} onRetry={retry} /> : null}
    </div>,
    document.body,
  );
}
