/**
 * Claims: what a doc page says the package does, each backed by a test that runs the package. A claim test is
 * named after the page and the words it backs, and first checks that the page still says them, so a reworded
 * page fails the test until the claim and its test are brought back in step.
 */
import fs from 'fs';
import path from 'path';
import { clauseCoverage, normalizeClaimText } from './claim-clauses';
import { docsDir, REPO_ROOT } from './samples';

/** The pages whose behavioural sentences are backed by claims (API reference and guides, plus a few others). */
export type ClaimPage =
  | 'intro'
  | 'getting-started/installation'
  | 'getting-started/examples'
  | 'getting-started/frameworks'
  | 'getting-started/upgrading'
  | 'getting-started/concepts'
  | 'getting-started/coming-from-recoil-or-jotai'
  | 'api/atom'
  | 'api/atomFamily'
  | 'api/selector'
  | 'api/selectorFamily'
  | 'api/state'
  | 'api/store'
  | 'api/react'
  | 'api/utils'
  | 'guides/caching'
  | 'guides/error-handling'
  | 'guides/param-serialization'
  | 'guides/ssr'
  | 'guides/type-safety'
  | 'guides/testing'
  | 'guides/known-quirks';

/**
 * A page of an older docs version: `version-<name>/<doc id>`, e.g. `version-1.0.0-rc14/api/atom`, the doc's path
 * under content/versioned_docs (the page string stays one literal, so the build can count its claims).
 */
export type VersionedClaimPage = `version-${string}/${string}`;

/** Where a page's MDX file is: its version (none for the current docs) and the file, relative to the repository. */
export function claimPageFile(page: ClaimPage | VersionedClaimPage): { version: string | undefined; file: string } {
  const versioned = /^version-([^/]+)\/(.+)$/.exec(page);
  const version = versioned?.[1];
  const id = versioned?.[2] ?? page;
  const file = path.relative(REPO_ROOT, path.join(docsDir(version), `${id}.mdx`)).split(path.sep).join('/');
  return { version, file };
}

const normalize = normalizeClaimText;

const pageText = new Map<string, string>();
export function claimText(page: ClaimPage | VersionedClaimPage): string {
  let text = pageText.get(page);
  if (text === undefined) {
    const source = fs.readFileSync(path.join(REPO_ROOT, claimPageFile(page).file), 'utf8');
    text = normalize(source.replace(/^---\n[\s\S]*?\n---\n/, ''));
    pageText.set(page, text);
  }
  return text;
}

/**
 * `clause('words', check)` names the part of the quote that `check` backs, runs it and returns what it returns (a
 * promise for an async check: await it before the next clause). The check must assert something.
 */
export type Clause = <T>(words: string, check: () => T) => T;
type Run = (clause: Clause) => unknown;

interface RanClause {
  words: string;
  /** Assertions the check made; undefined while an async check has not finished. */
  assertions: number | undefined;
}

const assertionCalls = () => expect.getState().assertionCalls;
const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** A claim's clause function, and what the clauses it ran did. */
function clauseRecorder() {
  const ran: RanClause[] = [];
  let running: RanClause | undefined;
  const clause: Clause = (words, check) => {
    if (running) {
      throw new Error(`clause "${words}" started while clause "${running.words}" was running: await each clause before the next`);
    }
    const entry: RanClause = { words, assertions: undefined };
    ran.push(entry);
    const before = assertionCalls();
    running = entry;
    let result: ReturnType<typeof check>;
    try {
      result = check();
    } catch (error) {
      running = undefined;
      throw error;
    }
    if (!isPromiseLike(result)) {
      running = undefined;
      entry.assertions = assertionCalls() - before;
      return result;
    }
    return Promise.resolve(result).finally(() => {
      running = undefined;
      entry.assertions = assertionCalls() - before;
    }) as unknown as typeof result;
  };
  return { clause, ran };
}

/** Why the clauses a claim ran do not back its quotes, or undefined when each part of the quotes has a check. */
export function clauseProblems(quotes: readonly string[], ran: readonly RanClause[]): string | undefined {
  if (ran.length === 0) return undefined;
  const problems: string[] = [];
  ran.filter((c) => c.assertions === undefined).forEach((c) => problems.push(`clause "${c.words}" was not awaited`));
  ran.filter((c) => c.assertions === 0).forEach((c) => problems.push(`clause "${c.words}" asserts nothing`));
  const { unplaced, uncovered } = clauseCoverage(quotes, ran.map((c) => c.words));
  unplaced.forEach((words) => problems.push(`clause "${words}" is not words of the quote (or repeats a clause)`));
  uncovered.forEach((words) => problems.push(`"${words}" belongs to no clause`));
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * `claim(words, run)` declares a test named `page: "words"` (several quotes: `"a" + "b"`). It fails when the page
 * no longer contains the words, and otherwise runs `run`, which must fail if the claim were false. A quote of more
 * than one clause is backed clause by clause: `run` receives `clause` and calls it once per part of the quote, and
 * the test fails when a part of the quote has no clause or a clause's check asserts nothing.
 */
export function claimsOf(page: ClaimPage | VersionedClaimPage) {
  const text = claimText(page);
  const { file } = claimPageFile(page);
  return function claim(words: string | readonly string[], run: Run, timeout?: number) {
    const quotes = typeof words === 'string' ? [words] : words;
    const name = `${page}: ${quotes.map((q) => `"${q}"`).join(' + ')}`;
    it(
      name,
      async () => {
        const missing = quotes.filter((q) => !text.includes(normalize(q)));
        if (missing.length > 0) {
          throw new Error(
            `${file} no longer says ${missing.map((q) => `"${q}"`).join(', ')}: ` +
              'update the quote (and the test, if the claim changed) to what the page says now',
          );
        }
        const { clause, ran } = clauseRecorder();
        await run(clause);
        const problems = clauseProblems(quotes, ran);
        if (problems) throw new Error(`${name}: ${problems}`);
      },
      timeout,
    );
  };
}

/** Waits for pending promise callbacks (and the timers queued before this call). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
