/**
 * The start of local search, taken at the reader's first sign of wanting it (the button's loader): the index
 * download and the search worker begin together, beside the modal's code. The search client then takes both:
 * it hands the downloaded bytes to that worker, so the file is fetched once and the worker is warm by the
 * first query. Small, as every page's first load carries it.
 */
import { SEARCH_INDEX_URL } from './assets';
import { createSearchWorker } from './worker-factory';

let download: Promise<ArrayBuffer> | null = null;
let worker: Worker | null = null;

/** Starts the download (once: later calls share it until it is taken); a failed download is forgotten. */
export function downloadSearchIndex(url: string = SEARCH_INDEX_URL): Promise<ArrayBuffer> {
  download ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return response.arrayBuffer();
    })
    .catch((error: unknown) => {
      download = null;
      throw error;
    });
  return download;
}

/** The downloaded bytes, for the worker they are transferred to (leaving nothing behind): the next taker downloads again. */
export function takeSearchIndex(url: string = SEARCH_INDEX_URL): Promise<ArrayBuffer> {
  const bytes = downloadSearchIndex(url);
  download = null;
  return bytes;
}

/** Starts the download and the worker, if not started yet. A worker that cannot start is left to the client. */
export function startLocalSearch(): void {
  downloadSearchIndex().catch(() => undefined);
  try {
    worker ??= createSearchWorker();
  } catch {
    // The client tries again, and reports the failure, on the first search.
  }
}

/** The worker started ahead (or a new one): the client's from now on. */
export function takeSearchWorker(): Worker {
  const started = worker ?? createSearchWorker();
  worker = null;
  return started;
}
