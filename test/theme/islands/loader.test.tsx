import { act, render, screen } from '@testing-library/react';
import { isModuleLoadFailure, latePiece, showsFailure, useLatePiece, type LatePiece } from '@src/theme/islands/loader';

describe('latePiece', () => {
  it('loads once and keeps the value; concurrent loads share the request', async () => {
    const importer = jest.fn(() => Promise.resolve('modal'));
    const piece = latePiece('Search', importer);
    expect(piece.state.status).toBe('idle');
    const [a, b] = await Promise.all([piece.load(), piece.load()]);
    expect([a, b]).toEqual(['modal', 'modal']);
    await piece.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(piece.state).toEqual({ status: 'ready', value: 'modal' });
  });

  it('forgets a failure: the next load requests the code again, with the attempt number', async () => {
    const importer = jest
      .fn<Promise<string>, [number]>()
      .mockRejectedValueOnce(new Error('Loading chunk 839 failed.'))
      .mockResolvedValueOnce('tabs');
    const piece = latePiece('The tabs', importer);
    await expect(piece.load()).rejects.toThrow('The tabs could not load: Loading chunk 839 failed.');
    expect(piece.state.status).toBe('failed');
    expect(piece.state.error?.piece).toBe('The tabs');
    expect(piece.state.error?.cause).toEqual(new Error('Loading chunk 839 failed.'));
    await expect(piece.load()).resolves.toBe('tabs');
    expect(importer.mock.calls).toEqual([[0], [1]]);
  });

  it('reports every state change, and says when a load is a retry', async () => {
    let fail = true;
    const piece = latePiece('The menu', () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(1)));
    const seen: string[] = [];
    piece.subscribe(() =>
      seen.push(piece.state.status === 'loading' ? `loading${piece.state.retrying ? ' (retry)' : ''}` : piece.state.status),
    );
    await piece.load().catch(() => undefined);
    fail = false;
    const retry = piece.load();
    expect(showsFailure(piece.state)).toBe(true);
    await retry;
    expect(seen).toEqual(['loading', 'failed', 'loading (retry)', 'ready']);
    expect(showsFailure(piece.state)).toBe(false);
  });

  it('turns an importer that throws synchronously into a failed load', async () => {
    const piece = latePiece('The diagram', () => {
      throw new Error('no network');
    });
    await expect(piece.load()).rejects.toThrow('The diagram could not load: no network');
  });

  it('stops telling an unsubscribed listener', async () => {
    const piece = latePiece('x', () => Promise.resolve(1));
    const listener = jest.fn();
    piece.subscribe(listener)();
    await piece.load();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('useLatePiece', () => {
  function Status({ piece }: { piece: LatePiece<string> }) {
    const state = useLatePiece(piece);
    return <p>{state.status === 'ready' ? state.value : state.status}</p>;
  }

  it('re-renders on every change of the piece', async () => {
    let resolve!: (value: string) => void;
    const piece = latePiece('Search', () => new Promise<string>((r) => (resolve = r)));
    render(<Status piece={piece} />);
    expect(screen.getByText('idle')).toBeInTheDocument();
    act(() => void piece.load());
    expect(await screen.findByText('loading')).toBeInTheDocument();
    await act(async () => resolve('DocSearch'));
    expect(screen.getByText('DocSearch')).toBeInTheDocument();
  });
});

describe('isModuleLoadFailure', () => {
  it('recognises chunk and module fetch failures, also wrapped, and nothing else', () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://h/vendor/mermaid/flowDiagram-X.mjs');
    const webpack = Object.assign(new Error('Loading chunk 839 failed.\n(error: http://h/839.js)'), { name: 'ChunkLoadError' });
    expect(isModuleLoadFailure(chromium)).toBe(true);
    expect(isModuleLoadFailure(webpack)).toBe(true);
    expect(isModuleLoadFailure(new TypeError('error loading dynamically imported module: http://h/x.mjs'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadFailure(new Error('outer', { cause: new Error('Loading CSS chunk 12 failed.') }))).toBe(true);
    expect(isModuleLoadFailure(new Error('Parse error on line 2: Expecting "SEMI"'))).toBe(false);
    expect(isModuleLoadFailure('Loading chunk 1 failed.')).toBe(false);
  });
});
