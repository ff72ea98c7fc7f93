/** What the claim tests of the 1.0.0-rc14 docs share: the version's name and a way to run a sample as printed. */
import type { VersionedClaimPage } from '../../support/claims';
import { runSample, type SampleModules } from '../../support/run-sample';

export const VERSION = '1.0.0-rc14';

/**
 * Runs the titled sample of a 1.0.0-rc14 page (its imports resolve to stan-1.0.0-rc14) and returns its exports and
 * what it logged, one string per console.log call, the arguments joined by a space as the console shows them.
 */
export function runLogged<T = Record<string, unknown>>(
  page: VersionedClaimPage,
  title: string,
  modules?: SampleModules,
): { exports: T; logs: string[] } {
  const logs: string[] = [];
  const show = (value: unknown) => (typeof value === 'string' || value === undefined ? String(value) : JSON.stringify(value));
  const spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logs.push(args.map(show).join(' '));
  });
  try {
    return { exports: runSample<T>(page, title, modules), logs };
  } finally {
    spy.mockRestore();
  }
}
