/**
 * The one search client of the page (shared by the modal and /search): the hosted service when configured,
 * otherwise the local index, searched in a Web Worker (in the page where workers are unavailable).
 */
import type { SiteConfig } from '../config/types';
import { SEARCH_INDEX_URL } from './assets';
import { isHostedSearch } from './config';
import { loadSearchIndex, type LoadedIndex } from './engine';
import { createHostedSearchClient } from './hosted-client';
import { createLocalSearchClient, RetryError } from './local-client';
import type { SearchClientLike, SearchResponse } from './types';
import type { WorkerReply, WorkerRequest } from './worker';
import { createSearchWorker } from './worker-factory';

export type SiteSearchClient = SearchClientLike & { preload(): void };

async function fetchIndex(url: string): Promise<LoadedIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return loadSearchIndex(await response.json());
}

function inPageClient(url: string): SiteSearchClient {
  const local = createLocalSearchClient(() => fetchIndex(url));
  // A failed preload is not an error yet: the next search retries and shows the error screen if it fails.
  return { search: local.search, preload: () => void local.ready().catch(() => undefined) };
}

/** Searches in a worker; a worker that cannot start hands over to the in-page engine. */
export function workerClient(url: string, createWorker: () => Worker): SiteSearchClient {
  let worker: Worker | null = null;
  let fallback: SiteSearchClient | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: SearchResponse[]) => void; reject: (e: Error) => void }>();

  const start = (): Worker | null => {
    if (worker || fallback) return worker;
    try {
      worker = createWorker();
    } catch {
      fallback = inPageClient(url);
      return null;
    }
    worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      const call = pending.get(data.id);
      pending.delete(data.id);
      if (data.error !== undefined) call?.reject(new RetryError(`Unable to load the search index: ${data.error}`));
      else call?.resolve(data.results ?? []);
    };
    worker.onerror = () => {
      // The worker script itself failed (e.g. offline): fail these searches, search in the page from now on.
      pending.forEach((call) => call.reject(new RetryError('The search worker failed to start.')));
      pending.clear();
      worker?.terminate();
      worker = null;
      fallback = inPageClient(url);
    };
    return worker;
  };

  const post = (message: Omit<WorkerRequest, 'id' | 'url'>) =>
    new Promise<SearchResponse[]>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      start()?.postMessage({ id, url, ...message } satisfies WorkerRequest);
    });

  return {
    preload() {
      if (start()) post({}).catch(() => undefined);
      else fallback?.preload();
    },
    async search({ requests }) {
      if (!start() && fallback) return fallback.search({ requests });
      return { results: await post({ requests: [...requests] }) };
    },
  };
}

let shared: SiteSearchClient | null = null;

export function getSearchClient(config: Pick<SiteConfig, 'search'>): SiteSearchClient {
  if (shared) return shared;
  const { search } = config;
  if (isHostedSearch(search)) {
    const hosted = createHostedSearchClient({ appId: search.appId, apiKey: search.apiKey });
    shared = { search: hosted.search, preload: () => undefined };
  } else if (typeof Worker === 'undefined') {
    shared = inPageClient(SEARCH_INDEX_URL);
  } else {
    shared = workerClient(SEARCH_INDEX_URL, createSearchWorker);
  }
  return shared;
}

/** For tests: forget the shared client. */
export function resetSearchClient(): void {
  shared = null;
}
