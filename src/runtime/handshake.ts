/**
 * What the inline scripts the server render writes (./ssr) and the browser handlers (./browser) tell each other
 * through the page: the events one side dispatches on `document` and the attribute it sets on <html>.
 */

/** Dispatched on `document` once every deferred script has loaded or failed: when the base-URL banner decides. */
export const SCRIPTS_SETTLED_EVENT = 'stan:scripts-settled';

/** The attribute the runtime sets on <html> at client entry: the site's scripts did run. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';

export function markAppStarted(doc: Document): void {
  doc.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
}

/** Dispatched on `document` once React has hydrated the page: the clicks held back until then are carried out. */
export const PAGE_HYDRATED_EVENT = 'stan:hydrated';

/** onInitialClientRender: every component of the page has mounted, so its buttons have their handlers. */
export function announceHydrated(doc: Document): void {
  doc.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
}
