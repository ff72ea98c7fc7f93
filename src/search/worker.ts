/**
 * The local engine in a Web Worker: it loads the index the page downloaded (transferred, not copied), then
 * answers searches off the main thread, so typing never waits on a query on a large site.
 */
import { loadSearchIndex, type LoadedIndex } from './engine';
import { answer } from './local-client';
import { SNIPPET_WORDS } from '../contract/constants';
import type { SearchRecord, SearchRequest, SearchResponse } from './types';

/** Either the index file's bytes to load, or searches to answer. */
export type WorkerRequest = { id: number; index?: ArrayBuffer; requests?: SearchRequest[] };
export type WorkerReply = { id: number; results?: SearchResponse[]; error?: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;
let loaded: LoadedIndex | null = null;

/**
 * One search right after loading compiles the engine's code while the page still renders the modal, so the
 * reader's first query runs warm (a cold first search takes several times as long); the index's terms are gathered
 * for typos then too, not on the first word typed with one.
 */
function warmUp(index: LoadedIndex): void {
  const page = index.mini.getStoredFields(0) as Partial<SearchRecord> | undefined;
  answer(index, { indexName: '', query: page?.hierarchy?.lvl1 ?? '', attributesToSnippet: [`content:${SNIPPET_WORDS}`] });
  index.vocabulary();
}

scope.onmessage = ({ data: { id, index, requests } }) => {
  try {
    if (index) loaded = loadSearchIndex(new TextDecoder().decode(index));
    if (!loaded) throw new Error('no search index was loaded');
    const current = loaded;
    scope.postMessage({ id, results: requests?.map((request) => answer(current, request)) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (index) warmUp(loaded);
};
