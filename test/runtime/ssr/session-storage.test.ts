import { SESSION_STORAGE_SOURCE, sessionStorageScript } from '@src/runtime/ssr/session-storage';

const keepSessionStorageUsable = new Function(`${SESSION_STORAGE_SOURCE}; return keepSessionStorageUsable;`)() as (
  win: object,
) => boolean;

const throwing = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('keepSessionStorageUsable', () => {
  it('keeps a working sessionStorage', () => {
    const real = window.sessionStorage;
    expect(keepSessionStorageUsable(window)).toBe(false);
    expect(window.sessionStorage).toBe(real);
  });

  it.each([
    ['whose methods throw', { sessionStorage: { getItem: throwing, setItem: throwing, removeItem: throwing } }],
    ['whose getter throws', Object.defineProperty({}, 'sessionStorage', { configurable: true, get: throwing })],
  ])('replaces a sessionStorage %s with a working one in memory', (_name, win: object) => {
    expect(keepSessionStorageUsable(win)).toBe(true);
    const storage = (win as { sessionStorage: Storage }).sessionStorage;
    expect(storage.getItem('gatsby-reload-compilation-hash-match')).toBeNull();
    storage.setItem('a', 1 as unknown as string);
    storage.setItem('b', 'two');
    expect([storage.getItem('a'), storage.length, storage.key(1), storage.key(2)]).toEqual(['1', 2, 'b', null]);
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('is what the <head> script runs, on the page itself', () => {
    expect(sessionStorageScript()).toMatch(/^\(function keepSessionStorageUsable\(win\) \{.*\}\)\(window\)$/);
    expect(() => new Function(sessionStorageScript())()).not.toThrow();
  });
});
