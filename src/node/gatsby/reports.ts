/**
 * What the build prints once and again only when it changes: develop runs the same steps after every edit (and the
 * live preview and the page query render the same doc moments apart), so an unchanged report is not repeated.
 */
import type { Reporter } from 'gatsby';

/** The last report of each kind in this process ('' when there was nothing to report). */
const lastReports = new Map<string, string>();

/** Remembers `report` as the newest of its kind ('' for nothing to report) and returns the one before it. */
export function swapReport(kind: string, report: string): string {
  const previous = lastReports.get(kind) ?? '';
  lastReports.set(kind, report);
  return previous;
}

/** Prints `report` unless it is the one of its kind printed last ('' is nothing to print, and is remembered too). */
export function reportWhenChanged(kind: string, report: string, print: (report: string) => void): void {
  if (report !== swapReport(kind, report) && report !== '') print(report);
}

/**
 * A doc's render error in the terminal, once until the doc's outcome changes: `problem` is the error naming the file
 * and line, or null once the doc renders again.
 */
export function reportDocProblem(reporter: Pick<Reporter, 'error'> | undefined, file: string, problem: string | null): void {
  const previous = swapReport(`doc ${file}`, problem ?? '');
  if (problem !== null && problem !== previous) reporter?.error(problem);
}
