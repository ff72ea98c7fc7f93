import { downloadSearchIndex, indexDownload } from '../assets';

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
  indexDownload.pending = null;
});

describe('the index download', () => {
  it('is started once and shared until taken', async () => {
    const response = { ok: true };
    const fetchMock = jest.fn().mockResolvedValue(response);
    global.fetch = fetchMock as unknown as typeof fetch;
    void downloadSearchIndex();
    await expect(downloadSearchIndex()).resolves.toBe(response);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/search-index.json');
  });

  it('forgets a failed request, so the next call tries again', async () => {
    const response = { ok: true };
    global.fetch = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(response) as unknown as typeof fetch;
    await expect(downloadSearchIndex()).rejects.toThrow('Failed to fetch');
    await expect(downloadSearchIndex()).resolves.toBe(response);
  });
});
