import { isPlainLeftClick, type ClickLike } from './navigate';

/**
 * The route to navigate to client-side when a plain link in rendered HTML is clicked, or null to let the
 * browser handle it: modified clicks, new tabs, downloads, other origins and same-page anchors.
 */
export function clientNavigationTarget(
  anchor: HTMLAnchorElement | null,
  click: ClickLike,
  current: { origin: string; pathname: string },
): string | null {
  if (!anchor || !isPlainLeftClick(click)) return null;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, `${current.origin}${current.pathname}`);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (url.pathname === current.pathname && url.hash) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
