// The 1.0.0-rc14 Examples and Frameworks pages: their apps rendered with React 19 in jsdom against stan-1.0.0-rc14.
import fs from 'fs';
import path from 'path';
import { type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDomClient from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import * as core from 'stan-1.0.0-rc14';
import * as bindings from 'stan-1.0.0-rc14/react';
import { claimsOf } from '../../support/claims';
import { sampleModulesOf } from '../../support/run-sample';
import { versionPackageDir } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

const { atom } = core;
const { useStanValue } = bindings;

type Page = 'version-1.0.0-rc14/getting-started/examples' | 'version-1.0.0-rc14/getting-started/frameworks';
/** One render of one of the sample's components: its name, its props and the Stan hooks it called, in order. */
interface SampleRender {
  component: string;
  props: Record<string, unknown>;
  hooks: { hook: string; state: unknown }[];
}
/** A selector the sample created (directly or through a family): each run's param, what it read and what it returned. */
interface SelectorRun {
  param: unknown;
  reads: unknown[];
  context: string[];
  result: unknown;
}

/**
 * Runs a sample of a 1.0.0-rc14 page as printed, with its imports watched: which of its components render (through
 * the JSX runtime), which Stan hooks each calls with which state, the states it creates and every run of its
 * selectors. The sample's own code is unchanged; only the modules it imports are wrapped.
 */
function probeSample(page: Page, title: string) {
  const modules = sampleModulesOf(VERSION);
  const stan = modules['@rkrupinski/stan'] as typeof core;
  const react = modules['@rkrupinski/stan/react'] as typeof bindings;
  const renders: SampleRender[] = [];
  const runs: SelectorRun[] = [];
  const created: { atoms: unknown[]; selectors: unknown[]; families: ((param: never) => unknown)[] } = { atoms: [], selectors: [], families: [] };
  let rendering: SampleRender | undefined;

  const watchRun =
    (param: unknown, fn: (ctx: { get: (state: unknown) => unknown }) => unknown) =>
    (ctx: { get: (state: unknown) => unknown }) => {
      const run: SelectorRun = { param, reads: [], context: Object.keys(ctx), result: undefined };
      runs.push(run);
      run.result = fn({ ...ctx, get: (state) => (run.reads.push(state), ctx.get(state)) });
      return run.result;
    };
  const watchedCore = {
    ...stan,
    atom: (...args: Parameters<typeof stan.atom>) => {
      const made = stan.atom(...args);
      created.atoms.push(made);
      return made;
    },
    selector: (fn: Parameters<typeof stan.selector>[0], options?: Parameters<typeof stan.selector>[1]) => {
      const made = stan.selector(watchRun(undefined, fn as never) as never, options);
      created.selectors.push(made);
      return made;
    },
    atomFamily: (...args: Parameters<typeof stan.atomFamily>) => {
      const made = stan.atomFamily(...args);
      created.families.push(made as never);
      return made;
    },
    selectorFamily: (fn: (param: never) => never, options?: Parameters<typeof stan.selectorFamily>[1]) => {
      const made = stan.selectorFamily((param: never) => watchRun(param, fn(param)) as never, options);
      created.families.push(made as never);
      return made;
    },
  };
  const watchedBindings = Object.fromEntries(
    Object.entries(react).map(([hook, fn]) => [
      hook,
      (state: unknown) => {
        rendering?.hooks.push({ hook, state });
        return (fn as (state: unknown) => unknown)(state);
      },
    ]),
  );
  const wrapped = new WeakMap<object, (props: Record<string, unknown>) => unknown>();
  const watch = (type: unknown) => {
    if (typeof type !== 'function') return type;
    let component = wrapped.get(type);
    if (!component) {
      const render = type as (props: Record<string, unknown>) => unknown;
      component = (props: Record<string, unknown>) => {
        const outer = rendering;
        rendering = { component: type.name, props, hooks: [] };
        renders.push(rendering);
        try {
          return render(props);
        } finally {
          rendering = outer;
        }
      };
      wrapped.set(type, component);
    }
    return component;
  };
  const watchedJsx = {
    ...jsxRuntime,
    jsx: (type: unknown, ...rest: unknown[]) => (jsxRuntime.jsx as (...args: unknown[]) => unknown)(watch(type), ...rest),
    jsxs: (type: unknown, ...rest: unknown[]) => (jsxRuntime.jsxs as (...args: unknown[]) => unknown)(watch(type), ...rest),
  };
  const { exports } = runLogged<Record<string, ComponentType>>(page, title, {
    ...modules,
    'react/jsx-runtime': watchedJsx,
    'react-dom/client': reactDomClient,
    '@rkrupinski/stan': watchedCore,
    '@rkrupinski/stan/react': watchedBindings,
  });
  return {
    exports,
    /** The sample's default export, as its importer renders it (through the watched JSX runtime). */
    App: watch(exports.default) as unknown as ComponentType,
    renders,
    runs,
    created,
    /** The renders since `mark` (a length of `renders`), as `Component` or `Component#key` for a keyed prop. */
    since: (mark: number, key = (r: SampleRender) => r.component) => renders.slice(mark).map(key),
    /** The hooks the last render of `component` called, as `hook` names. */
    hooksOf: (component: string) => renders.filter((r) => r.component === component).at(-1)?.hooks ?? [],
  };
}

describe('getting-started/examples', () => {
  const page = 'version-1.0.0-rc14/getting-started/examples';
  const claim = claimsOf('version-1.0.0-rc14/getting-started/examples');
  const example = (title: string) => runLogged<{ default: ComponentType }>(page, title).exports.default;

  describe('Counter.tsx', () => {
    claim(
      [
        '`useStan` gives the buttons the value and a setter, and `useStanValue` lets the paragraph read the derived label',
        'This release has no reset function, so Reset sets the initial value again',
      ],
      (clause) => {
        const probe = probeSample(page, 'Counter.tsx');
        const [count] = probe.created.atoms;
        const [parity] = probe.created.selectors;
        render(<probe.App />);
        const shown = screen.getByRole('status', { name: 'Count' });
        clause('`useStan` gives the buttons the value and a setter', () => {
          expect(probe.hooksOf('Controls')).toEqual([{ hook: 'useStan', state: count }]);
          expect(shown).toHaveTextContent('0');
          fireEvent.click(screen.getByRole('button', { name: '+1' }));
          expect(shown).toHaveTextContent('1');
          fireEvent.click(screen.getByRole('button', { name: '−1' }));
          fireEvent.click(screen.getByRole('button', { name: '−1' }));
          expect(shown).toHaveTextContent('-1');
        });
        clause('`useStanValue` lets the paragraph read the derived label', () => {
          expect(probe.hooksOf('Parity')).toEqual([{ hook: 'useStanValue', state: parity }]);
          expect(screen.getByText('The count is odd.')).toBeInTheDocument();
          fireEvent.click(screen.getByRole('button', { name: '+1' }));
          expect(screen.getByText('The count is even.')).toBeInTheDocument();
        });
        clause('This release has no reset function', () => {
          expect(Object.keys(core).filter((name) => name !== '__esModule').sort()).toEqual(['atom', 'atomFamily', 'refresh', 'selector', 'selectorFamily']);
          expect(Object.keys(bindings).filter((name) => name !== '__esModule').filter((name) => /reset/i.test(name))).toEqual([]);
        });
        clause('so Reset sets the initial value again', () => {
          fireEvent.click(screen.getByRole('button', { name: '+1' }));
          fireEvent.click(screen.getByRole('button', { name: '+1' }));
          expect(shown).toHaveTextContent('2');
          fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
          expect(shown).toHaveTextContent('0');
          expect((count as core.State<number>).get()).toBe(0);
        });
      },
    );

    claim('The updater form, `setValue((c) => c + 1)`, computes the next value from the current one, so quick clicks never lose an increment', (clause) => {
      const probe = probeSample(page, 'Counter.tsx');
      const count = probe.created.atoms[0] as core.WritableState<number>;
      render(<probe.App />);
      const plus = screen.getByRole('button', { name: '+1' });
      const shown = screen.getByRole('status', { name: 'Count' });
      clause('The updater form, `setValue((c) => c + 1)`, computes the next value from the current one', () => {
        // A value written elsewhere is the one the next click starts from.
        act(() => count.set(41));
        fireEvent.click(plus);
        expect(count.get()).toBe(42);
        expect(shown).toHaveTextContent('42');
      });
      clause('so quick clicks never lose an increment', () => {
        act(() => {
          // Three clicks handled before React renders again: each updater sees the previous one's result.
          plus.click();
          plus.click();
          plus.click();
        });
        expect(shown).toHaveTextContent('45');
      });
    });

    claim(
      'Pressing Reset while the count is already 0 notifies the atom\'s subscribers, but the selector compares the value it read before with the new one, finds them equal and does not run again',
      (clause) => {
        const probe = probeSample(page, 'Counter.tsx');
        const count = probe.created.atoms[0] as core.WritableState<number>;
        render(<probe.App />);
        const subscriber = jest.fn();
        count.subscribe(subscriber);
        const parityRuns = () => probe.runs.length;
        const runsBefore = parityRuns();
        clause("Pressing Reset while the count is already 0 notifies the atom's subscribers", () => {
          expect(runsBefore).toBe(1);
          fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
          expect(subscriber.mock.calls).toEqual([[0]]);
        });
        clause('but the selector compares the value it read before with the new one, finds them equal and does not run again', () => {
          expect(parityRuns()).toBe(runsBefore);
          // A different value does run it again: the selector is listening.
          fireEvent.click(screen.getByRole('button', { name: '+1' }));
          expect(parityRuns()).toBe(runsBefore + 1);
          expect(screen.getByText('The count is odd.')).toBeInTheDocument();
        });
      },
    );

    claim('Because an atom holds one value for the whole page, two copies of the same example on one page would share their state', () => {
      const Counter = example('Counter.tsx');
      render(
        <>
          <section aria-label="first">
            <Counter />
          </section>
          <section aria-label="second">
            <Counter />
          </section>
        </>,
      );
      fireEvent.click(within(screen.getByRole('region', { name: 'first' })).getByRole('button', { name: '+1' }));
      expect(within(screen.getByRole('region', { name: 'second' })).getByRole('status', { name: 'Count' })).toHaveTextContent('1');
    });
  });

  describe('TodoList.tsx', () => {
    const todoKey = (r: SampleRender) => (r.component === 'TodoItem' ? `TodoItem#${(r.props.todo as { id: number }).id}` : r.component);
    const add = (title: string) => {
      fireEvent.change(screen.getByLabelText('New todo'), { target: { value: title } });
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    };

    claim(
      [
        'ticking a checkbox changes one family member, and only the components that read that member, or a selector built on it, render again',
        'The `remaining` selector reads the list and then one member per todo, and Stan follows every one of those reads',
      ],
      (clause) => {
        const probe = probeSample(page, 'TodoList.tsx');
        const todoList = probe.created.atoms[0] as core.WritableState<{ id: number; title: string }[]>;
        const todoDone = probe.created.families[0] as (id: number) => core.WritableState<boolean>;
        const remaining = probe.created.selectors[0];
        render(<probe.App />);
        expect(screen.getByText('Nothing to do yet.')).toBeInTheDocument();
        add('Write docs');
        add('  Test them  ');
        add('   ');
        expect(screen.getByRole('status')).toHaveTextContent('2 of 2 left');
        const items = within(screen.getByRole('list', { name: 'Todos' }));
        expect(items.getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Write docsDelete', 'Test themDelete']);
        const mark = probe.renders.length;
        fireEvent.click(items.getByRole('checkbox', { name: 'Write docs' }));
        clause('ticking a checkbox changes one family member', () => {
          expect(todoDone(1).get()).toBe(true);
          expect(todoDone(2).get()).toBe(false);
          expect(items.getByRole('checkbox', { name: 'Test them' })).not.toBeChecked();
        });
        clause('and only the components that read that member', () => {
          // Of the items, the list and the form, only the ticked item renders again.
          expect(probe.since(mark, todoKey).filter((name) => name !== 'Summary')).toEqual(['TodoItem#1']);
          expect(probe.hooksOf('TodoItem').map((h) => h.hook)).toEqual(['useStan', 'useSetStanValue']);
        });
        clause('or a selector built on it, render again', () => {
          expect(probe.since(mark, todoKey)).toContain('Summary');
          expect(probe.hooksOf('Summary')).toEqual([
            { hook: 'useStanValue', state: todoList },
            { hook: 'useStanValue', state: remaining },
          ]);
          expect(screen.getByRole('status')).toHaveTextContent('1 of 2 left');
        });
        clause('The `remaining` selector reads the list and then one member per todo', () => {
          expect(probe.runs.at(-1)?.reads).toEqual([todoList, todoDone(1), todoDone(2)]);
        });
        clause('and Stan follows every one of those reads', () => {
          act(() => todoDone(2).set(true)); // a member no component of this test touched
          expect(screen.getByRole('status')).toHaveTextContent('0 of 2 left');
          act(() => todoDone(1).set(false));
          expect(screen.getByRole('status')).toHaveTextContent('1 of 2 left');
          fireEvent.click(items.getByRole('button', { name: 'Delete "Test them"' })); // the list
          expect(screen.getByRole('status')).toHaveTextContent('1 of 1 left');
          fireEvent.click(screen.getByRole('checkbox', { name: 'Write docs' }));
          expect(screen.getByRole('status')).toHaveTextContent('0 of 1 left');
        });
      },
    );

    claim(
      '`AddTodo` only writes to `todoList`, with `useSetStanValue`, so it does not render again when the list changes. The write takes effect whether or not anything has read the atom yet',
      (clause) => {
        const probe = probeSample(page, 'TodoList.tsx');
        const todoList = probe.created.atoms[0] as core.WritableState<{ id: number; title: string }[]>;
        render(<probe.App />);
        clause('`AddTodo` only writes to `todoList`, with `useSetStanValue`', () => {
          expect(probe.hooksOf('AddTodo')).toEqual([{ hook: 'useSetStanValue', state: todoList }]);
          add('Write docs');
          add('Test them');
          expect(todoList.get().map((todo) => todo.title)).toEqual(['Write docs', 'Test them']);
        });
        clause('so it does not render again when the list changes.', () => {
          const mark = probe.renders.length;
          fireEvent.click(screen.getByRole('button', { name: 'Delete "Test them"' }));
          act(() => todoList.set([...todoList.get(), { id: 99, title: 'From elsewhere' }]));
          expect(screen.getAllByRole('listitem')).toHaveLength(2);
          expect(probe.since(mark)).toContain('TodoItems');
          expect(probe.since(mark)).not.toContain('AddTodo');
        });
        clause('The write takes effect whether or not anything has read the atom yet', () => {
          const list = atom<string[]>([]);
          const renders = jest.fn();
          // A writer alone on the page: nothing has read the atom.
          const { useSetStanValue } = sampleModulesOf(VERSION)['@rkrupinski/stan/react'] as typeof bindings;
          function Writer() {
            const setList = useSetStanValue(list);
            renders();
            return <button onClick={() => setList((items) => [...items, 'x'])}>add</button>;
          }
          render(<Writer />);
          fireEvent.click(screen.getByRole('button', { name: 'add' }));
          fireEvent.click(screen.getByRole('button', { name: 'add' }));
          expect(list.get()).toEqual(['x', 'x']);
          expect(renders).toHaveBeenCalledTimes(1);
          // And the example's list, which its components read, took its writes too (the clause above).
          expect(todoList.get()).toHaveLength(2);
        });
      },
    );
  });

  describe('AsyncData.tsx', () => {
    beforeEach(() => {
      jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00.000Z') });
    });
    afterEach(() => jest.useRealTimers());
    /** Moves the fake clock on and lets the promises it settles reach React. */
    const advance = (ms: number) => act(async () => {
      jest.advanceTimersByTime(ms);
    });
    const status = () => screen.getByRole('status');
    const user = (n: number) => fireEvent.click(screen.getByRole('button', { name: `User ${n}` }));
    const reload = () => fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    const time = (iso: string) => new Date(iso).toLocaleTimeString();
    const runsOf = (probe: ReturnType<typeof probeSample>, id: number) => probe.runs.filter((run) => run.param === id);
    /** The selector the card of user `id` read in its last render. */
    const cardState = (probe: ReturnType<typeof probeSample>, id: number) =>
      probe.renders.filter((r) => r.component === 'UserCard' && r.props.id === id).at(-1)?.hooks[0]?.state;

    claim(
      [
        'Go to user 2 and back to user 1: user 1 shows at once, with the same "loaded at" time',
        'Then go to user 2, user 3 and user 1: users 2 and 3 pushed user 1\'s selector out of the family, so user 1 loads again',
      ],
      async (clause) => {
        const probe = probeSample(page, 'AsyncData.tsx');
        render(<probe.App />);
        expect(status()).toHaveTextContent('Loading…');
        await advance(800);
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:00.800Z')})`);
        const first = cardState(probe, 1);
        await clause('Go to user 2 and back to user 1', async () => {
          user(2);
          await advance(800);
          expect(status()).toHaveTextContent('Grace Hopper');
          user(1);
          await advance(0); // no time passes
          expect(screen.getByRole('region', { name: 'User 1' })).toBeInTheDocument();
        });
        clause('user 1 shows at once, with the same "loaded at" time', () => {
          // No request: the kept promise has settled.
          expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:00.800Z')})`);
          expect(cardState(probe, 1)).toBe(first);
          expect(runsOf(probe, 1)).toHaveLength(1);
        });
        await clause('Then go to user 2, user 3 and user 1', async () => {
          user(2);
          user(3);
          expect(screen.getByRole('region', { name: 'User 3' })).toBeInTheDocument();
          await advance(800);
          expect(status()).toHaveTextContent('Alan Turing');
          user(1);
          await advance(0);
          expect(screen.getByRole('region', { name: 'User 1' })).toBeInTheDocument();
        });
        clause("users 2 and 3 pushed user 1's selector out of the family", () => {
          expect(cardState(probe, 1)).not.toBe(first);
        });
        await clause('so user 1 loads again', async () => {
          expect(status()).toHaveTextContent('Loading…');
          expect(runsOf(probe, 1)).toHaveLength(2);
          await advance(800);
          expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:03.200Z')})`);
        });
      },
    );

    claim(
      [
        'The card is subscribed to the selector, so a refresh runs it again at once and the card shows "Loading…" until the new answer arrives',
        'Pressing twice quickly starts two requests; this release cannot cancel the first, and the card shows the answer of the second',
      ],
      async (clause) => {
        const probe = probeSample(page, 'AsyncData.tsx');
        render(<probe.App />);
        await advance(800); // 10:00:00.800
        await advance(200); // 10:00:01.000
        clause('The card is subscribed to the selector', () => {
          // Refreshed from outside, the shown selector runs at once; once the card has moved to another user, the
          // same refresh only marks it stale: the card's subscription is what made it run.
          const shown = cardState(probe, 1) as core.ReadonlyState<Promise<unknown>>;
          act(() => core.refresh(shown));
          expect(runsOf(probe, 1)).toHaveLength(2);
          user(2);
          act(() => core.refresh(shown));
          expect(runsOf(probe, 1)).toHaveLength(2);
          user(1);
        });
        await advance(800); // 10:00:01.800: user 2 and user 1's second run have settled
        await clause('so a refresh runs it again at once and the card shows "Loading…" until the new answer arrives', async () => {
          const before = runsOf(probe, 1).length;
          reload();
          expect(runsOf(probe, 1)).toHaveLength(before + 1);
          expect(status()).toHaveTextContent('Loading…');
          await advance(799);
          expect(status()).toHaveTextContent('Loading…');
          await advance(1); // 10:00:02.600
          expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:02.600Z')})`);
        });
        const before = runsOf(probe, 1).length;
        await clause('Pressing twice quickly starts two requests', async () => {
          reload();
          await advance(500); // 10:00:03.100
          reload();
          expect(runsOf(probe, 1)).toHaveLength(before + 2);
          expect(runsOf(probe, 1).slice(before).map((run) => run.result)).toEqual([expect.any(Promise), expect.any(Promise)]);
        });
        await clause('this release cannot cancel the first', async () => {
          // A selector gets only `get`: no signal to abort a request with. The first request answers all the same.
          expect(runsOf(probe, 1).map((run) => run.context)).toEqual(runsOf(probe, 1).map(() => ['get']));
          const firstAnswer = runsOf(probe, 1)[before]?.result as Promise<{ loadedAt: string }>;
          await advance(300); // the first reload's answer (10:00:03.400) arrives and is not shown
          await expect(firstAnswer).resolves.toMatchObject({ loadedAt: time('2026-01-01T10:00:03.400Z') });
          expect(status()).toHaveTextContent('Loading…');
        });
        await clause('and the card shows the answer of the second', async () => {
          await advance(500); // the second's, at 10:00:03.900
          expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:03.900Z')})`);
        });
      },
    );

    claim(
      [
        'Open user 4. The fake server rejects, and the card shows the error\'s message. Reload is a retry: it runs the selector again, and the card follows that run',
      ],
      async (clause) => {
        const probe = probeSample(page, 'AsyncData.tsx');
        render(<probe.App />);
        clause('Open user 4.', () => {
          user(4);
          expect(screen.getByRole('region', { name: 'User 4' })).toBeInTheDocument();
          expect(status()).toHaveTextContent('Loading…');
        });
        const firstRun = runsOf(probe, 4)[0]?.result as Promise<unknown>;
        firstRun.catch(() => undefined);
        await advance(800);
        await clause('The fake server rejects', async () => {
          await expect(firstRun).rejects.toThrow('User 4 does not exist');
        });
        clause("and the card shows the error's message.", () => {
          expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
        });
        await advance(1000); // the run the error render started has failed too
        const before = runsOf(probe, 4).length;
        await clause('Reload is a retry', async () => {
          // The same request again: it fails as the first did.
          reload();
          const retried = runsOf(probe, 4)[before]?.result as Promise<unknown>;
          retried.catch(() => undefined);
          expect(retried).not.toBe(firstRun);
          await advance(800);
          await expect(retried).rejects.toThrow('User 4 does not exist');
        });
        clause('it runs the selector again', () => {
          expect(runsOf(probe, 4).length).toBeGreaterThan(before);
          expect(runsOf(probe, 4)[before]?.param).toBe(4);
        });
        await clause('and the card follows that run', async () => {
          // Each Reload is followed: "Loading…" while the run is on its way, its error when it fails.
          await advance(1000);
          reload();
          expect(status()).toHaveTextContent('Loading…');
          await advance(800);
          expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
        });
      },
    );
  });
});

describe('getting-started/frameworks', () => {
  const page = 'version-1.0.0-rc14/getting-started/frameworks';
  const claim = claimsOf('version-1.0.0-rc14/getting-started/frameworks');
  // The Vite sample renders into a #root of its own, outside what Testing Library cleans up.
  afterEach(() => {
    document.body.innerHTML = '';
  });

  claim(
    [
      'Stan 1.0.0-rc14 needs no setup in any framework: there is no provider to render and no store to create',
      'Two components that read `clicks` always agree, wherever they are in the tree, even under two separate React roots on the same page',
    ],
    (clause) => {
      clause('Stan 1.0.0-rc14 needs no setup in any framework', () => {
        // The Vite sample as printed: an atom, a hook and createRoot, nothing else.
        document.body.innerHTML = '<div id="root"></div>';
        act(() => {
          runLogged(page, 'src/main.tsx', { ...sampleModulesOf(VERSION), 'react-dom/client': reactDomClient });
        });
        const button = screen.getByRole('button');
        expect(button).toHaveTextContent('Clicked 0 times');
        fireEvent.click(button);
        expect(button).toHaveTextContent('Clicked 1 times');
        // And on the server, a hook renders with nothing around it.
        const greeting = atom('hi');
        function Greeting() {
          return <p>{useStanValue(greeting)}</p>;
        }
        expect(renderToString(<Greeting />)).toBe('<p>hi</p>');
      });
      clause('there is no provider to render and no store to create', () => {
        expect(Object.keys(core).filter((name) => name !== '__esModule').sort()).toEqual(['atom', 'atomFamily', 'refresh', 'selector', 'selectorFamily']);
        expect(Object.keys(bindings).filter((name) => name !== '__esModule').sort()).toEqual(['useSetStanValue', 'useStan', 'useStanRefresher', 'useStanValue', 'useStanValueAsync']);
      });
      clause('Two components that read `clicks` always agree, wherever they are in the tree, even under two separate React roots on the same page', () => {
        const clicks = atom(0);
        function Clicks() {
          return <span>{useStanValue(clicks)}</span>;
        }
        const containers = [document.createElement('div'), document.createElement('div')];
        const roots = containers.map((container) => reactDomClient.createRoot(container));
        act(() => {
          roots[0]?.render(
            <div>
              <Clicks />
              <section>
                <div>
                  <Clicks />
                </div>
              </section>
            </div>,
          );
          roots[1]?.render(<Clicks />);
        });
        act(() => clicks.set(5));
        expect(containers.map((container) => container.textContent)).toEqual(['55', '5']);
        act(() => clicks.set((n) => n + 1));
        expect(containers.map((container) => container.textContent)).toEqual(['66', '6']);
        act(() => roots.forEach((root) => root.unmount()));
      });
    },
  );

  claim(
    [
      'Every atom holds one value for the whole JavaScript runtime. In the browser that is one value per page',
      'On a server, one process renders the pages of many visitors, and they all see the same atoms',
      'An atom that one request writes to keeps that value for the next request, of another visitor',
      'Client Components are also rendered on the server for the first HTML, and there they read the server process\'s values',
    ],
    (clause) => {
      const signedIn = atom<string | null>(null);
      function Header() {
        return <p>{useStanValue(signedIn) ?? 'guest'}</p>;
      }
      const request = (user: string | null) => {
        if (user !== null) signedIn.set(user);
        return renderToString(<Header />);
      };
      clause('Every atom holds one value for the whole JavaScript runtime.', () => {
        // Its instance is the atom itself: no store, context or argument picks another value.
        expect(Object.keys(signedIn).sort()).toEqual(['get', 'set', 'subscribe']);
        signedIn.set('one');
        expect(renderToString(<Header />)).toBe('<p>one</p>');
        const { unmount } = render(<Header />);
        expect(screen.getByText('one')).toBeInTheDocument();
        unmount();
        signedIn.set(null);
      });
      clause('In the browser that is one value per page', () => {
        const { container, unmount } = render(
          <>
            <Header />
            <Header />
          </>,
        );
        act(() => signedIn.set('page'));
        expect(container.textContent).toBe('pagepage');
        unmount();
        signedIn.set(null);
      });
      clause('On a server, one process renders the pages of many visitors', () => {
        expect(request(null)).toBe('<p>guest</p>');
        expect(request(null)).toBe('<p>guest</p>');
      });
      clause('they all see the same atoms', () => {
        signedIn.set('shared');
        expect([request(null), request(null)]).toEqual(['<p>shared</p>', '<p>shared</p>']);
      });
      clause('An atom that one request writes to keeps that value for the next request, of another visitor', () => {
        expect(request('ada')).toBe('<p>ada</p>');
        expect(request(null)).toBe('<p>ada</p>'); // another visitor
      });
      const probe = probeSample(page, 'Counter.tsx');
      const Counter = probe.exports.Counter as ComponentType;
      const count = probe.created.atoms[0] as core.WritableState<number>;
      clause('Client Components are also rendered on the server for the first HTML', () => {
        expect(renderToString(<Counter />)).toBe('<button>0</button>');
      });
      clause("there they read the server process's values", () => {
        count.set(7);
        expect(renderToString(<Counter />)).toBe('<button>7</button>');
      });
    },
  );

  claim(
    [
      "The package's React entry point carries no `\"use client\"` directive, so put one at the top of each file whose components call a hook",
    ],
    (clause) => {
      const entry = require.resolve(`${path.basename(versionPackageDir(VERSION))}/react`);
      const bindingsSource = fs.readFileSync(entry, 'utf8');
      clause("The package's React entry point carries no `\"use client\"` directive", () => {
        expect(fs.realpathSync(entry)).toBe(fs.realpathSync(path.join(versionPackageDir(VERSION), 'dist/react.js')));
        expect(bindingsSource).not.toMatch(/^\s*["']use client["']/);
      });
      clause('so put one at the top of each file whose components call a hook', () => {
        // The hooks are built on React hooks that a Server Component cannot call (React's server build has none).
        const imported = /import\s*\{([^}]*)\}\s*from\s*"react"/.exec(bindingsSource)?.[1] ?? '';
        const used = imported.split(',').map((spec) => spec.trim().split(/\s+as\s+/)[0]);
        const serverBuild = path.join(path.dirname(require.resolve('react/package.json')), 'cjs/react.react-server.development.js');
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const serverReact = require(serverBuild) as Record<string, unknown>;
        expect(used.filter((hook) => !(hook! in serverReact)).sort()).toEqual(['useEffect', 'useRef', 'useState']);
        // With the directive at its top, the sample's component works as a Client Component.
        const { Counter } = runLogged<{ Counter: ComponentType }>(page, 'Counter.tsx').exports;
        render(<Counter />);
        fireEvent.click(screen.getByRole('button'));
        expect(screen.getByRole('button')).toHaveTextContent('1');
      });
    },
  );

  claim(
    [
      'The hooks read the atoms\' values while Gatsby renders the HTML, so keep those renders free of writes to atoms: the pages of one build share the same values, and a page would see what an earlier page wrote',
    ],
    (clause) => {
      clause("The hooks read the atoms' values while Gatsby renders the HTML", () => {
        const theme = atom('light');
        theme.set('dark');
        function Themed() {
          return <p>{useStanValue(theme)}</p>;
        }
        expect(renderToString(<Themed />)).toBe('<p>dark</p>');
      });
      const visited = atom<string[]>([]);
      function Page({ name }: { name: string }) {
        const pages = useStanValue(visited);
        if (!pages.includes(name)) visited.set([...pages, name]); // a write during render
        return <p>{pages.join(',')}</p>;
      }
      clause('so keep those renders free of writes to atoms', () => {
        // A write made while rendering HTML is not confined to that render: it stays in the atom.
        expect(renderToString(<Page name="/docs" />)).toBe('<p></p>');
        expect(visited.get()).toEqual(['/docs']);
      });
      clause('the pages of one build share the same values', () => {
        const title = atom('Stan');
        const Home = () => <h1>{useStanValue(title)}</h1>;
        const About = () => <h2>{useStanValue(title)}</h2>;
        title.set('Stan docs');
        expect([renderToString(<Home />), renderToString(<About />)]).toEqual(['<h1>Stan docs</h1>', '<h2>Stan docs</h2>']);
      });
      clause('and a page would see what an earlier page wrote', () => {
        expect(renderToString(<Page name="/blog" />)).toBe('<p>/docs</p>');
      });
    },
  );
});
