// The atom page's localStorage sample, run as printed, with jsdom's localStorage and storage events.
import { makeStore, type Scoped, type WritableState } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/atom');

claim(
  "`init` restores the saved text when the atom is first read, `onSet` writes every change made by the app, and the `storage` listener picks up edits from other tabs through the effect's `set`, which does not trigger `onSet` and so does not write the same value back",
  () => {
    localStorage.clear();
    localStorage.setItem('draft', 'saved text');
    const { draft } = runSample<{ draft: Scoped<WritableState<string>> }>('api/atom', 'draft.ts');
    const store = makeStore();
    expect(draft(store).get()).toBe('saved text');
    draft(store).set('typed here');
    expect(localStorage.getItem('draft')).toBe('typed here');
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    window.dispatchEvent(new StorageEvent('storage', { key: 'draft', newValue: 'from another tab' }));
    expect(draft(store).get()).toBe('from another tab');
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  },
);
