/**
 * The local engine in a Web Worker: it fetches and loads the index, then answers searches off the main
 * thread, so typing never waits on a query (a 2,000-page site takes longer than a frame to search).
 */
import { loadSearchIndex, type LoadedIndex } from './engine';
import { answer } from './local-client';
import type { SearchRequest, SearchResponse } from './types';

export type WorkerRequest = { id: number; url: string; requests?: SearchRequest[] };
export type WorkerReply = { id: number; results?: SearchResponse[]; error?: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;
let index: Promise<LoadedIndex> | null = null;

async function load(url: string): Promise<LoadedIndex> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return loadSearchIndex(await response.json());
}

scope.onmessage = async ({ data: { id, url, requests } }) => {
  try {
    index ??= load(url);
    const loaded = await index;
    scope.postMessage({ id, results: requests?.map((request) => answer(loaded, request)) });
  } catch (error) {
    // The next search tries the download again.
    index = null;
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
