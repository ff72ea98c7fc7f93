import { buildSearchIndex } from '../engine';
import { fixtureRecords } from './fixtures';

jest.mock('../worker-factory', () => ({ createSearchWorker: jest.fn() }));

import { getSearchClient, resetSearchClient, workerClient } from '../client';
import { RetryError } from '../local-client';
import type { WorkerReply, WorkerRequest } from '../worker';

const indexFile = buildSearchIndex(fixtureRecords());

/** A worker stand-in that answers like src/search/worker.ts would, or fails as told. */
class FakeWorker {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  received: WorkerRequest[] = [];
  constructor(private readonly reply: (message: WorkerRequest) => WorkerReply | 'crash') {}
  postMessage(message: WorkerRequest) {
    this.received.push(message);
    queueMicrotask(() => {
      const answer = this.reply(message);
      if (answer === 'crash') this.onerror?.(new Event('error'));
      else this.onmessage?.({ data: answer } as MessageEvent<WorkerReply>);
    });
  }
  terminate = jest.fn();
}

const request = { indexName: 'stan-docs', query: 'atom' };

describe('workerClient', () => {
  it('sends searches with the index URL to the worker and resolves with its results', async () => {
    const worker = new FakeWorker(({ id, requests }) => ({ id, results: (requests ?? []).map(() => ({ nbHits: 3 }) as never) }));
    const client = workerClient('/search-index.abc.json', () => worker as unknown as Worker);
    await expect(client.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 3 }] });
    expect(worker.received[0]).toEqual({ id: 1, url: '/search-index.abc.json', requests: [request] });
  });

  it('preloads by asking the worker to load the index without a search', async () => {
    const worker = new FakeWorker(({ id }) => ({ id, results: [] }));
    workerClient('/i.json', () => worker as unknown as Worker).preload();
    expect(worker.received).toEqual([{ id: 1, url: '/i.json' }]);
  });

  it('turns a worker error (index not loaded) into a RetryError, so the modal shows its error screen', async () => {
    const worker = new FakeWorker(({ id }) => ({ id, error: 'GET /i.json answered 404' }));
    const client = workerClient('/i.json', () => worker as unknown as Worker);
    await expect(client.search({ requests: [request] })).rejects.toBeInstanceOf(RetryError);
  });

  it('falls back to searching in the page when the worker crashes or cannot start', async () => {
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(indexFile)) })) as unknown as typeof fetch;
    const crashing = new FakeWorker(() => 'crash');
    const client = workerClient('/i.json', () => crashing as unknown as Worker);
    await expect(client.search({ requests: [request] })).rejects.toBeInstanceOf(RetryError);
    expect(crashing.terminate).toHaveBeenCalled();
    const { results } = await client.search({ requests: [request] });
    expect(results[0]?.nbHits).toBeGreaterThan(0);

    const unstartable = workerClient('/i.json', () => {
      throw new Error('no workers here');
    });
    expect((await unstartable.search({ requests: [request] })).results[0]?.nbHits).toBeGreaterThan(0);
  });
});

describe('getSearchClient', () => {
  afterEach(() => resetSearchClient());

  it('is shared by the modal and the search page', () => {
    const config = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };
    expect(getSearchClient(config)).toBe(getSearchClient(config));
  });
});
