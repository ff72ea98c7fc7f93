/** The program /playground opens with when its address holds no shared code: short, typed, and it prints and renders. */
export const STARTER_PROGRAM = `// Edit this program, then Run it (Ctrl+Enter). Type a name and a dot for completions; Share puts the code in a link.
import { atom, selector, DEFAULT_STORE } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanValue } from '@rkrupinski/stan/react';

const count = atom(1, { tag: 'count' });
const doubled = selector(({ get }) => get(count) * 2, { tag: 'doubled' });

// Outside React: a state of the default store, read, watched and written.
const countState = count(DEFAULT_STORE);
countState.subscribe((value) => console.log('count is now', value));
console.log('doubled starts at', doubled(DEFAULT_STORE).get());
countState.set(2);

function Counter() {
  const [value, setValue] = useStan(count);
  const twice = useStanValue(doubled);
  return (
    <p>
      {value} × 2 = {twice}{' '}
      <button type="button" onClick={() => setValue((n) => n + 1)}>
        Add one
      </button>
    </p>
  );
}

// The default export is rendered below the output. Without a store prop, StanProvider makes a store of its own
// (the count would start from 1 there); given DEFAULT_STORE, the component sees the value set above.
export default function App() {
  return (
    <StanProvider store={DEFAULT_STORE}>
      <Counter />
    </StanProvider>
  );
}
`;

/** The starter of 1.0.0-rc14, where `atom()` returns the state itself and the hooks need no provider. */
export const STARTER_PROGRAM_1_0 = `// Edit this program, then Run it (Ctrl+Enter). In this release atom() returns the state itself.
import { atom, selector } from '@rkrupinski/stan';
import { useStan, useStanValue } from '@rkrupinski/stan/react';

const count = atom(1);
const doubled = selector(({ get }) => get(count) * 2);

// Outside React: the state is read, watched and written as it is.
count.subscribe((value) => console.log('count is now', value));
console.log('doubled starts at', doubled.get());
count.set(2);

function Counter() {
  const [value, setValue] = useStan(count);
  const twice = useStanValue(doubled);
  return (
    <p>
      {value} × 2 = {twice}{' '}
      <button type="button" onClick={() => setValue((n) => n + 1)}>
        Add one
      </button>
    </p>
  );
}

// The default export is rendered below the output; it reads the same state the code above wrote.
export default function App() {
  return <Counter />;
}
`;

/** Each release's starter, by the release it is written for (a release keeps its starter when its docs become a version). */
const STARTERS: Readonly<Record<string, string>> = { '1.2.0-rc4': STARTER_PROGRAM, '1.0.0-rc14': STARTER_PROGRAM_1_0 };

/** The program /playground opens with on a release; a release without one of its own gets the newest starter. */
export const starterFor = (release: string): string => (Object.hasOwn(STARTERS, release) ? STARTERS[release] : undefined) ?? STARTER_PROGRAM;

/**
 * The code the editor holds after a switch of release: the starter of the new release when the editor holds the
 * previous release's starter as it was (the reader has written nothing), else the reader's code, kept.
 */
export const codeAfterSwitch = (code: string, fromRelease: string, toRelease: string): string =>
  code.trim() === starterFor(fromRelease).trim() ? starterFor(toRelease) : code;

export const STARTER_LANGUAGE = 'tsx' as const;
