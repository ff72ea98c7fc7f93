/** Small state graphs that several claim tests observe from different pages' points of view. */
import { atom, selector, selectorFamily } from '@rkrupinski/stan';

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
