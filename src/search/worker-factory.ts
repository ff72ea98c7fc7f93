/** Starts the search worker; webpack bundles ./worker.ts as its own chunk from this `new URL(…, import.meta.url)`. */
export function createSearchWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url));
}
