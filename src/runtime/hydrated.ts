/** Dispatched on `document` once React has hydrated the page: the clicks held back until then are carried out. */
export const PAGE_HYDRATED_EVENT = 'stan:hydrated';

/** onInitialClientRender: every component of the page has mounted, so its buttons have their handlers. */
export function announceHydrated(doc: Document): void {
  doc.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
}
