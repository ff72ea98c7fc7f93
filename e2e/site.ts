import fs from 'fs';
import { expect, type Page } from '@playwright/test';
import path from 'path';

/** Spec section 2: every doc route of the site. */
export const DOC_ROUTES = [
  '/docs',
  '/docs/api/atom',
  '/docs/api/atomFamily',
  '/docs/api/react',
  '/docs/api/selector',
  '/docs/api/selectorFamily',
  '/docs/api/state',
  '/docs/api/store',
  '/docs/api/utils',
  '/docs/getting-started/examples',
  '/docs/getting-started/frameworks',
  '/docs/getting-started/installation',
  '/docs/guides/caching',
  '/docs/guides/error-handling',
  '/docs/guides/param-serialization',
  '/docs/guides/ssr',
  '/docs/guides/type-safety',
] as const;

const CONTENT_DIR = path.resolve(__dirname, '../content/docs');

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Title and sidebar label of each doc, read from the MDX frontmatter the build uses. */
export function docTitles(): Map<string, { title: string; sidebarLabel: string }> {
  const result = new Map<string, { title: string; sidebarLabel: string }>();
  for (const file of walk(CONTENT_DIR).filter((f) => f.endsWith('.mdx'))) {
    const source = fs.readFileSync(file, 'utf8');
    const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
    const field = (name: string) =>
      /^(['"]?)(.*)\1$/.exec((new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(frontmatter)?.[1] ?? '').trim())?.[2] ?? '';
    const id = path.relative(CONTENT_DIR, file).replace(/\.mdx$/, '');
    const slug = field('slug');
    const route = slug === '/' ? '/docs' : `/docs/${id}`;
    result.set(route, { title: field('title'), sidebarLabel: field('sidebar_label') || field('title') });
  }
  return result;
}

/**
 * Goes to a page and waits until React has hydrated it and Gatsby's Head has replaced the server-rendered tags
 * (for a moment after hydration both sets are in <head>): then exactly one canonical link is left.
 */
export async function gotoSettled(page: Page, url: string) {
  await gotoHydrated(page, url);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
}

/**
 * Goes to a page and waits until React has hydrated it: a click before that reaches no handler (a link then
 * reloads the page; a button does nothing), which makes tests flaky on a busy machine.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await whenHydrated(page);
}

/** Waits until React has hydrated the page now shown (e.g. after a reload). */
export async function whenHydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/** The code of the block titled `title` (```tsx title="…") on a doc, e.g. `titledSample('guides/error-handling', 'StatusBadge.tsx')`. */
export function titledSample(doc: string, title: string): string {
  const source = fs.readFileSync(path.join(CONTENT_DIR, `${doc}.mdx`), 'utf8');
  const blocks = [...source.matchAll(/^```\w+ [^\n]*title="([^"]+)"[^\n]*\n([\s\S]*?)\n```$/gm)].filter((m) => m[1] === title);
  if (blocks.length !== 1) throw new Error(`${doc}.mdx: expected one code block titled "${title}", found ${blocks.length}`);
  return blocks[0]?.[2] ?? '';
}
