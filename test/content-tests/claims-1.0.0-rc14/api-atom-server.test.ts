/** @jest-environment node */
// The 1.0.0-rc14 atom page on a server: no window, no localStorage.
import { atom, type AtomEffect, type WritableState } from 'stan-1.0.0-rc14';
import { claimsOf } from '../../support/claims';
import { runLogged } from './helpers';

const claim = claimsOf('version-1.0.0-rc14/api/atom');

claim('Effects run when the module is imported: on a server there is no storage to read', (clause) => {
  // A `window` that counts its lookups and is absent, as on a server: the sample's effect looks it up first.
  let lookups = 0;
  Object.defineProperty(globalThis, 'window', { configurable: true, get: () => ((lookups += 1), undefined) });
  let draft: WritableState<string>;
  try {
    draft = runLogged<{ draft: WritableState<string> }>('version-1.0.0-rc14/api/atom', 'draft.ts').exports.draft;
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
  }
  clause('Effects run when the module is imported', () => {
    expect(lookups).toBe(1);
    draft.set('typed');
    expect(lookups).toBe(1); // not again later
  });
  clause('on a server there is no storage to read', () => {
    expect([typeof window, typeof localStorage]).toEqual(['undefined', 'undefined']);
    // The sample's effect returns at once, and the atom kept its initial value.
    draft.set('');
    expect(draft.get()).toBe('');
  });
});

claim('An effect that touches `window` or `localStorage` throws on a server or in a worker unless it checks first', () => {
  expect(typeof localStorage).toBe('undefined');
  const unguarded: AtomEffect<string> = ({ init }) => init(localStorage.getItem('draft') ?? '');
  expect(() => atom('', { effects: [unguarded] })).toThrow(/localStorage is not defined/);
});
