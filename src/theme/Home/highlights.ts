/** Claims on the home page; each is checked against @rkrupinski/stan 1.2.0-rc4 in __tests__/highlights.test.ts. */
export interface Highlight {
  title: string;
  body: string;
  href: string;
}

export const highlights: readonly Highlight[] = [
  {
    title: 'Atoms and selectors',
    body: 'Keep state in atoms and derive values with selectors. A selector remembers what it read and runs again only when one of those values changes.',
    href: '/docs/api/selector',
  },
  {
    title: 'Families keyed by parameters',
    body: 'atomFamily and selectorFamily give one state per JSON-serializable parameter. Selector families cache with keep-all, most-recent or LRU policies.',
    href: '/docs/api/selectorFamily',
  },
  {
    title: 'Async with cancellation',
    body: 'A selector may return a promise. When its inputs change mid-flight, the previous run’s AbortSignal fires with an Aborted error.',
    href: '/docs/guides/error-handling',
  },
  {
    title: 'Scoped to a store',
    body: 'Every state is resolved against a store: DEFAULT_STORE for a single app, or makeStore() for each server request and each test.',
    href: '/docs/api/store',
  },
  {
    title: 'React bindings',
    body: 'useStan, useStanValue, useStanValueAsync, useStanRefresher and useStanReset come from @rkrupinski/stan/react.',
    href: '/docs/api/react',
  },
  {
    title: 'Typed end to end',
    body: 'Types flow from the initial value and the selector body, and writable and read-only states are distinct types.',
    href: '/docs/guides/type-safety',
  },
];
