import { TextDecoder, TextEncoder } from 'util';
import type { WorkerReply, WorkerRequest } from '@src/search/worker';
import { buildSearchIndex } from '@src/search/engine';
import { fixtureRecords } from './fixtures';

// jsdom has no TextEncoder/TextDecoder; the browsers the site supports all do.
Object.assign(globalThis, { TextDecoder, TextEncoder });

type Scope = { onmessage: ((event: { data: WorkerRequest }) => void) | null; postMessage: jest.Mock };

/** Loads worker.ts into a stand-in worker scope and returns a function that sends it a message. */
async function startWorker() {
  const scope = globalThis as unknown as Scope;
  scope.postMessage = jest.fn();
  global.fetch = jest.fn() as unknown as typeof fetch;
  await jest.isolateModulesAsync(async () => {
    await import('@src/search/worker');
  });
  return (data: WorkerRequest): WorkerReply => {
    scope.onmessage?.({ data });
    return scope.postMessage.mock.calls.at(-1)?.[0] as WorkerReply;
  };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const search = (id: number, query: string): WorkerRequest => ({ id, requests: [{ indexName: 'stan-docs', query }] });

describe('the search worker', () => {
  it('loads the bytes the page sends, then answers searches, never fetching anything itself', async () => {
    const send = await startWorker();
    expect(send({ id: 1, index: bytes(buildSearchIndex(fixtureRecords())) })).toEqual({ id: 1, results: undefined });
    const reply = send(search(2, 'atom'));
    expect(reply.id).toBe(2);
    expect(reply.results?.[0]?.nbHits).toBeGreaterThan(0);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('gathers the index’s terms for typos as it loads, before the first search asks for them', async () => {
    const gathered = jest.fn();
    jest.doMock('@src/search/engine', () => {
      const engine = jest.requireActual<typeof import('@src/search/engine')>('@src/search/engine');
      return {
        ...engine,
        loadSearchIndex: (json: string) => {
          const index = engine.loadSearchIndex(json);
          return { ...index, vocabulary: () => (gathered(), index.vocabulary()) };
        },
      };
    });
    const send = await startWorker();
    jest.dontMock('@src/search/engine');
    send({ id: 1, index: bytes(buildSearchIndex(fixtureRecords())) });
    expect(gathered).toHaveBeenCalled();
  });

  it('reports a search that comes before any index, and an index it cannot read', async () => {
    const send = await startWorker();
    expect(send(search(1, 'atom'))).toEqual({ id: 1, error: 'no search index was loaded' });
    expect(send({ id: 2, index: bytes('<html>') }).error).toMatch(/rebuild the site/);
  });
});
