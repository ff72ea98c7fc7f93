import { useMemo, useSyncExternalStore } from 'react';

/** One localStorage key, read and written safely: private mode, quota and disabled storage never throw. */
export interface StorageSlot {
  get(): string | null;
  /** Stores a value; false when the browser refused it (this tab still sees it until it reloads). */
  set(value: string): boolean;
  del(): boolean;
  /** Calls back on changes from this tab and from other tabs (`storage` events); returns the unsubscribe. */
  listen(onChange: () => void): () => void;
}

// Values whose write failed (quota, private mode): this tab still sees them until reload.
const unsaved = new Map<string, string | null>();
const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  listeners.get(key)?.forEach((l) => l());
}

function write(key: string, value: string | null): boolean {
  let saved = true;
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    unsaved.delete(key);
  } catch {
    unsaved.set(key, value);
    saved = false;
  }
  notify(key);
  return saved;
}

export function createStorageSlot(key: string): StorageSlot {
  return {
    get() {
      if (unsaved.has(key)) return unsaved.get(key) ?? null;
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set: (value) => write(key, value),
    del: () => write(key, null),
    listen(onChange) {
      const own = listeners.get(key) ?? new Set();
      listeners.set(key, own);
      own.add(onChange);
      // key === null: another tab cleared the whole storage.
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) onChange();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        own.delete(onChange);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

const serverSnapshot = () => null;

/** The current value of a storage key (null on the server and during hydration) and its slot. */
export function useStorageSlot(key: string): [string | null, StorageSlot] {
  const slot = useMemo(() => createStorageSlot(key), [key]);
  const value = useSyncExternalStore(slot.listen, slot.get, serverSnapshot);
  return [value, slot];
}
