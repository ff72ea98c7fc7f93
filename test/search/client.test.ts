jest.mock('@src/search/worker-factory', () => ({ createSearchWorker: jest.fn() }));
const mockHostedSearch = jest.fn();
const mockHostedImport = { fail: 0, count: 0 };
jest.mock('@src/search/hosted-client', () => {
  mockHostedImport.count += 1;
  if (mockHostedImport.fail > 0) {
    mockHostedImport.fail -= 1;
    throw new Error('Loading chunk 293 failed.');
  }
  return { createHostedSearchClient: () => ({ search: mockHostedSearch }) };
});

import { createSearchWorker } from '@src/search/worker-factory';
import { downloadSearchIndex, getPageSearchClient, getSearchClient, resetSearchClient, workerClient } from '@src/search/client';
import { RetryError } from '@src/search/errors';
import type { WorkerReply, WorkerRequest } from '@src/search/worker';

const indexBytes = () => new ArrayBuffer(8);

/** A worker stand-in that answers like src/search/worker.ts would, or fails as told. */
class FakeWorker {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  received: Array<{ message: WorkerRequest; transfer: Transferable[] }> = [];
  constructor(private readonly reply: (message: WorkerRequest) => WorkerReply | 'crash') {}
  postMessage(message: WorkerRequest, transfer: Transferable[] = []) {
    this.received.push({ message, transfer });
    queueMicrotask(() => {
      const answer = this.reply(message);
      if (answer === 'crash') this.onerror?.(new Event('error'));
      else this.onmessage?.({ data: answer } as MessageEvent<WorkerReply>);
    });
  }
  terminate = jest.fn();
}

const request = { indexName: 'stan-docs', query: 'atom' };
const answering = () => new FakeWorker(({ id, requests }) => ({ id, results: requests?.map(() => ({ nbHits: 3 }) as never) }));

describe('workerClient', () => {
  it('hands the downloaded index to the worker once, transferred, then sends it searches', async () => {
    const worker = answering();
    const bytes = new ArrayBuffer(4);
    const take = jest.fn(async () => bytes);
    const client = workerClient(() => worker as unknown as Worker, take);
    await expect(client.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 3 }] });
    await client.search({ requests: [request] });
    expect(take).toHaveBeenCalledTimes(1);
    expect(worker.received.map((r) => r.message)).toEqual([
      { id: 1, index: bytes },
      { id: 2, requests: [request] },
      { id: 3, requests: [request] },
    ]);
    expect(worker.received[0]?.transfer).toEqual([bytes]);
  });

  it('preloads by starting the worker and handing it the index, without a search', async () => {
    const worker = answering();
    workerClient(() => worker as unknown as Worker, async () => new ArrayBuffer(1)).preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(worker.received.map((r) => Object.keys(r.message))).toEqual([['id', 'index']]);
  });

  it('turns a failed download or a worker error into a RetryError, and tries again on the next search', async () => {
    const worker = new FakeWorker(({ id, index }) => (index ? { id, error: 'not an index' } : { id, results: [] }));
    const take = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new ArrayBuffer(1));
    const client = workerClient(() => worker as unknown as Worker, take);
    await expect(client.search({ requests: [request] })).rejects.toBeInstanceOf(RetryError);
    await expect(client.search({ requests: [request] })).rejects.toThrow('not an index');
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('drops a worker that fails: its searches fail, and the next search starts a new worker with a new download', async () => {
    const crashing = new FakeWorker(() => 'crash');
    const healthy = answering();
    const workers = [crashing, healthy];
    const take = jest.fn(async () => indexBytes());
    const client = workerClient(() => workers.shift() as unknown as Worker, take);
    await expect(client.search({ requests: [request] })).rejects.toBeInstanceOf(RetryError);
    expect(crashing.terminate).toHaveBeenCalled();
    await expect(client.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 3 }] });
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('fails a search at once when its worker failed to load while the index downloaded (it would never answer)', async () => {
    // A worker whose script cannot load reports an error before any message; the index arrives after that.
    const unloadable = new FakeWorker(() => ({ id: 0 }));
    const healthy = answering();
    const workers = [unloadable, healthy];
    let downloaded!: (bytes: ArrayBuffer) => void;
    const take = jest
      .fn()
      .mockImplementationOnce(() => new Promise<ArrayBuffer>((resolve) => (downloaded = resolve)))
      .mockImplementation(async () => indexBytes());
    const client = workerClient(() => workers.shift() as unknown as Worker, take);
    const first = client.search({ requests: [request] });
    unloadable.onerror?.(new Event('error'));
    downloaded(indexBytes());
    await expect(first).rejects.toBeInstanceOf(RetryError);
    expect(unloadable.received).toEqual([]);
    await expect(client.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 3 }] });
  });

  it('fails a search with a RetryError when no worker can start, and tries again on the next', async () => {
    const create = jest
      .fn()
      .mockImplementationOnce(() => {
        throw new Error('workers are blocked');
      })
      .mockImplementation(() => answering());
    const client = workerClient(create, async () => new ArrayBuffer(1));
    await expect(client.search({ requests: [request] })).rejects.toBeInstanceOf(RetryError);
    await expect(client.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 3 }] });
  });
});

