/**
 * Loads the search modal on demand: its code (DocSearch) as a separate chunk, its stylesheet, and, at the same
 * time rather than after them, the search client, which starts the worker and the index download. Called on
 * the first hover, focus or touch of the button, or on the first shortcut.
 */
import type { ComponentType } from 'react';
import { DOCSEARCH_CSS_URL } from '../../search/assets';
import { isHostedSearch } from '../../search/hosted-mode';
import { startLocalSearch } from '../../search/local-start';
import { siteConfig } from '../../theme-common/site-config';
import type { SearchModalProps } from './Modal';

let stylesheet: Promise<void> | null = null;

function loadStylesheet(href: string): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A missing stylesheet must not keep search closed: the modal still works unstyled.
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return stylesheet;
}

/**
 * Local search starts at once, beside the modal's code: the index download and the worker that will search it
 * (see src/search/local-start.ts). The search client hands those bytes to that worker, so the file is fetched
 * once and the worker is ready by the first query. A failed start is tried again by the first search.
 */
export function preloadSearchIndex(): void {
  if (isHostedSearch(siteConfig.search) || typeof fetch !== 'function' || typeof Worker === 'undefined') return;
  startLocalSearch();
}

/**
 * Starts the search worker and the index download (local search). Not a reason to keep the modal closed: if
 * this chunk fails, the modal imports the client itself and shows the error screen when a search fails.
 */
const preloadSearchClient = () =>
  import('../../search/client')
    .then(({ getSearchClient }) => getSearchClient(siteConfig).preload())
    .catch(() => undefined);

let modal: Promise<ComponentType<SearchModalProps>> | null = null;

export function loadSearchModal(): Promise<ComponentType<SearchModalProps>> {
  preloadSearchIndex();
  modal ??= Promise.all([import('./Modal'), loadStylesheet(DOCSEARCH_CSS_URL), preloadSearchClient()])
    .then(([module]) => module.default)
    .catch((error: unknown) => {
      // Let the next attempt retry (e.g. after the network comes back).
      modal = null;
      throw error;
    });
  return modal;
}
