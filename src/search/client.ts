/**
 * The one search client of the page (shared by the modal and /search): the hosted service when configured,
 * otherwise the local index, searched in a Web Worker. This module is small and loads beside the modal's
 * chunk; the engine lives in the worker's own chunk, and the hosted service's client is imported only when
 * configured.
 */
import type { SiteConfig } from '../config/types';
import { isHostedSearch } from './config';
import { loadOnceRetryingFailures, RetryError } from './errors';
import { downloadSearchIndex, indexDownload } from './assets';
import type { SearchClientLike, SearchResponse } from './types';
import type { WorkerReply, WorkerRequest } from './worker';
import { createSearchWorker } from './worker-factory';

export type SiteSearchClient = SearchClientLike & { preload(): void };

/** The index file's bytes, from the download the button's loader started (or a new one); the next call downloads again. */
export async function takeSearchIndexBytes(): Promise<ArrayBuffer> {
  const download = downloadSearchIndex();
  indexDownload.pending = null;
  const response = await download;
  if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
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
export function workerClient(
  createWorker: () => Worker = createSearchWorker,
  takeIndex: () => Promise<ArrayBuffer> = takeSearchIndexBytes,
): SiteSearchClient {
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

let shared: SiteSearchClient | null = null;

export function getSearchClient(config: Pick<SiteConfig, 'search'>): SiteSearchClient {
  if (shared) return shared;
  const { search } = config;
  if (isHostedSearch(search)) {
    shared = hostedClient(search.appId, search.apiKey);
  } else {
    shared = workerClient();
  }
  return shared;
}

/** For tests: forget the shared client. */
export function resetSearchClient(): void {
  shared = null;
}
