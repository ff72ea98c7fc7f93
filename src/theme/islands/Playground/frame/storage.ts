/**
 * The Storage the frame gives a reader's code as localStorage and sessionStorage: the sandbox's own origin has no
 * storage (reading it throws SecurityError), and the site's must stay out of reach, so values live in memory for
 * the run. It behaves as a browser's Storage, so samples written for a browser run as they would there: the five
 * methods with the browser's string conversions and argument checks; items that are also properties, as Web IDL
 * defines for Storage (`localStorage.b = '2'`, `localStorage.b`, `delete localStorage.b`, `'b' in localStorage`,
 * `Object.keys(localStorage)`, JSON.stringify), never hiding a method or any other property of its prototypes; and
 * a quota, past which a write throws QuotaExceededError and changes nothing.
 * Hand-written: the in-memory Storage packages on npm (memorystorage, localstorage-polyfill, storage-mock,
 * localStorage) have no quota, and none gives items as properties without letting them hide the methods.
 */

/**
 * What one storage holds: keys and values together, in UTF-16 code units. Chromium's 10 MB per origin holds this
 * much text in its two-byte form, and it is the most Firefox and Safari hold (5 MiB).
 */
export const STORAGE_QUOTA_UNITS = 5 * 1024 * 1024;

interface Area {
  readonly items: Map<string, string>;
  /** Code units of every key and value held. */
  used: number;
  readonly quota: number;
}

// The state behind each storage (and behind its proxy): its methods find it from `this`, as a browser's do.
const areas = new WeakMap<object, Area>();

function areaOf(self: unknown, method: string): Area {
  const area = typeof self === 'object' && self !== null ? areas.get(self) : undefined;
  if (!area) throw new TypeError(`Failed to execute '${method}' on 'Storage': Illegal invocation`);
  return area;
}

function requireArguments(method: string, required: number, given: number): void {
  if (given < required) {
    const noun = required === 1 ? 'argument' : 'arguments';
    throw new TypeError(`Failed to execute '${method}' on 'Storage': ${required} ${noun} required, but only ${given} present.`);
  }
}

/** The error a browser throws for a write past the quota (its own class where the browser has one). */
function quotaExceeded(key: string): DOMException {
  const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  const message = `Failed to execute 'setItem' on 'Storage': Setting the value of '${shown}' exceeded the quota.`;
  const QuotaError = (globalThis as { QuotaExceededError?: new (message: string) => DOMException }).QuotaExceededError;
  return typeof QuotaError === 'function' ? new QuotaError(message) : new DOMException(message, 'QuotaExceededError');
}

/** The Storage interface over one area; its items are exposed as properties by the proxy `createMemoryStorage` makes. */
class MemoryStorage {
  get length(): number {
    return areaOf(this, 'length').items.size;
  }

  key(index: number): string | null {
    requireArguments('key', 1, arguments.length);
    const { items } = areaOf(this, 'key');
    // Web IDL's unsigned long: -1 is 4294967295, '1' is 1.
    const at = Number(index) >>> 0;
    if (at >= items.size) return null;
    let i = 0;
    for (const key of items.keys()) if (i++ === at) return key;
    return null;
  }

  getItem(key: string): string | null {
    requireArguments('getItem', 1, arguments.length);
    return areaOf(this, 'getItem').items.get(String(key)) ?? null;
  }

  setItem(key: string, value: string): void {
    requireArguments('setItem', 2, arguments.length);
    const area = areaOf(this, 'setItem');
    const name = String(key);
    const text = String(value);
    const old = area.items.get(name);
    const used = area.used - (old === undefined ? 0 : name.length + old.length) + name.length + text.length;
    if (used > area.quota) throw quotaExceeded(name);
    area.items.set(name, text);
    area.used = used;
  }

  removeItem(key: string): void {
    requireArguments('removeItem', 1, arguments.length);
    const area = areaOf(this, 'removeItem');
    const name = String(key);
    const old = area.items.get(name);
    if (old === undefined) return;
    area.items.delete(name);
    area.used -= name.length + old.length;
  }

  clear(): void {
    const area = areaOf(this, 'clear');
    area.items.clear();
    area.used = 0;
  }

  get [Symbol.toStringTag](): string {
    return 'Storage';
  }
}

/** A new, empty Storage in memory (`quota`: the code units its keys and values may take together). */
export function createMemoryStorage(quota: number = STORAGE_QUOTA_UNITS): Storage {
  const area: Area = { items: new Map(), used: 0, quota };
  const target = Object.create(MemoryStorage.prototype) as MemoryStorage;
  // Web IDL's "named property visibility": an item is a property unless the object or its prototypes have one so named.
  const visible = (name: string | symbol): name is string =>
    typeof name === 'string' && area.items.has(name) && !Reflect.has(target, name);
  const storage = new Proxy(target, {
    get: (t, name, receiver) => (visible(name) ? area.items.get(name) : Reflect.get(t, name, receiver)),
    // Assigning any string-named property stores an item, even one named like a method (which stays a method).
    set: (t, name, value, receiver) => {
      if (typeof name !== 'string' || receiver !== storage) return Reflect.set(t, name, value, receiver);
      storage.setItem(name, value as string);
      return true;
    },
    has: (t, name) => visible(name) || Reflect.has(t, name),
    deleteProperty: (t, name) => {
      if (!visible(name)) return Reflect.deleteProperty(t, name);
      storage.removeItem(name);
      return true;
    },
    getOwnPropertyDescriptor: (t, name) =>
      visible(name)
        ? { value: area.items.get(name), writable: true, enumerable: true, configurable: true }
        : Reflect.getOwnPropertyDescriptor(t, name),
    defineProperty: (t, name, descriptor) => {
      if (typeof name !== 'string' || Reflect.getOwnPropertyDescriptor(t, name)) return Reflect.defineProperty(t, name, descriptor);
      // Only a value can be stored: a getter or setter is refused, as a browser refuses it.
      if (!('value' in descriptor)) return false;
      storage.setItem(name, descriptor.value as string);
      return true;
    },
    ownKeys: (t) => [...[...area.items.keys()].filter((name) => !Reflect.has(t, name)), ...Reflect.ownKeys(t)],
    // Its items come and go, so it cannot be frozen or sealed (a browser's Storage refuses too).
    preventExtensions: () => false,
  }) as unknown as Storage;
  areas.set(storage, area);
  areas.set(target, area);
  return storage;
}
