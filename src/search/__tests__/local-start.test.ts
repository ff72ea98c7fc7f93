let mockWorkers = 0;
const mockCreateWorker = jest.fn((): Worker => ({ id: ++mockWorkers }) as unknown as Worker);
jest.mock('../worker-factory', () => ({ createSearchWorker: () => mockCreateWorker() }));

import { downloadSearchIndex, startLocalSearch, takeSearchIndex, takeSearchWorker } from '../local-start';

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

const serving = (...bodies: Array<ArrayBuffer | number>) => {
  const fetchMock = jest.fn();
  for (const body of bodies) {
    fetchMock.mockResolvedValueOnce(
      typeof body === 'number' ? { ok: false, status: body } : { ok: true, status: 200, arrayBuffer: async () => body },
    );
  }
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
};

describe('the index download', () => {
  it('is shared until taken; the next taker downloads again (the bytes went to the worker)', async () => {
    const [first, second] = [new ArrayBuffer(1), new ArrayBuffer(2)];
    const fetchMock = serving(first, second);
    void downloadSearchIndex('/i.json');
    await expect(takeSearchIndex('/i.json')).resolves.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(takeSearchIndex('/i.json')).resolves.toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('names the file and status of a failed download, and forgets it', async () => {
    const bytes = new ArrayBuffer(3);
    serving(404, bytes);
    await expect(downloadSearchIndex('/i.json')).rejects.toThrow('GET /i.json answered 404');
    await expect(takeSearchIndex('/i.json')).resolves.toBe(bytes);
  });
});

describe('the worker started ahead', () => {
  it('is started once and handed over once; the next taker gets a new one', async () => {
    serving(new ArrayBuffer(1));
    startLocalSearch();
    startLocalSearch();
    expect(mockCreateWorker).toHaveBeenCalledTimes(1);
    const first = takeSearchWorker();
    expect(first).toBe(mockCreateWorker.mock.results[0]?.value);
    expect(takeSearchWorker()).not.toBe(first);
    expect(mockCreateWorker).toHaveBeenCalledTimes(2);
    await takeSearchIndex();
  });
});
