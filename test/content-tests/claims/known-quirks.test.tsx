// Known quirks page: each quirk happens in the installed release as the page says, and each remedy works, with
// the samples run as printed (the hanging sample and the loading of the React bindings: known-quirks-node.test.ts).
import fs from 'fs';
import path from 'path';
import { Component, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Aborted, atom, makeStore, reset, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useSetStanValue, useStan, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { installFakeApi } from '../../support/fake-api';
import { boundedSelector, Loop, refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';
import { REPO_ROOT } from '../../support/samples';

const claim = claimsOf('guides/known-quirks');
const PAGE = 'guides/known-quirks';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: `${error.name}: ${error.message}` };
  }
  override render() {
    return this.state.error === null ? this.props.children : <p role="alert">{this.state.error}</p>;
  }
}

/** Renders inside an error boundary, with React's report of the caught error silenced. */
function renderCaught(element: ReactNode) {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return render(<Boundary>{element}</Boundary>);
  } finally {
    quiet.mockRestore();
  }
}

describe('writes before reads', () => {
  claim(
    [
      'Until then, `set` and `reset` on its instance do nothing, and so do the setters that `useSetStanValue` and `useStan` return, since they are the same `set`',
      'Nothing warns you: the write simply never happened',
    ],
    () => {
      const count = atom(1);
      const store = makeStore();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      let setter: unknown;
      function Writer() {
        const set = useSetStanValue(count);
        setter = set;
        return <button onClick={() => set(5)}>Write</button>;
      }
      render(
        <StanProvider store={store}>
          <Writer />
        </StanProvider>,
      );
      expect(setter).toBe(count(store).set);
      fireEvent.click(screen.getByRole('button', { name: 'Write' }));
      count(store).set(7);
      reset(count(store));
      expect(store.value.size).toBe(0);
      expect(count(store).get()).toBe(1);
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
      warn.mockRestore();
      error.mockRestore();
    },
  );

  claim(['theme(store).set(\'dark\'); // dropped: nothing has read theme in this store', '// applied: the read above initialized it'], () => {
    const printed = printedBy(PAGE, 'seed-first.ts');
    expect(printed).toEqual(['light', 'dark']);
    expect(printed).toEqual(commentedOutput(PAGE, 'seed-first.ts'));
  });

  claim(
    [
      "A selector's `get` counts as a read, so an atom a selector has read takes writes too",
      'in React, make sure a component that reads the atom renders before the first write',
    ],
    () => {
      const size = atom(1);
      const doubled = selector(({ get }) => get(size) * 2);
      const store = makeStore();
      doubled(store).get();
      size(store).set(4);
      expect(doubled(store).get()).toBe(8);
      const label = atom('before');
      function Reader() {
        return <p>{useStanValue(label)}</p>;
      }
      function Writer() {
        const set = useSetStanValue(label);
        return <button onClick={() => set('after')}>Write</button>;
      }
      render(
        <StanProvider store={store}>
          <Reader />
          <Writer />
        </StanProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Write' }));
      expect(screen.getByText('after')).toBeInTheDocument();
    },
  );
});

describe('NaN', () => {
  claim(
    [
      '`NaN === NaN` is false, so a `NaN` always looks changed',
      'the notification that is still going on reaches the new subscription in the same pass, which compares `NaN` with `NaN` once more. The `set` that wrote the value never returns',
    ],
    () => {
      const input = atom(1);
      const half = boundedSelector((get) => get(input) / 2);
      const store = makeStore();
      half.state(store).get();
      expect(() => input(store).set(NaN)).toThrow(Loop);
      expect(half.runs()).toBe(1001);
      // Any other value ends after one run.
      const calm = boundedSelector((get) => get(input) / 2);
      const other = makeStore();
      calm.state(other).get();
      input(other).set(8);
      expect(calm.runs()).toBe(2);
    },
  );

  claim(
    [
      'the average of an empty list, or `Number` and `parseFloat` given text that is not a number',
      'Any selector that reads a state whose new value is `NaN` does this',
    ],
    () => {
      const empty: number[] = [];
      for (const produced of [empty.reduce((a, b) => a + b, 0) / empty.length, Number('abc'), parseFloat('n/a')]) {
        const value = atom(1);
        const derived = selector(({ get }) => get(value)); // a selector reading a selector: the loop is in the reader
        const reader = boundedSelector((get) => get(derived));
        const store = makeStore();
        reader.state(store).get();
        expect(() => value(store).set(produced)).toThrow(Loop);
      }
    },
  );

  claim('A comparator that answers "changed" for two identical values loops the same way', () => {
    const input = atom('same');
    const never = boundedSelector((get) => get(input), { areValuesEqual: () => false });
    const store = makeStore();
    never.state(store).get();
    expect(() => input(store).set('other')).toThrow(Loop);
  });

  claim('It differs from `===` in two cases only: `NaN` equals itself, and `0` and `-0` differ', () => {
    const notANumber = Number('abc');
    const negativeZero = -1 * 0;
    expect([Object.is(notANumber, notANumber), notANumber === notANumber, Object.is(0, negativeZero), 0 === negativeZero]).toEqual([true, false, false, true]);
    // A -0 after a 0 is one more run, and no loop.
    const input = atom(0);
    const sign = boundedSelector((get) => Object.is(get(input), -0), { areValuesEqual: Object.is });
    const store = makeStore();
    sign.state(store).get();
    input(store).set(-0);
    expect(sign.runs()).toBe(2);
  });
});

describe('useStanValue and a write before its effect', () => {
  claim(
    [
      'read the value while the component renders and subscribe to changes later, in an effect',
      "The hooks do not use React's `useSyncExternalStore`",
      'The page shows "Theme: light" while `theme(store).get()` returns `\'dark\'`',
      'the component keeps showing the value it rendered with until the next write to that state',
    ],
    () => {
      const bundle = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
      expect(bundle).not.toContain('useSyncExternalStore');
      const { default: App, theme, store } = runSample<{ default: ComponentType; theme: Scoped<WritableState<string>>; store: Store }>(PAGE, 'LateWrite.tsx');
      render(<App />);
      expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: light');
      expect(theme(store).get()).toBe('dark');
      act(() => theme(store).set('dark'));
      expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: dark');
    },
  );

  claim(
    [
      "a `useEffect` that React runs before the reader's own (a component earlier in the tree, or a child of the reader)",
      '`useStanValue`, and `useStan` and `useStanValueAsync` with it',
    ],
    async () => {
      const word = atom('old');
      function Writer() {
        const set = useSetStanValue(word);
        useEffect(() => set('new'), [set]);
        return null;
      }
      function ValueReader() {
        return <p>{`value ${useStanValue(word)}`}</p>;
      }
      function PairReader() {
        return <p>{`pair ${useStan(word)[0]}`}</p>;
      }
      function ParentReader() {
        return (
          <div>
            {`parent ${useStanValue(word)}`}
            <Writer />
          </div>
        );
      }
      const earlier = makeStore();
      render(
        <StanProvider store={earlier}>
          <Writer />
          <ValueReader />
          <PairReader />
        </StanProvider>,
      );
      expect(screen.getByText(/^value/)).toHaveTextContent('value old');
      expect(screen.getByText(/^pair/)).toHaveTextContent('pair old');
      const child = makeStore();
      render(
        <StanProvider store={child}>
          <ParentReader />
        </StanProvider>,
      );
      expect(screen.getByText(/^parent/)).toHaveTextContent('parent old');
      expect([word(earlier).get(), word(child).get()]).toEqual(['new', 'new']);

      // useStanValueAsync keeps the promise of a run the write has replaced.
      const trigger = atom(1);
      const loaded = selector(async ({ get }) => `run ${get(trigger)}`);
      function AsyncReader() {
        const result = useStanValueAsync(loaded);
        return <p>{result.type === 'ready' ? result.value : result.type}</p>;
      }
      function Bump() {
        const set = useSetStanValue(trigger);
        useLayoutEffect(() => set(2), [set]);
        return null;
      }
      render(
        <StanProvider>
          <AsyncReader />
          <Bump />
        </StanProvider>,
      );
      expect(await screen.findByText('run 1')).toBeInTheDocument();
      await act(flush);
      expect(screen.queryByText('run 2')).toBeNull();
    },
  );

  claim(
    [
      'Put values that are known before the first render into the store before it renders, and render with that store',
      'Write from event handlers, or from a `useEffect` (not a layout effect) of a component above the components that read the value',
      "React runs a parent's effects after its children's, so the readers have subscribed by then",
    ],
    () => {
      const { ThemeRoot, ThemeLabel } = runSample<{
        ThemeRoot: ComponentType<{ initial: 'light' | 'dark'; children: ReactNode }>;
        ThemeLabel: ComponentType;
      }>(PAGE, 'ThemeRoot.tsx');
      render(
        <ThemeRoot initial="dark">
          <ThemeLabel />
        </ThemeRoot>,
      );
      expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: dark');

      const word = atom('old');
      function Reader() {
        return <p>{`reader ${useStanValue(word)}`}</p>;
      }
      function EffectParent() {
        const set = useSetStanValue(word);
        useEffect(() => set('from effect'), [set]);
        return <Reader />;
      }
      function LayoutParent() {
        const set = useSetStanValue(word);
        useLayoutEffect(() => set('from layout effect'), [set]);
        return <Reader />;
      }
      const { unmount } = render(
        <StanProvider>
          <EffectParent />
        </StanProvider>,
      );
      expect(screen.getByText(/^reader/)).toHaveTextContent('reader from effect');
      unmount();
      render(
        <StanProvider>
          <LayoutParent />
        </StanProvider>,
      );
      expect(screen.getByText(/^reader/)).toHaveTextContent('reader old'); // a layout effect, even above: missed
    },
  );
});

describe('functions as values', () => {
  claim(
    [
      'React treats a function given to `useState` or to its setter as an initializer or an updater and calls it',
      'for an atom whose value is a function, `useStanValue` and `useStan` return what the function returns, not the function',
    ],
    () => {
      const greet = () => 'hello';
      const handler = atom<() => string>(greet);
      const store = makeStore();
      const seen: unknown[] = [];
      function Show() {
        seen.push(useStanValue(handler), useStan(handler)[0]);
        return null;
      }
      render(
        <StanProvider store={store}>
          <Show />
        </StanProvider>,
      );
      expect(seen).toEqual(['hello', 'hello']);
      expect(handler(store).get()).toBe(greet); // the store holds the function
      const bye = () => 'bye';
      seen.length = 0;
      act(() => handler(store).set(() => bye)); // the setter React receives calls it as an updater
      expect(seen.slice(-2)).toEqual(['bye', 'bye']);
    },
  );

  claim(
    [
      'wrap the function in an object',
      'With the function stored directly, React calls `formatPrice()` without an argument, the hook returns the string `"$NaN"`, and `format(cents)` throws a `TypeError`',
    ],
    () => {
      const before = runSample<{ Price: ComponentType<{ cents: number }> }>(PAGE, 'Price.tsx', undefined, 'initial');
      renderCaught(<before.Price cents={1250} />);
      expect(screen.getByRole('alert')).toHaveTextContent('TypeError: format is not a function');
      let shown: unknown;
      const probe = atom((cents: number) => `$${(cents / 100).toFixed(2)}`);
      function Probe() {
        shown = useStanValue(probe);
        return null;
      }
      render(<Probe />);
      expect(shown).toBe('$NaN');
      const after = runSample<{ Price: ComponentType<{ cents: number }> }>(PAGE, 'Price.tsx');
      render(<after.Price cents={1250} />);
      expect(screen.getByText('$12.50')).toBeInTheDocument();
    },
  );
});

claim(
  [
    'A refresh of a selector that is not mounted (nothing is subscribed to it in that store) only marks it stale',
    "that run's signal is never aborted, not by the refresh and not by the run that the next read starts",
    'refresh from a component that shows the selector (a mounted selector\'s refresh aborts the run before it)',
  ],
  async () => {
    const run = await refreshWhileInFlight();
    expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
    // Run 1 (let go by the refresh) finished; run 4 (a refresh while subscribed) aborted run 3.
    expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    expect(run.settled[0]).toBe('results for first');
  },
);

claim(
  [
    'the selector has already subscribed to the dependencies it read before the throw',
    'the error comes out of that write, in code that may never read the selector',
    '// "12x": the write itself went through',
  ],
  () => {
    const printed = printedBy(PAGE, 'first-read-threw.ts');
    expect(printed).toEqual(['Not a number: (empty)', 'Not a number: 12x', '12x']);
    expect(printed).toEqual(commentedOutput(PAGE, 'first-read-threw.ts'));
  },
);

describe('useStanValueAsync and a synchronous throw', () => {
  claim(
    [
      'A selector function that throws before it returns its promise',
      'therefore throws from the hook during render, and only an error boundary catches it',
      'A throw inside an `async` function rejects its promise, so the hook reports it like any other failure',
    ],
    async () => {
      const before = runSample<{ UserName: ComponentType }>(PAGE, 'UserName.tsx', undefined, 'initial');
      renderCaught(
        <StanProvider>
          <before.UserName />
        </StanProvider>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Error: No user selected');
      document.body.innerHTML = '';

      const api = installFakeApi();
      try {
        const after = runSample<{ UserName: ComponentType; userId: Scoped<WritableState<number | null>> }>(PAGE, 'UserName.tsx');
        render(
          <StanProvider>
            <after.UserName />
          </StanProvider>,
        );
        expect(await screen.findByText('No user selected')).toBeInTheDocument();
        // With a user, the same selector fetches as before.
        const store = makeStore();
        after.userId(store).get();
        after.userId(store).set(3);
        api.answer(200, { name: 'Ada' });
        render(
          <StanProvider store={store}>
            <after.UserName />
          </StanProvider>,
        );
        expect(await screen.findByText('Ada')).toBeInTheDocument();
        expect(api.requests).toEqual(['/api/users/3']);
      } finally {
        api.restore();
      }
    },
  );
});

claim(
  [
    'each displayed failure sends one more request straight away',
    'Retry by mounting the component that calls the hook again (a new `key`)',
  ],
  async () => {
    const api = installFakeApi();
    try {
      api.answer(500);
      const remote = selector(async ({ signal }) => {
        const response = await fetch('/api/remote', { signal });
        if (!response.ok) throw new Error(`failed (${response.status})`);
        return 'loaded';
      });
      function Remote() {
        const result = useStanValueAsync(remote);
        return <p>{result.type === 'ready' ? result.value : result.type === 'error' ? result.reason : 'loading'}</p>;
      }
      const { rerender } = render(
        <StanProvider>
          <Remote key={0} />
        </StanProvider>,
      );
      expect(await screen.findByText('failed (500)')).toBeInTheDocument();
      await act(flush);
      expect(api.requests).toHaveLength(2);
      api.answer(200);
      await act(flush);
      rerender(
        <StanProvider>
          <Remote key={1} />
        </StanProvider>,
      );
      expect(await screen.findByText('loaded')).toBeInTheDocument();
    } finally {
      api.restore();
    }
  },
);

claim(
  [
    "so `useStanValueAsync` can report `{ type: 'error', reason: '' }` for a moment: `Aborted` has an empty message",
  ],
  async () => {
    expect(new Aborted().message).toBe('');
    const trigger = atom(0);
    const slow = selector(({ get, signal }) => {
      get(trigger);
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve('done'), 0);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    });
    const reasons: string[] = [];
    function Show() {
      const result = useStanValueAsync(slow);
      if (result.type === 'error') reasons.push(result.reason);
      return <p>{result.type}</p>;
    }
    const store = makeStore();
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    await act(async () => trigger(store).set(1));
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(reasons).toEqual(['']);
  },
);