describe('downloadSearchIndex', () => {
  afterEach(() => {
    delete (global as { fetch?: unknown }).fetch;
  });

  it('reads the bytes of the index at its URL; a bad status is an error naming it', async () => {
    const bytes = new ArrayBuffer(2);
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({ ok: true, arrayBuffer: async () => bytes })
      .mockResolvedValueOnce({ ok: false, status: 404, url: '/search-index-1.0.0-rc14.json' });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(downloadSearchIndex('/search-index.json')).resolves.toBe(bytes);
    await expect(downloadSearchIndex('/search-index-1.0.0-rc14.json')).rejects.toThrow('GET /search-index-1.0.0-rc14.json answered 404');
    expect(fetchMock.mock.calls).toEqual([['/search-index.json'], ['/search-index-1.0.0-rc14.json']]);
  });
});

describe('getSearchClient', () => {
  afterEach(() => resetSearchClient());

  it('imports the hosted service client only when searching hosted, and again after a failed import', async () => {
    jest.resetModules();
    mockHostedImport.fail = 1;
    mockHostedImport.count = 0;
    mockHostedSearch.mockResolvedValue({ results: [{ nbHits: 7 }] });
    const fresh = (await import('@src/search/client')) as typeof import('@src/search/client');
    const hosted = fresh.getSearchClient(
      { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search', appId: 'APP', apiKey: 'KEY' } },
      { name: 'current', isLast: true },
    );
    expect(mockHostedImport.count).toBe(0);
    const { RetryError: FreshRetryError } = (await import('@src/search/errors')) as typeof import('@src/search/errors');
    await expect(hosted.search({ requests: [request] })).rejects.toBeInstanceOf(FreshRetryError);
    await expect(hosted.search({ requests: [request] })).resolves.toEqual({ results: [{ nbHits: 7 }] });
    expect(mockHostedSearch).toHaveBeenCalledWith({ requests: [request] });
    expect(mockHostedImport.count).toBe(2);
  });

  it('is shared by the modal and the search page, one per version', () => {
    const config = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };
    const last = { name: 'current', isLast: true };
    const older = { name: '1.0.0-rc14', isLast: false };
    expect(getSearchClient(config, last)).toBe(getSearchClient(config, last));
    expect(getSearchClient(config, older)).toBe(getSearchClient(config, older));
    expect(getSearchClient(config, older)).not.toBe(getSearchClient(config, last));
  });

  it("downloads only the index of the version the page is in, else the preferred one's, else the last one's", async () => {
    const fetched: string[] = [];
    global.fetch = jest.fn(async (url: string) => {
      fetched.push(url);
      return { ok: true, arrayBuffer: async () => indexBytes() };
    }) as unknown as typeof fetch;
    jest.mocked(createSearchWorker).mockImplementation(() => answering() as unknown as Worker);
    const config = {
      search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' },
      docs: {
        path: 'docs',
        lastVersion: 'current',
        versions: { current: { label: 'Next', banner: 'none', badge: true }, '1.0.0-rc14': { label: '1.0.0-rc14', banner: 'unmaintained', badge: true } },
      },
    } as unknown as Parameters<typeof getPageSearchClient>[0];
    const searchOn = async (pathname: string) => {
      resetSearchClient();
      fetched.length = 0;
      window.history.replaceState(null, '', pathname);
      await getPageSearchClient(config).search({ requests: [request] });
      return [...fetched];
    };
    try {
      expect(await searchOn('/docs/1.0.0-rc14/api/atom')).toEqual(['/search-index-1.0.0-rc14.json']);
      expect(await searchOn('/docs/api/atom')).toEqual(['/search-index.json']);
      expect(await searchOn('/search')).toEqual(['/search-index.json']);
      window.localStorage.setItem('docs-preferred-version-default', '1.0.0-rc14');
      expect(await searchOn('/search')).toEqual(['/search-index-1.0.0-rc14.json']);
      // The page's own version wins over the preferred one.
      expect(await searchOn('/docs/api/atom')).toEqual(['/search-index.json']);
    } finally {
      window.localStorage.clear();
      window.history.replaceState(null, '', '/');
      delete (global as { fetch?: unknown }).fetch;
    }
  });
});
