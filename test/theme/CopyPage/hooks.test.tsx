import { act, renderHook, waitFor } from '@testing-library/react';
import { useMarkdownCopy, type CopyPageRequest } from '@src/theme/CopyPage/hooks';

const respond = (text: string) => ({ ok: true, status: 200, text: async () => text }) as Response;

beforeEach(() => {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => respond('# Atom\n'));
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: jest.fn(async () => undefined) } });
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

describe('useMarkdownCopy', () => {
  it('copies once per press object, closes the menu for a copy, and a menu press clears the last outcome', async () => {
    const setOpen = jest.fn();
    const copyPress: CopyPageRequest = { kind: 'copy' };
    const { result, rerender } = renderHook(({ request }) => useMarkdownCopy({ href: '/docs/api/atom.md', request, setOpen }), {
      initialProps: { request: null as CopyPageRequest | null },
    });
    expect(result.current.outcome).toBe('idle');
    rerender({ request: copyPress });
    await waitFor(() => expect(result.current.outcome).toBe('copied'));
    expect(setOpen).toHaveBeenCalledWith(false);
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    // The same press again (a re-render) copies nothing more.
    rerender({ request: copyPress });
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    rerender({ request: { kind: 'menu' } });
    expect(result.current.outcome).toBe('idle');
    await act(() => result.current.copy());
    expect(result.current.outcome).toBe('copied');
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
  });
});
