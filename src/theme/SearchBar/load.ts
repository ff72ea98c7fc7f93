/**
 * The search modal as a late piece: its code (DocSearch) as a separate chunk, its stylesheet, and, at the same time
 * rather than after them, the search client, which starts the worker and the index download. Loading starts on the
 * first hover, focus or touch of the button, or on the first shortcut; if any of it fails, the button says so and
 * offers Retry (./index.tsx), and the next attempt requests it all again.
 */
import type { ComponentType } from 'react';
import { DOCSEARCH_CSS_URL, downloadSearchIndex } from '../../search/assets';
import { isHostedSearch } from '../../search/hosted-mode';
import { siteConfig } from '../../theme-common/site-config';
import { latePiece } from '../islands/loader';
import type { SearchModalProps } from './Modal';

let stylesheet: Promise<void> | null = null;

/** Adds DocSearch's stylesheet once; a failed one is removed and forgotten, so a retry requests it again. */
function loadStylesheet(href: string): Promise<void> {
  stylesheet ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      stylesheet = null;
      reject(new Error(`The stylesheet ${href} did not load`));
    };
    document.head.appendChild(link);
  });
  return stylesheet;
}

/**
 * The local index starts downloading at once, beside the modal's code (see src/search/assets.ts); the search
 * client hands those bytes to its worker, so the file is fetched once. A failed download is tried again by the next
 * call, or by the first search.
 */
export function preloadSearchIndex(): void {
  if (isHostedSearch(siteConfig.search) || typeof fetch !== 'function') return;
  downloadSearchIndex().catch(() => undefined);
}

/**
 * Starts the search worker and the index download (local search). Not a reason to keep the modal closed: if
 * this chunk fails, the modal imports the client itself and shows the error screen when a search fails.
 */
const preloadSearchClient = () =>
  import('../../search/client')
    .then(({ getSearchClient }) => getSearchClient(siteConfig).preload())
    .catch(() => undefined);

export const searchModal = latePiece<ComponentType<SearchModalProps>>('Search', () => {
  preloadSearchIndex();
  return Promise.all([import('./Modal'), loadStylesheet(DOCSEARCH_CSS_URL), preloadSearchClient()]).then(
    ([module]) => module.default,
  );
});
