/**
 * The local engine in a Web Worker: it fetches and loads the index, then answers searches off the main
 * thread, so typing never waits on a query (a 2,000-page site takes longer than a frame to search).
 */
import type { LoadedIndex } from './engine';
import type { SearchRequest, SearchResponse } from './types';

export type WorkerRequest = { id: number; url: string; requests?: SearchRequest[] };
export type WorkerReply = { id: number; results?: SearchResponse[]; error?: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;
type Loaded = { index: LoadedIndex; answer: (typeof import('./local-client'))['answer'] };
let loaded: Promise<Loaded> | null = null;

/**
 * The index download starts first, before the engine's code runs. The eager imports keep local-client in the
 * worker's own file; the engine and MiniSearch, shared with the in-page fallback, are one more chunk that
 * loads while the index downloads.
 */
async function load(url: string): Promise<Loaded> {
  const [response, engine, local] = await Promise.all([
    fetch(url),
    import(/* webpackMode: "eager" */ './engine'),
    import(/* webpackMode: "eager" */ './local-client'),
  ]);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { index: engine.loadSearchIndex(await response.json()), answer: local.answer };
}

scope.onmessage = async ({ data: { id, url, requests } }) => {
  try {
    loaded ??= load(url);
    const { index, answer } = await loaded;
    scope.postMessage({ id, results: requests?.map((request) => answer(index, request)) });
  } catch (error) {
    // The next search tries the download again.
    loaded = null;
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
