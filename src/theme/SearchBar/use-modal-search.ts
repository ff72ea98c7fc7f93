/**
 * What the modal adds to DocSearch: the stored searches repaired before DocSearch reads them, the site's search client
 * with its failures tracked (./tracked-client.ts), and the analytics of what was searched and chosen.
 */
import { useLayoutEffect, useMemo, useState } from 'react';
import { getSearchClient } from '../../search/client';
import type { SearchClientLike } from '../../search/types';
import type { SearchVersion } from '../../search/versions';
import { siteConfig } from '../../theme-common/site-config';
import { useSearchTracker } from '../../theme-common/search-tracking';
import { hitNavigator } from './Hit';
import { repairStoredSearches } from './stored-searches';
import { answeringClient, useTrackedSearchClient, type TrackedSearchClient } from './tracked-client';

type Navigator = typeof hitNavigator;

/** Drops the stored searches DocSearch would crash on (./stored-searches.ts). */
function repairStorage(indexName: string): void {
  try {
    repairStoredSearches(indexName, window.localStorage, window.location.origin);
  } catch {
    // localStorage itself is blocked: nothing stored to repair.
  }
}

/** Whether the stored searches are repaired: DocSearch reads them as it first renders, so it mounts after (before paint). */
export function useRepairedStoredSearches(indexName: string): boolean {
  const [repaired, setRepaired] = useState(false);
  useLayoutEffect(() => {
    repairStorage(indexName);
    setRepaired(true);
  }, [indexName]);
  return repaired;
}

/** The hit navigator (Enter, Ctrl/Cmd+Enter, Shift+Enter), telling `chose` each hit it opens. */
export function choosingNavigator(chose: (url: string) => void): Navigator {
  return {
    navigate: (args) => {
      chose(args.itemUrl);
      hitNavigator.navigate(args);
    },
    navigateNewTab: (args) => {
      chose(args.itemUrl);
      hitNavigator.navigateNewTab(args);
    },
    navigateNewWindow: (args) => {
      chose(args.itemUrl);
      hitNavigator.navigateNewWindow(args);
    },
  };
}

export interface ModalSearch extends TrackedSearchClient {
  /** Told each hit the reader opens (clicks go through the hits, keys through the navigator). */
  chose: (url: string) => void;
  navigator: Navigator;
}

/** The modal's search of `version` (the page's, else the preferred one, else the last). */
export function useModalSearch(initialQuery: string | undefined, version: Pick<SearchVersion, 'name' | 'isLast'>): ModalSearch {
  // Searches that found nothing and the hits chosen, for the site's analytics; a pending query counts on close.
  const tracker = useSearchTracker('modal');
  const { name, isLast } = version;
  const answering: SearchClientLike = useMemo(
    () => answeringClient(getSearchClient(siteConfig, { name, isLast }), tracker.answered),
    [tracker, name, isLast],
  );
  const navigator = useMemo(() => choosingNavigator(tracker.chose), [tracker]);
  return { ...useTrackedSearchClient(answering, initialQuery), chose: tracker.chose, navigator };
}
