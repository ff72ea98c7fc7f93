/**
 * A hit of the search modal: what DocSearch renders inside each result's option, and how a click, a middle click
 * or Enter on it opens its page.
 *
 * Hits are listbox options (DocSearch renders each as <li role="option">, the target of the input's
 * aria-activedescendant). An option may not contain focusable controls (axe nested-interactive, ARIA's listbox
 * pattern), so a hit is not a link: it is the option's content, and a click opens it the way a link would.
 */
import {
  Children,
  cloneElement,
  createContext,
  Fragment,
  useContext,
  isValidElement,
  type MouseEvent as ReactMouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { DocSearchModal } from '@docsearch/react';
import { prefetchPathname } from 'gatsby';
import { isPlainLeftClick, navigateTo, type ClickLike } from '../../theme-common/navigate';
import { highlightParts } from '../../search/highlight-nodes';
import { hitActionFor } from './hit-actions';
import { isFromStorage, sameSiteUrl, storedField } from './stored-searches';

type DocSearchProps = Parameters<typeof DocSearchModal>[0];
type HitProps = Parameters<NonNullable<DocSearchProps['hitComponent']>>[0];

/** Where a hit opens. */
export type HitTarget = 'same-tab' | 'new-tab' | 'new-window';

/**
 * Where a click (or a middle-click's auxclick) on a hit opens, as browsers treat a click on a link: plain click in
 * place; Ctrl/Cmd or the middle button in a new tab; Shift in a new window. Alt (a download on a link) and other
 * buttons do nothing, like Alt+Enter, and so does a plain click something else handled.
 */
export function hitClickTarget(event: ClickLike): HitTarget | null {
  if (isPlainLeftClick(event)) return 'same-tab';
  if (event.button === 1) return 'new-tab';
  if (event.button !== 0 || event.altKey) return null;
  if (event.ctrlKey || event.metaKey) return 'new-tab';
  return event.shiftKey ? 'new-window' : null;
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

/** DocSearch's navigator: Enter, Ctrl/Cmd+Enter and Shift+Enter on the active hit open it like a click. */
export const hitNavigator = {
  navigate: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'same-tab'),
  navigateNewTab: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'new-tab'),
  navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => openHit(itemUrl, 'new-window'),
};

type ElementProps = { children?: ReactNode; className?: string; title?: string; onClick?: unknown };

/**
 * DocSearch puts the recent and favorite searches' action buttons inside the option. They become plain,
 * unfocusable click targets for the mouse, hidden from assistive technology, whose users (and keyboard users) get
 * the same actions from the keyboard on the active option (./docsearch-3.9-repairs.ts, announced with
 * aria-keyshortcuts).
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

/** Told the address of each hit a click opens (the modal counts chosen hits; DocSearch's Enter goes by its navigator). */
export const HitChosenContext = createContext<(url: string) => void>(() => undefined);

/** DocSearch's hitComponent: the content of a hit's option, opened by a click as a link would be. */
export function Hit({ hit, children }: HitProps) {
  const chosen = useContext(HitChosenContext);
  return (
    <div
      className="DocSearch-Hit-link"
      onMouseEnter={() => prefetchHit(hit.url)}
      onClick={(event) => {
        const target = event.button === 0 ? hitClickTarget(event) : null;
        if (!target) return;
        chosen(hit.url);
        openHit(hit.url, target);
      }}
      // On Linux a middle button release pastes the text selected last into the focused search box, changing the query.
      onMouseUp={(event) => {
        if (event.button === 1) event.preventDefault();
      }}
      onAuxClick={(event) => {
        if (event.button !== 1) return;
        chosen(hit.url);
        openHit(hit.url, 'new-tab');
      }}
    >
      {withoutNestedControls(isFromStorage(hit) ? storedHitAsText(children as ReactNode) : (children as ReactNode))}
    </div>
  );
}
