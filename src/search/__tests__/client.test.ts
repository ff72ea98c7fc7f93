import { buildSearchIndex } from '../engine';
import { fixtureRecords } from './fixtures';

jest.mock('../worker-factory', () => ({ createSearchWorker: jest.fn() }));
const mockHostedSearch = jest.fn();
const mockHostedImport = { fail: 0, count: 0 };
jest.mock('../hosted-client', () => {
  mockHostedImport.count += 1;
  if (mockHostedImport.fail > 0) {
    mockHostedImport.fail -= 1;
    throw new Error('Loading chunk 293 failed.');
  }
  return { createHostedSearchClient: () => ({ search: mockHostedSearch }) };
});

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

  it('imports the hosted service client only when searching hosted, and again after a failed import', async () => {
    jest.resetModules();
    mockHostedImport.fail = 1;
    mockHostedImport.count = 0;
    mockHostedSearch.mockResolvedValue({ results: [{ nbHits: 7 }] });
    const fresh = (await import('../client')) as typeof import('../client');
    const hosted = fresh.getSearchClient({
      search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search', appId: 'APP', apiKey: 'KEY' },
    });
    expect(mockHostedImport.count).toBe(0);
    const { RetryError: FreshRetryError } = (await import('../errors')) as typeof import('../errors');
    await expect(hosted.search({ requests: [request] })).rejects.toBeInstanceOf(FreshRetryError);
    await expect(hosted.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 7 }] });
    expect(mockHostedSearch).toHaveBeenCalledWith({ requests: [request] });
    expect(mockHostedImport.count).toBe(2);
  });

  it('is shared by the modal and the search page', () => {
    const config = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };
    expect(getSearchClient(config)).toBe(getSearchClient(config));
  });
});
