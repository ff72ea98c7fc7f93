// The atom page's localStorage sample, run as printed, with jsdom's localStorage and storage events.
import { makeStore, type Scoped, type WritableState } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/atom');

claim(
  "`init` restores the saved text when the atom is first read, `onSet` writes every change made by the app, and the `storage` listener picks up edits from other tabs through the effect's `set`, which does not trigger `onSet` and so does not write the same value back",
  (clause) => {
    localStorage.clear();
    localStorage.setItem('draft', 'saved text');
    const { draft } = runSample<{ draft: Scoped<WritableState<string>> }>('api/atom', 'draft.ts');
    const store = makeStore();
    clause('`init` restores the saved text when the atom is first read', () => {
      localStorage.setItem('draft', 'saved before the first read');
      expect(draft(store).get()).toBe('saved before the first read');
      localStorage.setItem('draft', 'saved text');
      expect(draft(store).get()).toBe('saved before the first read'); // read once, then the atom holds it
    });
    clause('`onSet` writes every change made by the app', () => {
      draft(store).set('typed');
      expect(localStorage.getItem('draft')).toBe('typed');
      draft(store).set((text) => `${text} here`);
      expect(localStorage.getItem('draft')).toBe('typed here');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'draft', newValue: 'from another tab' }));
      clause("and the `storage` listener picks up edits from other tabs through the effect's `set`", () => {
        expect(draft(store).get()).toBe('from another tab');
      });
      clause('which does not trigger `onSet` and so does not write the same value back', () => {
        expect(setItem).not.toHaveBeenCalled();
      });
    } finally {
      setItem.mockRestore();
    }
  },
);
