/** Small state graphs that several claim tests observe from different pages' points of view, and a memory probe. */
import { execFileSync } from 'child_process';
import path from 'path';
import { atom, makeStore, refresh, selector, selectorFamily, type GetFn } from '@rkrupinski/stan';

/** A selector that depends on `trigger`, returns how many times it has run, and keeps each run's signal. */
export function recordingSelector() {
  const trigger = atom(0);
  const signals: AbortSignal[] = [];
  let runs = 0;
  const counter = selector(({ get, signal }) => {
    get(trigger);
    signals.push(signal);
    return (runs += 1);
  });
  return { trigger, signals, selector: counter, runs: () => runs };
}

/** A `most-recent` family whose members read `version`; `runs` lists `param@version` for every run. */
export function versionedFamily() {
  const version = atom(0);
  const runs: string[] = [];
  const family = selectorFamily(
    (n: number) =>
      ({ get }) => {
        runs.push(`${n}@${get(version)}`);
        return `${n}@${get(version)}`;
      },
    { cachePolicy: { type: 'most-recent' } },
  );
  return { version, runs, family };
}

/**
 * Refreshes an async selector without subscribers while its first run is in flight, then runs it three more
 * times (the next read, a dependency change, a refresh while subscribed) and lets every run settle.
 * Returns each run's signal, what each run's promise resolved to, and the value the store ends up with.
 */
export async function refreshWhileInFlight() {
  const query = atom('first');
  const signals: AbortSignal[] = [];
  const results: Promise<string>[] = [];
  const search = selector(({ get, signal }) => {
    const q = get(query);
    signals.push(signal);
    // Stands in for a request that honours its signal: it settles after a tick, or rejects on abort.
    const result = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve(`results for ${q}`), 0);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
    results.push(result);
    return result;
  });
  const store = makeStore();
  search(store).get(); // run 1, in flight
  refresh(search(store)); // no subscribers: marked stale
  const abortedAtRefresh = signals[0]?.aborted;
  search(store).get(); // run 2
  const abortedByNextRun = signals[0]?.aborted;
  query(store).set('second'); // run 3 aborts run 2
  const stop = search(store).subscribe(() => undefined);
  refresh(search(store)); // mounted: run 4 aborts run 3
  stop();
  const settled = await Promise.allSettled(results);
  return {
    signals,
    abortedAtRefresh,
    abortedByNextRun,
    settled: settled.map((s) => (s.status === 'fulfilled' ? s.value : 'aborted')),
    current: await (search(store).get() as Promise<string>),
  };
}

/** What a bounded selector throws when it has run `limit` times: a loop that would never end, stopped. */
export class Loop extends Error {}

/**
 * A selector that counts its runs and throws `Loop` once it has run `limit` times, so that a write which would
 * re-run it for ever ends, in a test, with that error coming out of the `set`.
 */
export function boundedSelector<T>(read: (get: GetFn) => T, options: { areValuesEqual?: <V>(a: V, b: V) => boolean } = {}, limit = 1000) {
  let runs = 0;
  const state = selector(({ get }) => {
    runs += 1;
    if (runs > limit) throw new Loop(`ran ${limit} times`);
    return read(get);
  }, options);
  return { state, runs: () => runs };
}

/**
 * Runs `script` in a Node.js child with its garbage collector exposed. The script puts WeakRefs in `refs` (an object
 * it is given); once it has run, the child collects garbage twice and reports which targets are still alive. A
 * store kept strongly by a cache survives; one kept weakly, or not at all, does not.
 */
export function aliveAfterCollection(script: string): Record<string, boolean> {
  const program = `const refs = {};
${script}
setTimeout(() => {
  global.gc();
  setTimeout(() => {
    global.gc();
    console.log(JSON.stringify(Object.fromEntries(Object.entries(refs).map(([name, ref]) => [name, ref.deref() !== undefined]))));
  }, 10);
}, 10);`;
  const out = execFileSync(process.execPath, ['--expose-gc', '-e', program], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  return JSON.parse(out) as Record<string, boolean>;
}
