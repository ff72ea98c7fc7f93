/**
 * Claims: what a doc page says the package does, each backed by a test that runs the package. A claim test is
 * named after the page and the words it backs, and first checks that the page still says them, so a reworded
 * page fails the test until the claim and its test are brought back in step.
 */
import fs from 'fs';
import path from 'path';
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

/**
 * Page text as a reader reads it: links reduced to their text, emphasis markers removed, "Since" marks (a label on
 * the entry, not words of its sentence) dropped, whitespace collapsed.
 */
const normalize = (text: string) =>
  text
    .replace(/[ \t]*<Since\b[^>]*\/>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/(^|[\s(])_([^_\s][^_]*)_(?=[\s.,;:)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();

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

type Run = () => unknown;

/**
 * `claim(words, run)` declares a test named `page: "words"` (several quotes: `"a" + "b"`). It fails when the page
 * no longer contains the words, and otherwise runs `run`, which must fail if the claim were false.
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
        await run();
      },
      timeout,
    );
  };
}

/** Waits for pending promise callbacks (and the timers queued before this call). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
