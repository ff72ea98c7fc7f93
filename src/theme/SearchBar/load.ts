/**
 * The search modal as a late piece: its code (DocSearch) as a separate chunk, its stylesheet, and, at the same time
 * rather than after them, the search client, which starts the worker and the index download. Loading starts on the
 * first hover, focus or touch of the button, or on the first shortcut; if any of it fails, the button says so and
 * offers Retry (./index.tsx), and the next attempt requests it all again.
 */
import type { ComponentType } from 'react';
import { DOCSEARCH_CSS_URL } from '../../search/assets';
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
 * Starts the search worker and the download of the index of the version this page searches (local search), beside
 * the modal's code: which index that is depends on the route and the stored preferred version, read by the client's
 * small chunk rather than by every page's first load. Not a reason to keep the modal closed: if this chunk fails, the
 * modal imports the client itself and shows the error screen when a search fails.
 */
const preloadSearchClient = () =>
  import('../../search/client')
    .then(({ getPageSearchClient }) => getPageSearchClient(siteConfig).preload())
    .catch(() => undefined);

export const searchModal = latePiece<ComponentType<SearchModalProps>>('Search', () =>
  Promise.all([import('./Modal'), loadStylesheet(DOCSEARCH_CSS_URL), preloadSearchClient()]).then(([module]) => module.default),
);
