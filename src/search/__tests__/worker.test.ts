import type { WorkerReply, WorkerRequest } from '../worker';
import { fixtureRecords } from './fixtures';

const mockOrder: string[] = [];
jest.mock('../engine', () => {
  mockOrder.push('engine');
  return jest.requireActual('../engine');
});

const { buildSearchIndex } = jest.requireActual('../engine') as typeof import('../engine');
const indexJson = JSON.stringify(buildSearchIndex(fixtureRecords()));
type Scope = { onmessage: ((event: { data: WorkerRequest }) => Promise<void>) | null; postMessage: jest.Mock };

/** Loads worker.ts into a stand-in worker scope and returns a function that sends it a message. */
async function startWorker(fetchImpl: jest.Mock) {
  const scope = globalThis as unknown as Scope;
  scope.postMessage = jest.fn();
  global.fetch = fetchImpl as unknown as typeof fetch;
  await jest.isolateModulesAsync(async () => {
    await import('../worker');
  });
  return async (data: WorkerRequest): Promise<WorkerReply> => {
    await scope.onmessage?.({ data });
    return scope.postMessage.mock.calls.at(-1)?.[0] as WorkerReply;
  };
}

const ok = () => ({ ok: true, status: 200, json: async () => JSON.parse(indexJson) });

beforeEach(() => {
  mockOrder.length = 0;
});

describe('the search worker', () => {
  it('starts the index download before loading the engine, then answers searches', async () => {
    const fetchMock = jest.fn(async () => {
      mockOrder.push('fetch');
      return ok();
    });
    const send = await startWorker(fetchMock);
    expect(mockOrder).toEqual([]);
    const reply = await send({ id: 1, url: '/search-index.abc.json', requests: [{ indexName: 'stan-docs', query: 'atom' }] });
    expect(mockOrder).toEqual(['fetch', 'engine']);
    expect(reply.id).toBe(1);
    expect(reply.results?.[0]?.nbHits).toBeGreaterThan(0);
    // The index is loaded once.
    await send({ id: 2, url: '/search-index.abc.json', requests: [{ indexName: 'stan-docs', query: 'store' }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers a preload (no requests) once the index is loaded', async () => {
    const send = await startWorker(jest.fn(async () => ok()));
    expect(await send({ id: 7, url: '/i.json' })).toEqual({ id: 7, results: undefined });
  });

  it('reports a failed download and tries again on the next message', async () => {
    const fetchMock = jest.fn().mockResolvedValueOnce({ ok: false, status: 404 }).mockImplementation(async () => ok());
    const send = await startWorker(fetchMock);
    expect(await send({ id: 1, url: '/i.json', requests: [] })).toEqual({ id: 1, error: 'GET /i.json answered 404' });
    expect((await send({ id: 2, url: '/i.json', requests: [] })).error).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
