/**
 * Loads the search modal on demand: its code (DocSearch) as a separate chunk, its stylesheet, and, at the same
 * time rather than after them, the search client, which starts the worker and the index download. Called on
 * the first hover, focus or touch of the button, or on the first shortcut.
 */
import type { ComponentType } from 'react';
import { DOCSEARCH_CSS_URL, SEARCH_INDEX_URL } from '../../search/assets';
import { isHostedSearch } from '../../search/hosted-mode';
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

let indexPreloaded = false;

/**
 * The local index starts downloading at once, beside the modal's code: the worker that reads it starts only
 * once that code has run, and then finds the file in the HTTP cache, or waits on the download in flight (the
 * browser lets one request fill the cache entry). A <link rel="preload"> would do the same but, unused by the
 * document itself, would log a console warning.
 */
export function preloadSearchIndex(): void {
  if (indexPreloaded || isHostedSearch(siteConfig.search) || typeof fetch !== 'function') return;
  indexPreloaded = true;
  fetch(SEARCH_INDEX_URL)
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // The worker's own request reports the failure (the modal's error screen) and retries later.
      indexPreloaded = false;
    });
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
