import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChunkLoadError, LazyBoundary, lazyWithRetry } from '..';
import ErrorBoundary from '../../ErrorBoundary';

function Modal({ label }: { label: string }) {
  return <p>{label}</p>;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('lazyWithRetry + LazyBoundary', () => {
  it('shows the loading fallback, then the component', async () => {
    const Lazy = lazyWithRetry(() => Promise.resolve({ default: Modal }));
    render(
      <LazyBoundary fallback={<p>Loading…</p>}>
        <Lazy label="Search modal" />
      </LazyBoundary>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Search modal')).toBeInTheDocument();
  });

  it('shows the error text and a Retry button that imports again', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Modal }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 839 failed.'))
      .mockResolvedValue({ default: Modal });
    const Lazy = lazyWithRetry(load);
    render(
      <LazyBoundary>
        <Lazy label="Diagram" />
      </LazyBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk 839 failed.');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Diagram')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps offering Retry while the chunk keeps failing', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    const Lazy = lazyWithRetry<{ label: string }>(load);
    render(
      <LazyBoundary>
        <Lazy label="x" />
      </LazyBoundary>,
    );
    await screen.findByRole('alert');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('offline');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves errors thrown by the loaded component to the page’s error boundary', async () => {
    function Crashing(): never {
      throw new Error('render bug');
    }
    const Lazy = lazyWithRetry(() => Promise.resolve({ default: Crashing }));
    render(
      <ErrorBoundary fallback={({ error }) => <p>Page error: {error.message}</p>}>
        <LazyBoundary>
          <Lazy />
        </LazyBoundary>
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Page error: render bug')).toBeInTheDocument();
  });

  it('preload() starts the import and swallows its failure', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    await expect(lazyWithRetry(load).preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('wraps import failures in ChunkLoadError with the original as cause', () => {
    const cause = new Error('Loading chunk 1 failed.');
    const error = new ChunkLoadError(cause);
    expect(error.message).toBe('Loading chunk 1 failed.');
    expect(error.cause).toBe(cause);
  });
});
