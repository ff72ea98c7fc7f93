import { act, render, screen } from '@testing-library/react';
import { createStorageSlot, useStorageSlot } from '@src/theme-common/storage';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

function Show({ storageKey }: { storageKey: string }) {
  const [value] = useStorageSlot(storageKey);
  return <output>{value ?? 'none'}</output>;
}

describe('createStorageSlot', () => {
  it('reads, writes and deletes one key', () => {
    const slot = createStorageSlot('k1');
    expect(slot.get()).toBeNull();
    slot.set('a');
    expect(window.localStorage.getItem('k1')).toBe('a');
    expect(slot.get()).toBe('a');
    slot.del();
    expect(window.localStorage.getItem('k1')).toBeNull();
  });

  it('returns null instead of throwing when storage is unavailable (private mode, disabled)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(createStorageSlot('k2').get()).toBeNull();
  });

  it('keeps a value whose write failed (quota) for this tab instead of throwing', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const slot = createStorageSlot('k3');
    expect(() => slot.set('dark')).not.toThrow();
    expect(slot.get()).toBe('dark');
    jest.restoreAllMocks();
    slot.set('light'); // a later successful write wins over the in-memory value
    expect(window.localStorage.getItem('k3')).toBe('light');
    expect(slot.get()).toBe('light');
  });

  it('notifies listeners of writes in this tab and of storage events from other tabs for its key only', () => {
    const slot = createStorageSlot('k4');
    const onChange = jest.fn();
    const off = slot.listen(onChange);
    slot.set('x');
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k4' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null })); // another tab cleared everything
    expect(onChange).toHaveBeenCalledTimes(3);
    off();
    slot.set('y');
    window.dispatchEvent(new StorageEvent('storage', { key: 'k4' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});

describe('useStorageSlot', () => {
  it('re-renders when another tab changes the key', () => {
    render(<Show storageKey="k5" />);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    act(() => {
      window.localStorage.setItem('k5', 'from-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: 'k5' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('from-other-tab');
  });

  it('re-renders on writes through the slot', () => {
    let slot: ReturnType<typeof createStorageSlot> | undefined;
    function Writer() {
      const [value, s] = useStorageSlot('k6');
      slot = s;
      return <output>{value ?? 'none'}</output>;
    }
    render(<Writer />);
    act(() => slot?.set('v'));
    expect(screen.getByRole('status')).toHaveTextContent('v');
  });
});
