import { act, renderHook } from '@testing-library/react';
import { answeringClient, reportingClient, useTrackedSearchClient } from '@src/theme/SearchBar/tracked-client';

describe('reportingClient', () => {
  const args = { requests: [{ indexName: 'stan-docs', query: 'sel' }] };

  it('never rejects: a failed search answers no hits and reports the failure; a later success clears it', async () => {
    const outcomes: boolean[] = [];
    const search = jest.fn().mockRejectedValueOnce(new Error('The search worker failed.')).mockResolvedValue({ results: ['ok'] });
    const client = reportingClient({ search }, (failed) => outcomes.push(failed));
    await expect(client.search(args)).resolves.toEqual({ results: [expect.objectContaining({ hits: [], nbHits: 0, query: 'sel' })] });
    await expect(client.search(args)).resolves.toEqual({ results: ['ok'] });
    expect(outcomes).toEqual([true, false]);
  });

  it('reports only the latest search: an older one finishing late changes nothing', async () => {
    const outcomes: boolean[] = [];
    let failOld!: (error: Error) => void;
    const search = jest
      .fn()
      .mockImplementationOnce(() => new Promise((_, reject) => (failOld = reject)))
      .mockResolvedValue({ results: [] });
    const client = reportingClient({ search }, (failed) => outcomes.push(failed));
    const old = client.search(args);
    await client.search(args);
    failOld(new Error('late'));
    await old;
    expect(outcomes).toEqual([false]);
  });
});

describe('useTrackedSearchClient', () => {
  const args = { requests: [{ indexName: 'stan-docs', query: 'sel' }] };

  it('reports a failed search, and Retry mounts DocSearch afresh with the query until a search succeeds', async () => {
    const search = jest.fn().mockRejectedValueOnce(new Error('The search worker failed.')).mockResolvedValue({ results: ['ok'] });
    const shared = { search };
    const { result } = renderHook(() => useTrackedSearchClient(shared, 'se'));
    expect(result.current).toMatchObject({ failed: false, retrying: false, attempt: { key: 0, query: 'se' } });
    const client = result.current.client;

    await act(async () => {
      await expect(client.search(args)).resolves.toEqual({ results: [expect.objectContaining({ hits: [], query: 'sel' })] });
    });
    expect(result.current).toMatchObject({ failed: true, retrying: false });

    act(() => result.current.retry('sel'));
    expect(result.current).toMatchObject({ failed: true, retrying: true, attempt: { key: 1, query: 'sel' } });

    await act(async () => {
      await expect(result.current.client.search(args)).resolves.toEqual({ results: ['ok'] });
    });
    expect(result.current).toMatchObject({ failed: false, retrying: false, attempt: { key: 1, query: 'sel' } });
    // One client for the life of the modal: DocSearch keeps what the reader typed.
    expect(result.current.client).toBe(client);
  });

  it('a Retry whose search fails again ends retrying and keeps the failure', async () => {
    const search = jest.fn().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useTrackedSearchClient({ search }, undefined));
    await act(() => result.current.client.search(args));
    act(() => result.current.retry(''));
    await act(() => result.current.client.search(args));
    expect(result.current).toMatchObject({ failed: true, retrying: false, attempt: { key: 1, query: '' } });
  });
});

describe('answeringClient', () => {
  it('tells each answered query, its hits in rank order and the count; a failed search tells nothing', async () => {
    const answers: unknown[] = [];
    const search = jest
      .fn()
      .mockResolvedValueOnce({ results: [{ hits: [{ url: '/docs/api/atom#a' }, { url: '/docs/api/store' }], nbHits: 2 }] })
      .mockRejectedValueOnce(new Error('offline'));
    const client = answeringClient({ search }, (...args) => answers.push(args));
    await client.search({ requests: [{ indexName: 'stan-docs', query: 'atom' }] });
    await expect(client.search({ requests: [{ indexName: 'stan-docs', params: { query: 'zzz' } }] })).rejects.toThrow('offline');
    expect(answers).toEqual([['atom', ['/docs/api/atom#a', '/docs/api/store'], 2]]);
  });
});
