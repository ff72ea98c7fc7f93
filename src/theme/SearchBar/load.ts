/**
 * Loads the search modal on demand: its code (DocSearch, the engine) as a separate chunk, its stylesheet,
 * and the search index. Called on the first hover, focus or touch of the button, or on the first shortcut.
 */
import type { ComponentType } from 'react';
import { DOCSEARCH_CSS_URL } from '../../search/assets';
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

let modal: Promise<ComponentType<SearchModalProps>> | null = null;

export function loadSearchModal(): Promise<ComponentType<SearchModalProps>> {
  modal ??= Promise.all([import('./Modal'), loadStylesheet(DOCSEARCH_CSS_URL)])
    .then(([module]) => {
      module.preloadSearch();
      return module.default;
    })
    .catch((error: unknown) => {
      // Let the next attempt retry (e.g. after the network comes back).
      modal = null;
      throw error;
    });
  return modal;
}
