/**
 * The search clients of the page (shared by the modal and /search): the hosted service when configured (one for
 * every version: each request filters by its version's docs tag), otherwise one per docs version, searching that
 * version's own index in a Web Worker. This module is small and loads beside the modal's chunk; the engine lives in
 * the worker's own chunk, and the hosted service's client is imported only when configured.
 */
import type { SiteConfig } from '../config/types';
import type { BuildDefines } from '../contract/build-defines';
import { isHostedSearch } from './config';
import { loadOnceRetryingFailures, RetryError } from './errors';
import type { SearchClientLike, SearchResponse } from './types';
import { searchIndexUrl, searchVersionOfPage, type SearchVersion } from './versions';
import type { WorkerReply, WorkerRequest } from './worker';
import { createSearchWorker } from './worker-factory';

declare const __STAN_SEARCH_INDEX_DIR__: BuildDefines['__STAN_SEARCH_INDEX_DIR__'] | undefined;

/** The folder of the versions' index files (the dev server's in develop; `/` outside webpack). */
const SEARCH_INDEX_DIR: string = (typeof __STAN_SEARCH_INDEX_DIR__ !== 'undefined' && __STAN_SEARCH_INDEX_DIR__) || '/';

export type SiteSearchClient = SearchClientLike & { preload(): void };

/** The bytes of the index at `url`; a failed request or a bad status is an error (the next search downloads again). */
export async function downloadSearchIndex(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${response.url || url} answered ${response.status}`);
  return response.arrayBuffer();
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

/**
 * Searches in a worker, which gets the index as the bytes the page downloaded (transferred, once). A worker
 * that fails is dropped: its searches fail with a RetryError (the modal's error screen), and the next search
 * starts a new worker and downloads the index again.
 */
export function workerClient(createWorker: () => Worker, takeIndex: () => Promise<ArrayBuffer>): SiteSearchClient {
  let worker: Worker | null = null;
  let delivered: Promise<unknown> | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: SearchResponse[]) => void; reject: (e: Error) => void }>();

  const drop = (reason: string) => {
    pending.forEach((call) => call.reject(new RetryError(reason)));
    pending.clear();
    worker?.terminate();
    worker = null;
    delivered = null;
  };

  const start = (): Worker => {
    if (worker) return worker;
    const started = createWorker();
    started.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      const call = pending.get(data.id);
      pending.delete(data.id);
      if (data.error !== undefined) call?.reject(new RetryError(`Unable to load the search index: ${data.error}`));
      else call?.resolve(data.results ?? []);
    };
    // The worker's script failed (e.g. offline) or it crashed.
    started.onerror = () => drop('The search worker failed.');
    worker = started;
    return started;
  };

  // A worker dropped while the index downloaded (its script failed to load) would never answer: such a call fails
  // at once, and the next search starts a new worker.
  const call = (to: Worker, message: Omit<WorkerRequest, 'id'>, transfer: Transferable[] = []) =>
    new Promise<SearchResponse[]>((resolve, reject) => {
      if (to !== worker) {
        reject(new RetryError('The search worker failed.'));
        return;
      }
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      to.postMessage({ id, ...message } satisfies WorkerRequest, transfer);
    });

  /** The index, handed to the worker once; a failed download or load is tried again by the next search. */
  const deliver = (to: Worker) => {
    if (delivered) return delivered;
    const delivery: Promise<unknown> = takeIndex()
      .then((bytes) => call(to, { index: bytes }, [bytes]))
      .catch((error: unknown) => {
        // Only this delivery is forgotten: a newer worker may have started its own meanwhile.
        if (delivered === delivery) delivered = null;
        throw error instanceof RetryError ? error : new RetryError('Unable to load the search index.', { cause: error });
      });
    delivered = delivery;
    return delivery;
  };

  const ready = async (): Promise<Worker> => {
    let to: Worker;
    try {
      to = start();
    } catch (error) {
      throw new RetryError('The search worker cannot start.', { cause: error });
    }
    await deliver(to);
    return to;
  };

  return {
    preload: () => void ready().catch(() => undefined),
    async search({ requests }) {
      return { results: await call(await ready(), { requests: [...requests] }) };
    },
  };
}

let hosted: SiteSearchClient | null = null;
/** The local clients by index URL: a version's worker and index are started once, when first searched. */
const local = new Map<string, SiteSearchClient>();

/** The client that searches `version`: the hosted service's (shared), or the worker of that version's index. */
export function getSearchClient(config: Pick<SiteConfig, 'search'>, version: Pick<SearchVersion, 'name' | 'isLast'>): SiteSearchClient {
  const { search } = config;
  if (isHostedSearch(search)) return (hosted ??= hostedClient(search.appId, search.apiKey));
  const url = searchIndexUrl(SEARCH_INDEX_DIR, version);
  let client = local.get(url);
  if (!client) {
    client = workerClient(createSearchWorker, () => downloadSearchIndex(url));
    local.set(url, client);
  }
  return client;
}

/** The client of the version this page searches (its own, else the preferred one, else the last). */
export function getPageSearchClient(config: Pick<SiteConfig, 'search'>): SiteSearchClient {
  return getSearchClient(config, searchVersionOfPage());
}

/** For tests: forget the shared clients. */
export function resetSearchClient(): void {
  hosted = null;
  local.clear();
}
