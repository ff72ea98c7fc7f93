/**
 * Gatsby's scroll handler runs `decodeURI` over `location.hash` when the page mounts and on every route update,
 * outside any error boundary: a hash that does not decode (`#100%`, `#%E0%A4%A`, pasted or mangled links) throws
 * a URIError and the whole page goes blank. The router reads the hash from the address, so the address is repaired
 * before it does: on load by an inline <head> script (before Gatsby's scripts run), and later on every hash change
 * (popstate, in the capture phase, so before the router's own listener) and on every click of a link to such a hash
 * (taken over, the repaired address navigated to instead).
 *
 * A repaired hash differs from the original only where it could not be decoded: a `%` without two hex digits
 * becomes `%25`, and bytes that are not UTF-8 become U+FFFD, so it names the same text wherever it could.
 */
import { isPlainLeftClick, navigateTo, type ClickLike } from './navigate';

/**
 * `readableHash(hash)`: null when `decodeURI` reads `hash`, else the hash repaired so that it does. Plain source
 * text, since the <head> script inlines it; `readableHash` below is the same function for the bundles (a unit test
 * runs both over the same inputs).
 */
export const READABLE_HASH_SOURCE = `function readableHash(hash) {
  try {
    decodeURI(hash);
    return null;
  } catch (e) {}
  return hash.replace(/%(?![0-9a-f]{2})/gi, '%25').replace(/(?:%[0-9a-f]{2})+/gi, function (run) {
    try {
      decodeURIComponent(run);
      return run;
    } catch (e) {
      var bytes = run.slice(1).split('%').map(function (b) { return parseInt(b, 16); });
      return encodeURIComponent(new TextDecoder().decode(new Uint8Array(bytes)));
    }
  });
}`;

export function readableHash(hash: string): string | null {
  try {
    decodeURI(hash);
    return null;
  } catch {
    // Repaired below.
  }
  return hash.replace(/%(?![0-9a-f]{2})/gi, '%25').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      const bytes = run.slice(1).split('%').map((b) => parseInt(b, 16));
      return encodeURIComponent(new TextDecoder().decode(new Uint8Array(bytes)));
    }
  });
}

/** The inline <head> script of every page: repairs the address's hash before Gatsby's scripts read it. */
export function readableHashScript(): string {
  return (
    `(function(){${READABLE_HASH_SOURCE.replace(/\n\s*/g, ' ')}` +
    `var l=location,h=readableHash(l.hash);` +
    `if(h!==null)history.replaceState(history.state,"",l.href.split("#")[0]+h)})()`
  );
}

/** Replaces the current address's hash, without a new history entry, when Gatsby could not read it. */
export function repairAddressHash(win: Window): void {
  const { location } = win;
  const repaired = readableHash(location.hash);
  if (repaired !== null) win.history.replaceState(win.history.state, '', location.href.split('#')[0] + repaired);
}

/**
 * Where a plain click on `anchor` should go instead, when the link leads within the site to a hash Gatsby could not
 * read; null leaves the click alone (modified clicks open a new page, whose <head> script repairs it).
 */
export function repairedLinkTarget(anchor: HTMLAnchorElement, click: ClickLike, origin: string): string | null {
  if (!isPlainLeftClick(click)) return null;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const hash = readableHash(url.hash);
  return hash === null ? null : `${url.pathname}${url.search}${hash}`;
}

/** At client entry: keeps every later address readable (hash changes, link clicks). */
export function keepHashesReadable(win: Window): () => void {
  const repair = () => repairAddressHash(win);
  // Capture phase on the document, before React's handlers (Gatsby's <Link>) see the click.
  const onClick = (event: MouseEvent) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const to = anchor ? repairedLinkTarget(anchor, event, win.location.origin) : null;
    if (to === null) return;
    event.preventDefault();
    const here = `${win.location.pathname}${win.location.search}`;
    // Within the page: a plain hash change, as the link would have made; elsewhere, the router's navigation.
    if (to.startsWith(`${here}#`)) win.location.hash = to.slice(here.length);
    else navigateTo(to);
  };
  win.addEventListener('popstate', repair, true);
  win.addEventListener('hashchange', repair, true);
  win.document.addEventListener('click', onClick, true);
  return () => {
    win.removeEventListener('popstate', repair, true);
    win.removeEventListener('hashchange', repair, true);
    win.document.removeEventListener('click', onClick, true);
  };
}
