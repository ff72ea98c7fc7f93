import { createMemoryStorage, STORAGE_QUOTA_UNITS } from '@src/theme/islands/Playground/frame/storage';

describe("the frame's storage", () => {
  it('behaves as a Storage: strings in, strings out, null for a missing key', () => {
    const storage = createMemoryStorage();
    storage.setItem('draft', 'hello');
    storage.setItem('count', 3 as unknown as string);
    expect(storage.getItem('draft')).toBe('hello');
    expect(storage.getItem('count')).toBe('3');
    expect(storage.getItem('missing')).toBeNull();
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('count');
    expect(storage.key('1' as unknown as number)).toBe('count');
    expect(storage.key(5)).toBeNull();
    expect(storage.key(-1)).toBeNull();
    storage.removeItem('draft');
    expect(storage.length).toBe(1);
    storage.clear();
    expect(storage.length).toBe(0);
    expect(Object.prototype.toString.call(storage)).toBe('[object Storage]');
  });

  it('gives its items as properties, both ways, as a browser does', () => {
    const storage = createMemoryStorage() as Storage & Record<string, unknown>;
    storage.b = 2;
    expect(storage.getItem('b')).toBe('2');
    storage.setItem('a', '1');
    expect(storage.a).toBe('1');
    expect(Object.keys(storage)).toEqual(['b', 'a']);
    expect({ ...storage }).toEqual({ b: '2', a: '1' });
    expect(JSON.stringify(storage)).toBe('{"b":"2","a":"1"}');
    expect('a' in storage).toBe(true);
    expect('nothing' in storage).toBe(false);
    expect(Object.getOwnPropertyDescriptor(storage, 'a')).toEqual({ value: '1', writable: true, enumerable: true, configurable: true });
    expect(delete storage.a).toBe(true);
    expect(storage.getItem('a')).toBeNull();
    expect(storage.a).toBeUndefined();
    Object.defineProperty(storage, 'c', { value: 'x' });
    expect(storage.getItem('c')).toBe('x');
    expect(() => Object.defineProperty(storage, 'd', { get: () => 'y' })).toThrow(TypeError);
    expect(() => Object.freeze(storage)).toThrow(TypeError);
  });

  it('never lets an item hide a method or a property of its prototypes', () => {
    const storage = createMemoryStorage() as Storage & Record<string, unknown>;
    (storage as Record<string, unknown>).getItem = 'shadow';
    storage.setItem('length', '99');
    storage.setItem('toString', 'x');
    expect(typeof storage.getItem).toBe('function');
    expect(storage.getItem('getItem')).toBe('shadow');
    expect(storage.length).toBe(3);
    expect(typeof storage.toString).toBe('function');
    // Such items are items, not properties.
    expect(Object.keys(storage)).toEqual([]);
    expect(storage.key(0)).toBe('getItem');
  });

  it('refuses a write past its quota with QuotaExceededError, keeping what it held', () => {
    const storage = createMemoryStorage(100);
    storage.setItem('k', 'x'.repeat(90));
    expect(() => storage.setItem('other', 'y'.repeat(10))).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
    expect(storage.getItem('other')).toBeNull();
    // Replacing a value counts only the difference; removing frees room.
    storage.setItem('k', 'z'.repeat(99));
    expect(storage.getItem('k')).toHaveLength(99);
    storage.removeItem('k');
    storage.setItem('other', 'y'.repeat(95));
    expect(() => ((storage as unknown as Record<string, string>).more = 'w'.repeat(10))).toThrow(DOMException);
  });

  it('holds 5 MiB of text and refuses a 10 MB value', () => {
    const storage = createMemoryStorage();
    expect(() => storage.setItem('big', 'x'.repeat(10 * 1024 * 1024))).toThrow(expect.objectContaining({ name: 'QuotaExceededError', code: 22 }));
    storage.setItem('fits', 'x'.repeat(STORAGE_QUOTA_UNITS - 'fits'.length));
    expect(storage.getItem('fits')).toHaveLength(STORAGE_QUOTA_UNITS - 4);
  });

  it('checks its arguments and its receiver as a browser does', () => {
    const storage = createMemoryStorage();
    expect(() => (storage.getItem as () => string | null)()).toThrow(/1 argument required, but only 0 present/);
    expect(() => (storage.setItem as (key: string) => void)('only-key')).toThrow(/2 arguments required, but only 1 present/);
    expect(() => storage.getItem.call({}, 'a')).toThrow(/Illegal invocation/);
  });

  it('keeps each storage apart', () => {
    const local = createMemoryStorage();
    const session = createMemoryStorage();
    local.setItem('a', '1');
    expect(session.getItem('a')).toBeNull();
    expect(local.getItem.call(session, 'a')).toBeNull();
  });
});
