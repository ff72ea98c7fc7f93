/**
 * Offline, a client navigation to a page not loaded yet fails, and Gatsby then loads the address in full: the
 * browser shows its own offline page and the reader loses the page they were reading. While the browser says it is
 * offline, that full load is cancelled through the Navigation API (a cross-document `navigate` event may be
 * cancelled by the page) and a notice says the page cannot open until the connection is back, with Retry. Online,
 * Gatsby's reload stays: a route that fails then is usually a new deploy, which the full load fixes. Browsers
 * without the Navigation API keep Gatsby's reload too.
 *
 * The notice is plain DOM, not React: it must work with nothing more loaded, and it outlives page changes.
 */
import { LOAD_FAILURE_STRINGS } from '../../theme/LoadFailure';
import './offline-notice.css';

/** The part of the Navigation API used here (not yet in TypeScript's DOM types). */
interface NavigateEventLike extends Event {
  readonly cancelable: boolean;
  readonly hashChange: boolean;
  readonly downloadRequest: string | null;
  readonly destination: { readonly url: string; readonly sameDocument: boolean };
}

export const OFFLINE_STRINGS = {
  title: 'You are offline.',
  page: (address: string) => `${address} cannot open until the connection is back.`,
  dismiss: 'Dismiss',
} as const;

/**
 * The address of a navigation to keep from happening while offline: a full load of a page of this site (what
 * Gatsby does when a route fails, or a plain link to one of the site's files), or null to let it go.
 */
export function blockedWhileOffline(event: NavigateEventLike, origin: string, online: boolean): string | null {
  if (online || !event.cancelable || event.hashChange || event.downloadRequest !== null || event.destination.sameDocument) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(event.destination.url);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

export interface OfflineWatch {
  /** Call after each route update: a page that opened needs no notice. */
  routeUpdated(): void;
}

/**
 * At client entry. `onKept(address)`: a navigation was cancelled and the page kept (the runtime ends the progress
 * bar and the pending navigation). `load(address)`: what Retry does (a full load of the page that failed).
 */
export function keepPageWhenOffline(
  win: Window,
  onKept: (address: string) => void,
  load: (address: string) => void = (address) => win.location.assign(address),
): OfflineWatch {
  const navigation = (win as Window & { navigation?: EventTarget }).navigation;
  let notice: HTMLElement | null = null;
  let address = '';

  const retryButton = () => notice?.querySelector<HTMLButtonElement>('[data-offline-retry]') ?? null;
  const hide = () => {
    notice?.remove();
    notice = null;
  };
  const show = () => {
    if (!notice) {
      const doc = win.document;
      notice = doc.createElement('div');
      notice.className = 'load-failure load-failure--card offline-notice';
      notice.setAttribute('role', 'alert');
      notice.setAttribute('data-offline-notice', '');
      const text = doc.createElement('p');
      text.className = 'load-failure__text offline-notice__text';
      const retry = doc.createElement('button');
      retry.type = 'button';
      retry.className = 'button-primary load-failure__retry';
      retry.setAttribute('data-offline-retry', '');
      retry.addEventListener('click', () => {
        if (retry.getAttribute('aria-disabled') === 'true') return;
        retry.setAttribute('aria-disabled', 'true');
        retry.textContent = LOAD_FAILURE_STRINGS.retrying;
        // A full load: Gatsby keeps a route that failed as failed for the rest of the visit. Still offline, it is
        // kept from happening again, and the notice stays.
        load(address);
      });
      const dismiss = doc.createElement('button');
      dismiss.type = 'button';
      dismiss.className = 'button-secondary offline-notice__dismiss';
      dismiss.textContent = OFFLINE_STRINGS.dismiss;
      dismiss.addEventListener('click', hide);
      notice.append(text, retry, dismiss);
      doc.body.append(notice);
    }
    const text = notice.querySelector('.offline-notice__text');
    if (text) text.textContent = `${OFFLINE_STRINGS.title} ${OFFLINE_STRINGS.page(address)}`;
    const retry = retryButton();
    if (retry) {
      retry.removeAttribute('aria-disabled');
      retry.textContent = LOAD_FAILURE_STRINGS.retry;
    }
  };

  navigation?.addEventListener('navigate', (event) => {
    const blocked = blockedWhileOffline(event as NavigateEventLike, win.location.origin, win.navigator.onLine);
    if (blocked === null) return;
    event.preventDefault();
    address = blocked;
    console.warn(`Loading "${blocked}" failed while offline, so the current page was kept.`);
    onKept(blocked);
    show();
  });

  return { routeUpdated: hide };
}
