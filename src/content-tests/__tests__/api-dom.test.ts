// Browser-flavoured claims of the API pages (jsdom): the localStorage effect of the atom page and the
// toggle helper of the state page.
import { atom, makeStore, type AtomEffect, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';

describe('atom page: persisting to localStorage with effects', () => {
  const persisted =
    (key: string): AtomEffect<string> =>
    ({ init, set, onSet }) => {
      const saved = localStorage.getItem(key);
      if (saved !== null) init(saved);
      onSet((value) => localStorage.setItem(key, value));
      window.addEventListener('storage', (event) => {
        if (event.key === key && event.newValue !== null) set(event.newValue);
      });
    };

  beforeEach(() => localStorage.clear());

  it('init restores the saved text, onSet writes changes, and another tab\'s edit arrives without being written back', () => {
    localStorage.setItem('draft', 'saved text');
    const draft = atom('', { effects: [persisted('draft')] });
    const store = makeStore();
    expect(draft(store).get()).toBe('saved text');

    draft(store).set('typed here');
    expect(localStorage.getItem('draft')).toBe('typed here');

    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    window.dispatchEvent(new StorageEvent('storage', { key: 'draft', newValue: 'from another tab' }));
    expect(draft(store).get()).toBe('from another tab');
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  });
});

describe('state page: writing helpers against the types', () => {
  it('toggle reads before writing, so the menu ends up open', () => {
    function toggle(scoped: Scoped<WritableState<boolean>>, store: Store): void {
      const state = scoped(store);
      state.get();
      state.set((value) => !value);
    }
    const menuOpen = atom(false, { tag: 'menu-open' });
    const store = makeStore();
    toggle(menuOpen, store);
    expect(menuOpen(store).get()).toBe(true);
  });
});
