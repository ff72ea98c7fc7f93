/**
 * The one search client of the page (shared by the modal and /search): the hosted service when configured,
 * otherwise the local index, searched in a Web Worker (in the page where workers are unavailable). This module
 * is small and loads beside the modal's chunk; the engine (for the in-page fallback) and the hosted service's
 * client are imported only by the configuration that uses them.
 */
import type { SiteConfig } from '../config/types';
import { SEARCH_INDEX_URL } from './assets';
import { isHostedSearch } from './config';
import type { LoadedIndex } from './engine';
import { loadOnceRetryingFailures, RetryError } from './errors';
import type { SearchClientLike, SearchResponse } from './types';
import type { WorkerReply, WorkerRequest } from './worker';
import { createSearchWorker } from './worker-factory';

export type SiteSearchClient = SearchClientLike & { preload(): void };

async function fetchIndex(url: string, load: (file: unknown) => LoadedIndex): Promise<LoadedIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return load(await response.json());
}

/** The engine in the page (no Web Worker), imported on first use; the index loads then too. */
function inPageClient(url: string): SiteSearchClient {
  const local = loadOnceRetryingFailures(
    () =>
      Promise.all([import('./local-client'), import('./engine')]).then(([{ createLocalSearchClient }, { loadSearchIndex }]) =>
        createLocalSearchClient(() => fetchIndex(url, loadSearchIndex)),
      ),
    'Unable to load the search engine.',
  );
  return {
    search: async (args) => (await local()).search(args),
    // A failed preload is not an error yet: the next search retries and shows the error screen if it fails.
    preload: () => void local().then((c) => c.ready()).catch(() => undefined),
  };
}

/** The hosted service; its client library is imported on first use (and again after a failed import). */
function hostedClient(appId: string, apiKey: string): SiteSearchClient {
  const ready = loadOnceRetryingFailures(
    () => import('./hosted-client').then((module) => module.createHostedSearchClient({ appId, apiKey })),
    'Unable to load the search client.',
  );
  return {
    search: async (args) => (await ready()).search(args),
    preload: () => void ready().catch(() => undefined),
  };
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
    shared = hostedClient(search.appId, search.apiKey);
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
