// Coming from Recoil or Jotai: what the page says of all three libraries, each run against its library: Recoil
// 0.7.7 on React 18.3 (test/support/recoil.ts: it reads React internals that React 19 removed), Jotai 2.20.3 and
// Stan on the site's React 19.
import { spawnSync } from 'child_process';
import { readdirSync, readFileSync } from 'fs';
import { Suspense, useLayoutEffect, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as jotai from 'jotai';
import * as jotaiUtils from 'jotai/utils';
import * as core from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
import { atom, atomFamily, DEFAULT_STORE, makeStore, selector, selectorFamily, type Store } from '@rkrupinski/stan';
import { StanProvider, useSetStanValue, useStan, useStanCtx, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { installFakeApi } from '../../support/fake-api';
import { recoilOnReact18, type RecoilOnReact18 } from '../../support/recoil';
import { REPO_ROOT } from '../../support/samples';

const claim = claimsOf('getting-started/coming-from-recoil-or-jotai');

/** Lets pending promise callbacks, timers of zero and React 19's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));
/** Runs `fn` with console.error and console.warn silenced, returning what they were called with. */
function quietly<T>(fn: () => T): { result: T; logged: string[] } {
  const logged: string[] = [];
  const record = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  const error = jest.spyOn(console, 'error').mockImplementation(record);
  const warn = jest.spyOn(console, 'warn').mockImplementation(record);
  try {
    return { result: fn(), logged };
  } finally {
    error.mockRestore();
    warn.mockRestore();
  }
}

let recoilKeys = 0;
/** A Recoil key no other state of this file uses. */
const key = (name: string) => `${name}-${(recoilKeys += 1)}`;

let R: RecoilOnReact18;
beforeAll(() => {
  R = recoilOnReact18();
  expect(R.React.version).toBe('18.3.1');
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** React 18's createElement, typed loosely: its elements go to React DOM 18 only. */
const h = (type: unknown, props?: object | null, ...children: unknown[]): unknown =>
  (R.React.createElement as (...args: unknown[]) => unknown)(type, props ?? null, ...children);
/** A Recoil component tree in a `<RecoilRoot>`, rendered by React DOM 18. */
function renderRecoil(children: unknown, props: Record<string, unknown> = {}) {
  return R.renderInBrowser(h(R.recoil.RecoilRoot, props, children));
}

describe('the pieces side by side', () => {
  claim(
    [
      '| Writable state | `atom({ key, default })` | `atom(initialValue)` | `atom(initialValue)` |',
      '| Derived state | `selector({ key, get })` | `atom((get) => …)` | `selector(({ get }) => …)` |',
      '| Async derived state | a `selector` whose `get` returns a promise | a derived atom whose read returns a promise | a `selector` that returns a promise, with a `signal` to cancel it |',
      '| One state per parameter | `atomFamily`, `selectorFamily` | `atomFamily` | `atomFamily`, `selectorFamily` |',
      '| Where values live | the `<RecoilRoot>` | a store (`createStore`), given by `<Provider>` | a store (`makeStore`, `DEFAULT_STORE`), given by `<StanProvider>` |',
      '| Identity | a `key` string, unique in the app | the atom object | the definition object; its `tag` is only a label |',
      '| Persistence and syncing | atom `effects` | `atomWithStorage`, `onMount` | atom `effects` with `init`, `set` and `onSet` |',
      '| Use outside React | (nothing public reaches a `<RecoilRoot>`) | the store: `get`, `set`, `sub` | the state instance: `get`, `set`, `subscribe` |',
    ],
    async (clause) => {
      const { recoil } = R;
      clause('| Writable state | `atom({ key, default })` | `atom(initialValue)` | `atom(initialValue)` |', () => {
        const count = recoil.atom({ key: key('count'), default: 1 });
        let setCount: (n: number) => void = () => undefined;
        function Counter() {
          const [value, set] = recoil.useRecoilState(count);
          setCount = set;
          return h('p', null, `recoil ${value}`);
        }
        const view = renderRecoil(h(Counter));
        R.act(() => setCount(2));
        expect(view.container.textContent).toBe('recoil 2');
        const jotaiCount = jotai.atom(1);
        const store = jotai.createStore();
        store.set(jotaiCount, 2);
        expect(store.get(jotaiCount)).toBe(2);
        const stanCount = atom(1);
        const s = makeStore();
        stanCount(s).get();
        stanCount(s).set(2);
        expect(stanCount(s).get()).toBe(2);
      });
      clause('| Derived state | `selector({ key, get })` | `atom((get) => …)` | `selector(({ get }) => …)` |', () => {
        const base = recoil.atom({ key: key('base'), default: 2 });
        const doubled = recoil.selector({ key: key('doubled'), get: ({ get }) => get(base) * 2 });
        function Doubled() {
          return h('p', null, String(recoil.useRecoilValue(doubled)));
        }
        expect(R.renderToString(h(recoil.RecoilRoot, null, h(Doubled)))).toBe('<p>4</p>');
        const jotaiBase = jotai.atom(2);
        const jotaiDoubled = jotai.atom((get) => get(jotaiBase) * 2);
        const store = jotai.createStore();
        store.set(jotaiBase, 3);
        expect(store.get(jotaiDoubled)).toBe(6);
        const stanBase = atom(2);
        const stanDoubled = selector(({ get }) => get(stanBase) * 2);
        expect(stanDoubled(makeStore()).get()).toBe(4);
      });
      await clause(
        '| Async derived state | a `selector` whose `get` returns a promise | a derived atom whose read returns a promise | a `selector` that returns a promise, with a `signal` to cancel it |',
        async () => {
          const later = recoil.selector({ key: key('later'), get: async () => 'recoil later' });
          const snapshot = recoil.snapshot_UNSTABLE();
          await expect(snapshot.getPromise(later)).resolves.toBe('recoil later');
          const jotaiLater = jotai.atom(async () => 'jotai later');
          await expect(jotai.createStore().get(jotaiLater)).resolves.toBe('jotai later');
          const query = atom('a');
          const signals: AbortSignal[] = [];
          const stanLater = selector(async ({ get, signal }) => {
            signals.push(signal);
            return `stan ${get(query)}`;
          });
          const s = makeStore();
          query(s).get();
          const first = stanLater(s).get();
          query(s).set('b');
          await expect(first).resolves.toBe('stan a');
          await expect(stanLater(s).get()).resolves.toBe('stan b');
          expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
        },
      );
      clause('| One state per parameter | `atomFamily`, `selectorFamily` | `atomFamily` | `atomFamily`, `selectorFamily` |', () => {
        const recoilTodo = recoil.atomFamily({ key: key('todo'), default: (id: number) => `todo ${id}` });
        const recoilTitle = recoil.selectorFamily({ key: key('title'), get: (id: number) => ({ get }) => get(recoilTodo(id)).toUpperCase() });
        expect(recoil.snapshot_UNSTABLE().getLoadable(recoilTitle(2)).contents).toBe('TODO 2');
        const jotaiTodo = quietly(() => jotaiUtils.atomFamily((id: number) => jotai.atom(`todo ${id}`))).result;
        expect(jotai.createStore().get(jotaiTodo(3))).toBe('todo 3');
        expect('selectorFamily' in jotaiUtils).toBe(false);
        const todo = atomFamily((id: number) => `todo ${id}`);
        const title = selectorFamily((id: number) => ({ get }) => get(todo(id)).toUpperCase());
        expect(title(4)(makeStore()).get()).toBe('TODO 4');
      });
      clause(
        '| Where values live | the `<RecoilRoot>` | a store (`createStore`), given by `<Provider>` | a store (`makeStore`, `DEFAULT_STORE`), given by `<StanProvider>` |',
        () => {
          const name = recoil.atom({ key: key('name'), default: 'guest' });
          function Name() {
            return h('p', null, recoil.useRecoilValue(name));
          }
          const seeded = R.renderToString(
            h(recoil.RecoilRoot, { initializeState: ({ set }: { set: (s: unknown, v: string) => void }) => set(name, 'Ada') }, h(Name)),
          );
          expect([seeded, R.renderToString(h(recoil.RecoilRoot, null, h(Name)))]).toEqual(['<p>Ada</p>', '<p>guest</p>']);
          const jotaiName = jotai.atom('guest');
          const store = jotai.createStore();
          store.set(jotaiName, 'Ada');
          function JotaiName() {
            return <p>{jotai.useAtomValue(jotaiName)}</p>;
          }
          expect(
            renderToString(
              <jotai.Provider store={store}>
                <JotaiName />
              </jotai.Provider>,
            ),
          ).toBe('<p>Ada</p>');
          const stanName = atom('guest');
          const s = makeStore();
          stanName(s).get();
          stanName(s).set('Ada');
          function StanName() {
            return <p>{useStanValue(stanName)}</p>;
          }
          expect(renderToString(<StanProvider store={s}><StanName /></StanProvider>)).toBe('<p>Ada</p>');
          expect(renderToString(<StanName />)).toBe(`<p>${stanName(DEFAULT_STORE).get()}</p>`);
        },
      );
      clause('| Identity | a `key` string, unique in the app | the atom object | the definition object; its `tag` is only a label |', () => {
        const shared = key('shared');
        recoil.atom({ key: shared, default: 1 });
        const { logged } = quietly(() => recoil.atom({ key: shared, default: 2 }));
        expect(logged.join('\n')).toContain(`Duplicate atom key "${shared}"`);
        const [a, b] = [jotai.atom(0), jotai.atom(0)];
        const store = jotai.createStore();
        store.set(a, 1);
        expect([store.get(a), store.get(b)]).toEqual([1, 0]);
        const [x, y] = [atom(0, { tag: 'same' }), atom(0, { tag: 'same' })];
        const s = makeStore();
        x(s).get();
        x(s).set(1);
        expect([x(s).get(), y(s).get(), x(s).tag, y(s).tag]).toEqual([1, 0, 'same', 'same']);
      });
      clause('| Persistence and syncing | atom `effects` | `atomWithStorage`, `onMount` | atom `effects` with `init`, `set` and `onSet` |', () => {
        const saved: string[] = [];
        const theme = recoil.atom({
          key: key('theme'),
          default: 'light',
          effects: [({ setSelf, onSet }) => {
            setSelf('dark');
            onSet((value) => void saved.push(value));
          }],
        });
        let setTheme: (value: string) => void = () => undefined;
        function Theme() {
          const [value, set] = recoil.useRecoilState(theme);
          setTheme = set;
          return h('p', null, value);
        }
        const view = renderRecoil(h(Theme));
        R.act(() => setTheme('dim'));
        expect([view.container.textContent, saved]).toEqual(['dim', ['dim']]);
        window.localStorage.setItem('jotai-theme', JSON.stringify('dark'));
        const stored = jotaiUtils.atomWithStorage('jotai-theme', 'light', undefined, { getOnInit: true });
        const mounted = jest.fn();
        const watched = jotai.atom(0);
        watched.onMount = () => {
          mounted();
        };
        const store = jotai.createStore();
        expect(store.get(stored)).toBe('dark');
        store.set(stored, 'dim');
        expect(window.localStorage.getItem('jotai-theme')).toBe('"dim"');
        store.sub(watched, () => undefined);
        expect(mounted).toHaveBeenCalledTimes(1);
        const received: string[] = [];
        atom(0, { effects: [(param) => void received.push(...Object.keys(param))] })(makeStore()).get();
        expect(received.sort()).toEqual(['init', 'onSet', 'set']);
      });
      clause(
        '| Use outside React | (nothing public reaches a `<RecoilRoot>`) | the store: `get`, `set`, `sub` | the state instance: `get`, `set`, `subscribe` |',
        () => {
          // A snapshot made outside React starts from the defaults, not from the values a mounted root holds.
          const name = recoil.atom({ key: key('outside'), default: 'guest' });
          function Name() {
            return h('p', null, recoil.useRecoilValue(name));
          }
          const view = renderRecoil(h(Name), { initializeState: ({ set }: { set: (s: unknown, v: string) => void }) => set(name, 'Ada') });
          expect(view.container.textContent).toBe('Ada');
          expect(recoil.snapshot_UNSTABLE().getLoadable(name).contents).toBe('guest');
          // No export hands out a root's state: no store, no getter or setter outside the hooks.
          expect(Object.keys(recoil).filter((name) => /store|^get|^set/i.test(name) && name !== 'useRecoilStoreID')).toEqual([]);
          const count = jotai.atom(0);
          const store = jotai.createStore();
          const heard = jest.fn();
          store.sub(count, heard);
          store.set(count, 1);
          expect([store.get(count), heard.mock.calls.length]).toEqual([1, 1]);
          const stanCount = atom(0);
          const instance = stanCount(makeStore());
          const seen = jest.fn();
          instance.get();
          instance.subscribe(seen);
          instance.set(1);
          expect(seen).toHaveBeenCalledWith(1);
        },
      );
    },
  );

  claim(
    [
      '| read and write an atom | `useRecoilState` | `useAtom` | `useStan` |',
      '| read a value | `useRecoilValue` | `useAtomValue` | `useStanValue` |',
      '| write without reading | `useSetRecoilState` | `useSetAtom` | `useSetStanValue` |',
      '| reset to the initial value | `useResetRecoilState` | `useResetAtom` (with `atomWithReset`) | `useStanReset` |',
      '| read an async value without suspending | `useRecoilValueLoadable` | `loadable` | `useStanValueAsync` |',
      '| run a derived value again | `useRecoilRefresher_UNSTABLE` | `atomWithRefresh` | `useStanRefresher` |',
      '| reach the store in use | (no store object) | `useStore` | `useStanCtx` |',
    ],
    async (clause) => {
      const { recoil } = R;
      // The table names every hook of Stan's React entry point.
      const hooks = Object.keys(stanReact).filter((name) => name.startsWith('use'));
      expect(hooks.sort()).toEqual(['useSetStanValue', 'useStan', 'useStanCtx', 'useStanRefresher', 'useStanReset', 'useStanValue', 'useStanValueAsync']);

      /** Renders a Recoil component that reads and writes through `use`, then calls its `act` once. */
      const recoilRun = (use: () => { text: string; act?: () => void }) => {
        let act: (() => void) | undefined;
        function Probe() {
          const result = use();
          act = result.act;
          return h('p', null, result.text);
        }
        const view = renderRecoil(h(Probe));
        const before = view.container.textContent;
        R.act(() => act?.());
        return [before, view.container.textContent];
      };
      /** The same for Jotai and Stan, on React 19. */
      const run = (use: () => { text: string; act?: () => void }, wrap: (node: ReactElement) => ReactElement = (n) => n) => {
        let action: (() => void) | undefined;
        function Probe() {
          const result = use();
          action = result.act;
          return <p>{result.text}</p>;
        }
        const view = render(wrap(<Probe />));
        const before = view.container.textContent;
        act(() => action?.());
        const after = view.container.textContent;
        view.unmount();
        return [before, after];
      };

      clause('| read and write an atom | `useRecoilState` | `useAtom` | `useStan` |', () => {
        const r = recoil.atom({ key: key('rw'), default: 1 });
        expect(recoilRun(() => {
          const [value, set] = recoil.useRecoilState(r);
          return { text: `${value}`, act: () => set(2) };
        })).toEqual(['1', '2']);
        const j = jotai.atom(1);
        expect(run(() => {
          const [value, set] = jotai.useAtom(j);
          return { text: `${value}`, act: () => set(2) };
        })).toEqual(['1', '2']);
        const s = atom(1);
        expect(run(() => {
          const [value, set] = useStan(s);
          return { text: `${value}`, act: () => set(2) };
        })).toEqual(['1', '2']);
      });
      clause('| read a value | `useRecoilValue` | `useAtomValue` | `useStanValue` |', () => {
        const r = recoil.atom({ key: key('read'), default: 'recoil' });
        expect(recoilRun(() => ({ text: recoil.useRecoilValue(r) }))[0]).toBe('recoil');
        const j = jotai.atom('jotai');
        expect(run(() => ({ text: jotai.useAtomValue(j) }))[0]).toBe('jotai');
        const s = atom('stan');
        expect(run(() => ({ text: useStanValue(s) }))[0]).toBe('stan');
      });
      clause('| write without reading | `useSetRecoilState` | `useSetAtom` | `useSetStanValue` |', () => {
        const r = recoil.atom({ key: key('write'), default: 0 });
        let recoilRenders = 0;
        recoilRun(() => {
          recoilRenders += 1;
          const set = recoil.useSetRecoilState(r);
          return { text: 'writer', act: () => set(5) };
        });
        expect(recoilRenders).toBe(1);
        const j = jotai.atom(0);
        const store = jotai.createStore();
        let jotaiRenders = 0;
        run(
          () => {
            jotaiRenders += 1;
            const set = jotai.useSetAtom(j);
            return { text: 'writer', act: () => set(5) };
          },
          (node) => <jotai.Provider store={store}>{node}</jotai.Provider>,
        );
        expect([jotaiRenders, store.get(j)]).toEqual([1, 5]);
        const s = atom(0);
        s(DEFAULT_STORE).get();
        let stanRenders = 0;
        run(() => {
          stanRenders += 1;
          const set = useSetStanValue(s);
          return { text: 'writer', act: () => set(5) };
        });
        expect([stanRenders, s(DEFAULT_STORE).get()]).toEqual([1, 5]);
      });
      clause('| reset to the initial value | `useResetRecoilState` | `useResetAtom` (with `atomWithReset`) | `useStanReset` |', () => {
        const r = recoil.atom({ key: key('reset'), default: 1 });
        expect(recoilRun(() => {
          const [value, set] = recoil.useRecoilState(r);
          const reset = recoil.useResetRecoilState(r);
          return { text: `${value}`, act: () => (value === 1 ? set(9) : reset()) };
        })).toEqual(['1', '9']);
        const j = jotaiUtils.atomWithReset(1);
        const store = jotai.createStore();
        store.set(j, 9);
        expect(run(() => {
          const value = jotai.useAtomValue(j);
          const reset = jotaiUtils.useResetAtom(j);
          return { text: `${value}`, act: reset };
        }, (node) => <jotai.Provider store={store}>{node}</jotai.Provider>)).toEqual(['9', '1']);
        const s = atom(1);
        const stanStore = makeStore();
        s(stanStore).get();
        s(stanStore).set(9);
        expect(run(() => {
          const value = useStanValue(s);
          const reset = stanReact.useStanReset(s);
          return { text: `${value}`, act: reset };
        }, (node) => <StanProvider store={stanStore}>{node}</StanProvider>)).toEqual(['9', '1']);
      });
      await clause('| read an async value without suspending | `useRecoilValueLoadable` | `loadable` | `useStanValueAsync` |', async () => {
        const r = recoil.selector({ key: key('async'), get: () => new Promise<string>(() => undefined) });
        function RecoilReader() {
          return h('p', null, recoil.useRecoilValueLoadable(r).state);
        }
        const recoilHtml = R.renderToString(h(recoil.RecoilRoot, null, h(R.React.Suspense, { fallback: 'fallback' }, h(RecoilReader))));
        expect([recoilHtml.includes('<p>loading</p>'), recoilHtml.includes('fallback')]).toEqual([true, false]);
        const pending = jotai.atom(() => new Promise<string>(() => undefined));
        const loadable = quietly(() => jotaiUtils.loadable(pending)).result;
        function JotaiReader() {
          return <p>{jotai.useAtomValue(loadable).state}</p>;
        }
        const jotaiHtml = renderToString(<Suspense fallback="fallback"><JotaiReader /></Suspense>);
        expect([jotaiHtml.includes('<p>loading</p>'), jotaiHtml.includes('fallback')]).toEqual([true, false]);
        const s = selector(() => new Promise<string>(() => undefined));
        function StanReader() {
          return <p>{useStanValueAsync(s).type}</p>;
        }
        const stanHtml = renderToString(<Suspense fallback="fallback"><StanReader /></Suspense>);
        expect([stanHtml.includes('<p>loading</p>'), stanHtml.includes('fallback')]).toEqual([true, false]);
      });
      await clause('| run a derived value again | `useRecoilRefresher_UNSTABLE` | `atomWithRefresh` | `useStanRefresher` |', async () => {
        let recoilRuns = 0;
        const r = recoil.selector({ key: key('refresh'), get: () => (recoilRuns += 1) });
        expect(recoilRun(() => {
          const value = recoil.useRecoilValue(r);
          const refresh = recoil.useRecoilRefresher_UNSTABLE(r);
          return { text: `${value}`, act: refresh };
        })).toEqual(['1', '2']);
        let jotaiRuns = 0;
        const j = jotaiUtils.atomWithRefresh(() => (jotaiRuns += 1));
        expect(run(() => {
          const [value, refresh] = jotai.useAtom(j);
          return { text: `${value}`, act: refresh };
        })).toEqual(['1', '2']);
        let stanRuns = 0;
        const s = selector(() => (stanRuns += 1));
        expect(run(() => {
          const value = useStanValue(s);
          const refresh = stanReact.useStanRefresher(s);
          return { text: `${value}`, act: refresh };
        }, (node) => <StanProvider>{node}</StanProvider>)).toEqual(['1', '2']);
      });
      clause('| reach the store in use | (no store object) | `useStore` | `useStanCtx` |', () => {
        let id: unknown;
        recoilRun(() => {
          id = recoil.useRecoilStoreID();
          return { text: 'id' };
        });
        // Recoil names its store with a number and hands out nothing to read or write it with.
        expect(typeof id).toBe('number');
        const store = jotai.createStore();
        let seen: unknown;
        run(() => {
          seen = jotai.useStore();
          return { text: 'store' };
        }, (node) => <jotai.Provider store={store}>{node}</jotai.Provider>);
        expect(seen).toBe(store);
        const stanStore = makeStore();
        let ctx: Store | undefined;
        run(() => {
          ctx = useStanCtx().store;
          return { text: 'store' };
        }, (node) => <StanProvider store={stanStore}>{node}</StanProvider>);
        expect(ctx).toBe(stanStore);
      });
    },
  );
});

claim(
  "where a Recoil loadable has a `state` of `'loading'`, `'hasValue'` or `'hasError'` with its `contents`, and Jotai's `loadable` a `state` of `'loading'`, `'hasData'` or `'hasError'`",
  async (clause) => {
    await clause("where a Recoil loadable has a `state` of `'loading'`, `'hasValue'` or `'hasError'` with its `contents`", async () => {
      const { recoil } = R;
      let settleLater: (value: string) => void = () => undefined;
      const later = recoil.selector({ key: key('later'), get: () => new Promise<string>((resolve) => (settleLater = resolve)) });
      const failing = recoil.selector({ key: key('failing'), get: () => Promise.reject(new Error('down')) });
      const snapshot = recoil.snapshot_UNSTABLE();
      expect(snapshot.getLoadable(later).state).toBe('loading');
      settleLater('up');
      await snapshot.getPromise(later);
      const ready = snapshot.getLoadable(later);
      expect([ready.state, ready.contents]).toEqual(['hasValue', 'up']);
      await snapshot.getPromise(failing).catch(() => undefined);
      const failed = snapshot.getLoadable(failing);
      expect([failed.state, (failed.contents as Error).message]).toEqual(['hasError', 'down']);
    });
    await clause("and Jotai's `loadable` a `state` of `'loading'`, `'hasData'` or `'hasError'`", async () => {
      let settleLater: (value: string) => void = () => undefined;
      const later = jotai.atom(() => new Promise<string>((resolve) => (settleLater = resolve)));
      const failing = jotai.atom(() => Promise.reject(new Error('down')));
      const { result: laterLoadable } = quietly(() => jotaiUtils.loadable(later));
      const { result: failingLoadable } = quietly(() => jotaiUtils.loadable(failing));
      const store = jotai.createStore();
      expect(store.get(laterLoadable).state).toBe('loading');
      settleLater('up');
      await flush();
      expect(store.get(laterLoadable)).toEqual({ state: 'hasData', data: 'up' });
      store.get(failingLoadable);
      await flush();
      expect(store.get(failingLoadable)).toMatchObject({ state: 'hasError', error: new Error('down') });
    });
  },
);

describe('differences in everyday code', () => {
  claim(
    [
      "A Recoil atom or selector needs a `key` that no other state in the app uses (Recoil's `atom`). Stan, like Jotai, needs none: the definition object is the identity. Stan's optional `tag` is only a label, and two definitions may share one",
    ],
    (clause) => {
      const { recoil } = R;
      clause('A Recoil atom or selector needs a `key` that no other state in the app uses', () => {
        expect(() => recoil.atom({ default: 1 } as never)).toThrow();
        expect(() => recoil.selector({ get: () => 1 } as never)).toThrow();
        const shared = key('needs');
        recoil.selector({ key: shared, get: () => 1 });
        expect(quietly(() => recoil.atom({ key: shared, default: 2 })).logged.join('\n')).toContain('Duplicate atom key');
      });
      clause("(Recoil's `atom`)", () => {
        expect(typeof recoil.atom).toBe('function');
      });
      clause('Stan, like Jotai, needs none: the definition object is the identity', () => {
        const [a, b] = [jotai.atom('x'), jotai.atom('x')];
        const store = jotai.createStore();
        store.set(b, 'y');
        expect([store.get(a), store.get(b)]).toEqual(['x', 'y']);
        expect(atom('x')).not.toBe(atom('x'));
        const stanA = atom('x');
        expect(stanA(makeStore())).not.toBe(atom('x')(makeStore()));
      });
      clause("Stan's optional `tag` is only a label, and two definitions may share one", () => {
        const label = atom('x', { tag: 'shared' });
        const other = selector(() => 'y', { tag: 'shared' });
        const store = makeStore();
        expect([label(store).get(), other(store).get()]).toEqual(['x', 'y']);
        expect([label(store).tag, other(store).tag]).toEqual(['shared', 'shared']);
      });
    },
  );

  claim(
    [
      "Recoil's hooks must run under a `<RecoilRoot>`. Jotai's and Stan's also work without a provider: Jotai falls back to a default store, Stan to `DEFAULT_STORE`. A `<StanProvider>` without a `store` prop creates a new, empty store of its own, and in all three libraries separate providers hold separate values",
    ],
    (clause) => {
      const { recoil } = R;
      const recoilName = recoil.atom({ key: key('provider'), default: 'guest' });
      clause("Recoil's hooks must run under a `<RecoilRoot>`", () => {
        function Name() {
          return h('p', null, recoil.useRecoilValue(recoilName));
        }
        expect(() => quietly(() => R.renderToString(h(Name)))).toThrow('This component must be used inside a <RecoilRoot> component.');
      });
      clause("Jotai's and Stan's also work without a provider: Jotai falls back to a default store, Stan to `DEFAULT_STORE`", () => {
        const name = jotai.atom('guest');
        jotai.getDefaultStore().set(name, 'Ada');
        function JotaiName() {
          return <p>{jotai.useAtomValue(name)}</p>;
        }
        const stanName = atom('guest');
        stanName(DEFAULT_STORE).get();
        stanName(DEFAULT_STORE).set('Ada');
        function StanName() {
          return <p>{useStanValue(stanName)}</p>;
        }
        expect([renderToString(<JotaiName />), renderToString(<StanName />)]).toEqual(['<p>Ada</p>', '<p>Ada</p>']);
      });
      clause('A `<StanProvider>` without a `store` prop creates a new, empty store of its own', () => {
        const stores: Store[] = [];
        function Probe() {
          stores.push(useStanCtx().store);
          return null;
        }
        render(
          <StanProvider>
            <Probe />
          </StanProvider>,
        );
        expect(stores[0]).not.toBe(DEFAULT_STORE);
        expect(stores[0]?.value.size).toBe(0);
      });
      clause('and in all three libraries separate providers hold separate values', () => {
        let setFirst: (value: string) => void = () => undefined;
        function RecoilName({ first }: { first: boolean }) {
          const [value, set] = recoil.useRecoilState(recoilName);
          if (first) setFirst = set;
          return h('span', null, value);
        }
        const view = R.renderInBrowser(
          h(R.React.Fragment, null, h(recoil.RecoilRoot, null, h(RecoilName, { first: true })), h(recoil.RecoilRoot, null, h(RecoilName, { first: false }))),
        );
        R.act(() => setFirst('Ada'));
        expect(view.container.textContent).toBe('Adaguest');
        const name = jotai.atom('guest');
        function JotaiName({ label }: { label: string }) {
          const [value, set] = jotai.useAtom(name);
          return <button onClick={() => set('Ada')}>{`${label} ${value}`}</button>;
        }
        const stanName = atom('guest');
        function StanName({ label }: { label: string }) {
          const [value, set] = useStan(stanName);
          return <button onClick={() => set('Ada')}>{`${label} ${value}`}</button>;
        }
        render(
          <>
            <jotai.Provider><JotaiName label="jotai one" /></jotai.Provider>
            <jotai.Provider><JotaiName label="jotai two" /></jotai.Provider>
            <StanProvider><StanName label="stan one" /></StanProvider>
            <StanProvider><StanName label="stan two" /></StanProvider>
          </>,
        );
        fireEvent.click(screen.getByRole('button', { name: 'jotai one guest' }));
        fireEvent.click(screen.getByRole('button', { name: 'stan one guest' }));
        expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['jotai one Ada', 'jotai two guest', 'stan one Ada', 'stan two guest']);
      });
    },
  );

  claim(
    "Stan's core entry point does not import React: you read, write and subscribe through state instances, the way Jotai's store API lets you",
    (clause) => {
      clause("Stan's core entry point does not import React", () => {
        const dist = `${REPO_ROOT}/node_modules/@rkrupinski/stan/dist`;
        const files = readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'react.js');
        expect(files.length).toBeGreaterThan(0);
        files.forEach((f) => expect(readFileSync(`${dist}/${f}`, 'utf8')).not.toMatch(/["']react["']/));
      });
      clause('you read, write and subscribe through state instances', () => {
        const word = atom('a');
        const instance = word(makeStore());
        const seen = jest.fn();
        instance.get();
        instance.subscribe(seen);
        instance.set('b');
        expect([instance.get(), seen.mock.calls]).toEqual(['b', [['b']]]);
      });
      clause("the way Jotai's store API lets you", () => {
        const word = jotai.atom('a');
        const store = jotai.createStore();
        const seen = jest.fn();
        store.sub(word, () => seen(store.get(word)));
        store.set(word, 'b');
        expect([store.get(word), seen.mock.calls]).toEqual(['b', [['b']]]);
      });
    },
  );

  claim(
    [
      "Recoil's `useRecoilValue` and Jotai's `useAtom` suspend while an async value is pending, and both offer a form that does not (`useRecoilValueLoadable`, Jotai's `loadable`). Stan only has the second kind: `useStanValueAsync` never suspends",
      'Jotai 2.20 marks `loadable` deprecated too, to be removed in Jotai 3, and suggests a helper of your own built on its `unwrap` utility',
    ],
    (clause) => {
      const { recoil } = R;
      const recoilPending = recoil.selector({ key: key('pending'), get: () => new Promise<string>(() => undefined) });
      const jotaiPending = jotai.atom(() => new Promise<string>(() => undefined));
      clause("Recoil's `useRecoilValue` and Jotai's `useAtom` suspend while an async value is pending", () => {
        function RecoilReader() {
          return h('p', null, recoil.useRecoilValue(recoilPending));
        }
        const recoilView = renderRecoil(h(R.React.Suspense, { fallback: h('p', null, 'fallback') }, h(RecoilReader)));
        expect(recoilView.container.textContent).toBe('fallback');
        function JotaiReader() {
          const [value] = jotai.useAtom(jotaiPending);
          return <p>{value}</p>;
        }
        // Rendered on the server: a suspended render in a test's act scope holds up the renders after it.
        const html = renderToString(<Suspense fallback={<p>fallback</p>}><JotaiReader /></Suspense>);
        expect([html.includes('<p>fallback</p>'), html.includes('<p></p>')]).toEqual([true, false]);
      });
      clause("and both offer a form that does not (`useRecoilValueLoadable`, Jotai's `loadable`)", () => {
        function RecoilReader() {
          return h('p', null, recoil.useRecoilValueLoadable(recoilPending).state);
        }
        expect(renderRecoil(h(R.React.Suspense, { fallback: h('p', null, 'fallback') }, h(RecoilReader))).container.textContent).toBe('loading');
        const loadable = quietly(() => jotaiUtils.loadable(jotai.atom(() => new Promise<string>(() => undefined)))).result;
        function JotaiReader() {
          return <p>{jotai.useAtomValue(loadable).state}</p>;
        }
        const view = render(<Suspense fallback={<p>fallback</p>}><JotaiReader /></Suspense>);
        expect(view.container.textContent).toBe('loading');
        view.unmount();
      });
      clause('Stan only has the second kind: `useStanValueAsync` never suspends', () => {
        const pending = selector(() => new Promise<string>(() => undefined));
        function Reader() {
          return <p>{`stan ${useStanValueAsync(pending).type}`}</p>;
        }
        const view = render(<Suspense fallback={<p>fallback</p>}><Reader /></Suspense>);
        expect(view.container.textContent).toBe('stan loading');
        expect(Object.keys(stanReact).filter((name) => /suspen/i.test(name))).toEqual([]);
      });
      clause('Jotai 2.20 marks `loadable` deprecated too, to be removed in Jotai 3', () => {
        // It warns once per module load: a fresh copy of the module warns again.
        let logged: string[] = [];
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const fresh = require('jotai/utils') as typeof jotaiUtils;
          logged = quietly(() => fresh.loadable(jotai.atom(Promise.resolve(1)))).logged;
        });
        expect(logged).toEqual([expect.stringMatching(/^\[DEPRECATED\] loadable is deprecated and will be removed in v3\./)]);
      });
      clause('and suggests a helper of your own built on its `unwrap` utility', () => {
        let logged: string[] = [];
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const fresh = require('jotai/utils') as typeof jotaiUtils;
          logged = quietly(() => fresh.loadable(jotai.atom(Promise.resolve(1)))).logged;
        });
        expect(logged[0]).toContain('Please use a userland util with the `unwrap` util');
        expect(typeof jotaiUtils.unwrap).toBe('function');
      });
    },
  );

  claim(
    [
      'Stan compares family parameters by their serialized value, as Recoil does. Jotai\'s `atomFamily` compares them by identity, as the keys of a `Map` (so `0` and `-0` are one member, and two equal objects are two), unless you pass your own `areEqual`; Jotai 2.20 marks that `atomFamily` deprecated, to be removed in Jotai 3, and points to the separate `jotai-family` package',
      "Stan's selector families keep their members by one of three cache policies, `keep-all`, `most-recent` and `lru`, the names Recoil uses for the eviction of its selector caches; Stan's atom families keep every member",
    ],
    async (clause) => {
      const { recoil } = R;
      clause('Stan compares family parameters by their serialized value', () => {
        const byFilter = selectorFamily((p: { a: number[]; b: string }) => () => p.a.length);
        expect(byFilter({ a: [1, 2], b: 'x' })).toBe(byFilter(JSON.parse('{"b":"x","a":[1,2]}') as { a: number[]; b: string }));
        const members = atomFamily((p: { id: number }) => p.id);
        expect(members({ id: 1 })).toBe(members({ id: 1 }));
      });
      clause('as Recoil does', () => {
        const family = recoil.atomFamily({ key: key('family'), default: (p: { a: number; b: number }) => p.a });
        expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
        const derived = recoil.selectorFamily({ key: key('derived'), get: (p: { a: number; b: number }) => () => p.a });
        expect(derived({ a: 1, b: 2 })).toBe(derived({ b: 2, a: 1 }));
      });
      clause("Jotai's `atomFamily` compares them by identity, as the keys of a `Map` (so `0` and `-0` are one member, and two equal objects are two)", () => {
        const family = quietly(() => jotaiUtils.atomFamily((p: unknown) => jotai.atom(p))).result;
        expect(family(0)).toBe(family(-0));
        expect(Object.is(0, -0)).toBe(false);
        expect(family({ a: 1 })).not.toBe(family({ a: 1 }));
        const same = { a: 1 };
        expect(family(same)).toBe(family(same));
      });
      clause('unless you pass your own `areEqual`', () => {
        const family = quietly(() => jotaiUtils.atomFamily((p: { a: number }) => jotai.atom(p.a), (x, y) => x.a === y.a)).result;
        expect(family({ a: 1 })).toBe(family({ a: 1 }));
      });
      clause('Jotai 2.20 marks that `atomFamily` deprecated, to be removed in Jotai 3, and points to the separate `jotai-family` package', () => {
        let logged: string[] = [];
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const fresh = require('jotai/utils') as typeof jotaiUtils;
          logged = quietly(() => fresh.atomFamily(() => jotai.atom(0))).logged;
        });
        expect(logged).toEqual([
          '[DEPRECATED] atomFamily is deprecated and will be removed in v3. Please use the `jotai-family` package instead: https://github.com/jotaijs/jotai-family',
        ]);
        const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/node_modules/jotai/package.json`, 'utf8')) as { version: string };
        expect(manifest.version).toBe('2.20.3');
      });
      await clause("Stan's selector families keep their members by one of three cache policies, `keep-all`, `most-recent` and `lru`", async () => {
        const errors = await compileErrors(`import { selectorFamily } from '@rkrupinski/stan';
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'keep-all' } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'fifo' } });`);
        expect(errors.map((e) => e.line)).toEqual([5]);
        const recent = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
        const one = recent(1);
        recent(2);
        expect(recent(1)).not.toBe(one);
      }, );
      clause('the names Recoil uses for the eviction of its selector caches', () => {
        for (const eviction of ['keep-all', 'most-recent', 'lru'] as const) {
          const s = recoil.selector({ key: key(eviction), get: () => eviction, cachePolicy_UNSTABLE: { eviction, maxSize: 2 } as never });
          expect(recoil.snapshot_UNSTABLE().getLoadable(s).contents).toBe(eviction);
        }
        expect(() => recoil.selector({ key: key('fifo'), get: () => 1, cachePolicy_UNSTABLE: { eviction: 'fifo' } as never })).toThrow('Unrecognized eviction policy fifo');
      });
      clause("Stan's atom families keep every member", () => {
        const members = atomFamily((n: number) => n);
        const first = members(0);
        for (let i = 1; i < 300; i += 1) members(i);
        expect(members(0)).toBe(first);
      });
    },
    60_000,
  );
});

describe('what Stan does not have', () => {
  claim("Recoil's selectors can have a `set`, and a Jotai atom can have a write function", (clause) => {
    const { recoil } = R;
    clause("Recoil's selectors can have a `set`", () => {
      const celsius = recoil.atom({ key: key('celsius'), default: 20 });
      const fahrenheit = recoil.selector<number>({
        key: key('fahrenheit'),
        get: ({ get }) => (get(celsius) * 9) / 5 + 32,
        set: ({ set }, value) => set(celsius, ((Number(value) - 32) * 5) / 9),
      });
      expect(recoilRunOnce(R, () => {
        const [value, set] = R.recoil.useRecoilState(fahrenheit);
        return { text: `${value}`, act: () => set(212) };
      })).toEqual(['68', '212']);
    });
    clause('and a Jotai atom can have a write function', () => {
      const celsius = jotai.atom(20);
      const fahrenheit = jotai.atom(
        (get) => (get(celsius) * 9) / 5 + 32,
        (_get, set, value: number) => set(celsius, ((value - 32) * 5) / 9),
      );
      const store = jotai.createStore();
      store.set(fahrenheit, 212);
      expect([store.get(celsius), store.get(fahrenheit)]).toEqual([100, 212]);
    });
  });

  claim('There is nothing like Recoil\'s snapshots or a devtools integration', (clause) => {
    clause("There is nothing like Recoil's snapshots", () => {
      const { recoil } = R;
      const count = recoil.atom({ key: key('snap'), default: 1 });
      let snapshot: { getLoadable: (s: unknown) => { contents: unknown } } | undefined;
      recoilRunOnce(R, () => {
        snapshot = recoil.useRecoilSnapshot() as never;
        return { text: 'snapshot' };
      });
      expect(snapshot?.getLoadable(count).contents).toBe(1);
      expect([...Object.keys(core), ...Object.keys(stanReact)].filter((name) => /snapshot|history|time/i.test(name))).toEqual([]);
    });
    clause('or a devtools integration', () => {
      expect([...Object.keys(core), ...Object.keys(stanReact)].filter((name) => /devtool|debug|inspect/i.test(name))).toEqual([]);
    });
  });

  claim("There is no counterpart of Recoil's `initializeState` or Jotai's `useHydrateAtoms`", async (clause) => {
    const { recoil } = R;
    clause("of Recoil's `initializeState`", () => {
      const name = recoil.atom({ key: key('init'), default: 'guest' });
      function Name() {
        return h('p', null, recoil.useRecoilValue(name));
      }
      expect(R.renderToString(h(recoil.RecoilRoot, { initializeState: ({ set }: { set: (s: unknown, v: string) => void }) => set(name, 'Ada') }, h(Name)))).toBe('<p>Ada</p>');
    });
    clause("or Jotai's `useHydrateAtoms`", () => {
      const name = jotai.atom('guest');
      function Name() {
        jotaiUtils.useHydrateAtoms([[name, 'Ada']]);
        return <p>{jotai.useAtomValue(name)}</p>;
      }
      expect(renderToString(<jotai.Provider><Name /></jotai.Provider>)).toBe('<p>Ada</p>');
    });
    await clause('There is no counterpart', async () => {
      expect([...Object.keys(core), ...Object.keys(stanReact)].filter((name) => /hydrat|initiali[sz]e|seed/i.test(name))).toEqual([]);
      const errors = await compileErrors(
        "import { StanProvider } from '@rkrupinski/stan/react';\nexport const App = () => <StanProvider initializeState={() => undefined}>x</StanProvider>;",
        'tsx',
      );
      expect(errors.map((e) => e.code)).toEqual([2322]);
    });
  }, 60_000);

  claim('Instead of `useRecoilCallback`', async () => {
    {
      const { recoil } = R;
      const count = recoil.atom({ key: key('callback'), default: 1 });
      const read: number[] = [];
      let setCount: (n: number) => void = () => undefined;
      let log: () => Promise<void> = async () => undefined;
      recoilRunOnce(R, () => {
        setCount = recoil.useSetRecoilState(count);
        log = recoil.useRecoilCallback(({ snapshot }) => async () => void read.push(await snapshot.getPromise(count)), []);
        return { text: 'logger' };
      });
      R.act(() => setCount(5));
      await R.actAsync(() => log());
      expect(read).toEqual([5]);
    }
  });
});

/** Renders a Recoil probe under a root, then calls its `act` once; returns the text before and after. */
function recoilRunOnce(r: RecoilOnReact18, use: () => { text: string; act?: () => void }): [string | null, string | null] {
  let action: (() => void) | undefined;
  function Probe() {
    const result = use();
    action = result.act;
    return h('p', null, result.text);
  }
  const view = r.renderInBrowser(h(r.recoil.RecoilRoot, null, h(Probe)));
  const before = view.container.textContent;
  r.act(() => action?.());
  return [before, view.container.textContent];
}

describe('habits that trip you up', () => {
  claim(
    [
      'Each of these works in Recoil or Jotai and misbehaves in Stan 1.2.0-rc4',
      'Writing to a fresh store. A write to an atom that nothing has read in that store is dropped',
      'Setting state in a layout effect to initialize it. A component that read the value during the same render may never show the write',
      'Storing `NaN`. A selector that reads a state whose new value is `NaN` makes the `set` run for ever',
      'Storing a function in an atom and reading it with a hook. React calls it',
      'Retrying a failed request with a refresh. After an async failure, a refresh can leave `useStanValueAsync` loading for ever',
    ],
    async (clause) => {
      const { recoil } = R;
      clause('Each of these works in Recoil or Jotai and misbehaves in Stan 1.2.0-rc4', () => {
        const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/node_modules/@rkrupinski/stan/package.json`, 'utf8')) as { version: string };
        expect(manifest.version).toBe('1.2.0-rc4');
      });
      clause('Writing to a fresh store. A write to an atom that nothing has read in that store is dropped', () => {
        const theme = jotai.atom('light');
        const store = jotai.createStore();
        store.set(theme, 'dark');
        expect(store.get(theme)).toBe('dark');
        const stanTheme = atom('light');
        const fresh = makeStore();
        stanTheme(fresh).set('dark');
        expect(stanTheme(fresh).get()).toBe('light');
      });
      clause(
        'Setting state in a layout effect to initialize it. A component that read the value during the same render may never show the write',
        () => {
          const theme = jotai.atom('light');
          function JotaiLabel() {
            return <p aria-label="jotai">{jotai.useAtomValue(theme)}</p>;
          }
          function JotaiPreferDark() {
            const set = jotai.useSetAtom(theme);
            useLayoutEffect(() => set('dark'), [set]);
            return null;
          }
          const stanTheme = atom('light');
          function StanLabel() {
            return <p aria-label="stan">{useStanValue(stanTheme)}</p>;
          }
          function StanPreferDark() {
            const set = useSetStanValue(stanTheme);
            useLayoutEffect(() => set('dark'), [set]);
            return null;
          }
          const store = makeStore();
          render(
            <>
              <jotai.Provider>
                <JotaiLabel />
                <JotaiPreferDark />
              </jotai.Provider>
              <StanProvider store={store}>
                <StanLabel />
                <StanPreferDark />
              </StanProvider>
            </>,
          );
          expect(screen.getByLabelText('jotai')).toHaveTextContent('dark');
          expect([screen.getByLabelText('stan').textContent, stanTheme(store).get()]).toEqual(['light', 'dark']);
        },
      );
      clause('Storing `NaN`. A selector that reads a state whose new value is `NaN` makes the `set` run for ever', () => {
        const scores = jotai.atom<number[]>([4, 5]);
        const average = jotai.atom((get) => get(scores).reduce((s, n) => s + n, 0) / get(scores).length);
        const label = jotai.atom((get) => `average ${get(average)}`);
        const store = jotai.createStore();
        store.sub(label, () => undefined);
        store.set(scores, []);
        expect(store.get(label)).toBe('average NaN');
        // Stan's set never returns: run as a program of its own, stopped after 4 s.
        const program = `const { atom, makeStore, selector } = require('@rkrupinski/stan');
const scores = atom([4, 5]);
const average = selector(({ get }) => { const l = get(scores); return l.reduce((s, n) => s + n, 0) / l.length; });
const label = selector(({ get }) => 'average ' + get(average));
const store = makeStore();
console.log(label(store).get());
scores(store).set([]);
console.log('returned');`;
        const child = spawnSync(process.execPath, ['-e', program], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 4000 });
        expect([child.signal, child.stdout]).toEqual(['SIGTERM', 'average 4.5\n']);
      });
      clause('Storing a function in an atom and reading it with a hook. React calls it', () => {
        const format = (cents?: number) => `$${((cents ?? NaN) / 100).toFixed(2)}`;
        const recoilFormatter = recoil.atom({ key: key('formatter'), default: format });
        let read: unknown;
        recoilRunOnce(R, () => {
          read = recoil.useRecoilValue(recoilFormatter);
          return { text: 'read' };
        });
        expect(read).toBe(format);
        const stanFormatter = atom(format);
        function Price() {
          return <span>{String(useStanValue(stanFormatter))}</span>;
        }
        expect(renderToString(<Price />)).toBe('<span>$NaN</span>');
      });
      await clause(
        'Retrying a failed request with a refresh. After an async failure, a refresh can leave `useStanValueAsync` loading for ever',
        async () => {
          const api = installFakeApi();
          try {
            // Recoil: the refresher after a failure runs the selector again and shows the answer.
            api.answer(503);
            const recoilStatus = recoil.selector({
              key: key('status'),
              get: async () => {
                const response = await fetch('/api/status');
                if (!response.ok) throw new Error(`failed (${response.status})`);
                return 'All good';
              },
            });
            let retry: () => void = () => undefined;
            function RecoilPanel() {
              const loadable = recoil.useRecoilValueLoadable(recoilStatus);
              retry = recoil.useRecoilRefresher_UNSTABLE(recoilStatus);
              return h('p', null, loadable.state === 'hasValue' ? loadable.contents : loadable.state);
            }
            const view = renderRecoil(h(RecoilPanel));
            await R.actAsync(() => new Promise((resolve) => setTimeout(resolve, 10)));
            expect(view.container.textContent).toBe('hasError');
            api.answer(200, null);
            await R.actAsync(async () => {
              retry();
              await new Promise((resolve) => setTimeout(resolve, 10));
            });
            expect(view.container.textContent).toBe('All good');

            // Stan: a selector that hands its signal on, a refresh as the retry: loading for ever.
            api.answer(503);
            const status = selector(async ({ signal }) => {
              const response = await fetch('/api/status', { signal });
              if (!response.ok) throw new Error(`failed (${response.status})`);
              return 'All good';
            });
            function StanPanel() {
              const result = useStanValueAsync(status);
              const refresh = stanReact.useStanRefresher(status);
              if (result.type === 'error' && result.reason) return <button onClick={refresh}>Retry</button>;
              return <p>{result.type === 'ready' ? result.value : 'Checking…'}</p>;
            }
            render(
              <StanProvider>
                <StanPanel />
              </StanProvider>,
            );
            expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
            api.answer(200, null);
            await settle();
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            for (let i = 0; i < 4; i += 1) await settle();
            expect(screen.getByText('Checking…')).toBeInTheDocument();
          } finally {
            api.restore();
          }
        },
      );
    },
    30_000,
  );
});
