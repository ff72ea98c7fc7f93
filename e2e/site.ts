import fs from 'fs';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import matter from 'gray-matter';
import path from 'path';
import { finalCode } from '../src/contract/code-marks';

/** Every doc route of the site. */
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
  '/docs/getting-started/coming-from-recoil-or-jotai',
  '/docs/getting-started/concepts',
  '/docs/getting-started/examples',
  '/docs/getting-started/frameworks',
  '/docs/getting-started/installation',
  '/docs/getting-started/upgrading',
  '/docs/guides/caching',
  '/docs/guides/error-handling',
  '/docs/guides/known-quirks',
  '/docs/guides/param-serialization',
  '/docs/guides/ssr',
  '/docs/guides/testing',
  '/docs/guides/type-safety',
] as const;

const CONTENT_DIR = path.resolve(__dirname, '../content/docs');

/** Every doc's MDX file with its route and frontmatter, as the build reads them. */
export function docSources(): Array<{ route: string; file: string; data: Record<string, unknown> }> {
  return fs
    .readdirSync(CONTENT_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => {
      const { data } = matter(fs.readFileSync(file, 'utf8'));
      const id = path.relative(CONTENT_DIR, file).split(path.sep).join('/').replace(/\.mdx$/, '');
      return { route: data.slug === '/' ? '/docs' : `/docs/${id}`, file, data };
    });
}

/** Title and sidebar label of each doc, read from the MDX frontmatter the build uses. */
export function docTitles(): Map<string, { title: string; sidebarLabel: string }> {
  const text = (value: unknown) => (value == null ? '' : String(value));
  return new Map(
    docSources().map(({ route, data }) => [route, { title: text(data.title), sidebarLabel: text(data.sidebar_label) || text(data.title) }]),
  );
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

/**
 * Waits until React has hydrated the page now shown (e.g. after a reload): <main> is React's, and so is the
 * footer's last link, the last part of the page React hydrates (its props carry the event handlers).
 */
export async function whenHydrated(page: Page) {
  await page.waitForFunction(() => {
    const isReacts = (node: Element | null | undefined, prefix: string) => !!node && Object.keys(node).some((key) => key.startsWith(prefix));
    const links = document.querySelectorAll('footer a');
    return isReacts(document.querySelector('main'), '__reactFiber') && (links.length === 0 || isReacts(links[links.length - 1], '__reactProps'));
  });
}

/**
 * Playwright's `test` with the page's hydration as fixtures: `gotoHydrated(url)` and `whenHydrated()` act on the
 * test's page (the functions above take any page, e.g. a second one).
 */
export const test = base.extend<{ gotoHydrated: (url: string) => Promise<void>; whenHydrated: () => Promise<void> }>({
  gotoHydrated: async ({ page }, provide) => provide((url) => gotoHydrated(page, url)),
  whenHydrated: async ({ page }, provide) => provide(() => whenHydrated(page)),
});

export { expect };

/** What a page reported as wrong: Content-Security-Policy violations, console errors, uncaught exceptions. */
export interface PageProblems {
  violations: string[];
  errors: string[];
}

/**
 * React's own errors among a page's console errors and uncaught exceptions, as a production build reports them too:
 * minified ("Minified React error #418; visit https://react.dev/errors/418…", a hydration mismatch) or in words.
 */
export function reactErrors(errors: readonly string[]): string[] {
  return errors.filter((text) => /Minified React error #\d+|react\.dev\/errors\/\d+|hydrat|did not match/i.test(text));
}

/**
 * Starts recording a page's problems, for every document it loads from now on. Violations are caught from the
 * first inline script on (the listener is installed before any of the page's own scripts run).
 */
export async function recordProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { violations: [], errors: [] };
  await page.exposeBinding('__stanViolation', (_source, text: string) => problems.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __stanViolation: (text: string) => void }).__stanViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'an inline script'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Starts recording the page's layout shifts that no input caused, for every document it loads from now on: each as
 * its score and what moved (`0.00465 ul.items.right`). With `within`, only the shifts of elements inside it count.
 * `layoutShifts(page)` reads them.
 */
export async function recordLayoutShifts(page: Page, within?: string) {
  await page.addInitScript((selector) => {
    const shifts: string[] = [];
    (window as unknown as { __stanShifts: string[] }).__stanShifts = shifts;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? [])
          .map(({ node }) => (node instanceof Element ? node : node?.parentElement))
          .filter((element) => !selector || element?.closest(selector))
          .map((element) => (element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?'));
        if (moved.length) shifts.push(`${entry.value.toFixed(5)} ${moved.join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, within ?? null);
}

/** The layout shifts `recordLayoutShifts` has recorded on the page now shown. */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __stanShifts: string[] }).__stanShifts);
}

/**
 * Scrolls a page to its end a viewport at a time, letting two frames pass at each step so its observers see
 * what came into view (that mounts live examples and draws diagrams), then waits until nothing more loads.
 */
export async function readToTheEnd(page: Page) {
  for (let step = 0; step < 100; step++) {
    const atEnd = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}

const LATE_SCRIPT = /\.m?js(\?|$)/;

/**
 * The scripts of every page's first load (the app, and the page components with the chunks they share), from the
 * build's webpack stats: anything else the browser asks for is a piece loaded later.
 */
function firstLoadScripts(): Set<string> {
  const stats = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../public/webpack.stats.json'), 'utf8')) as {
    namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>;
  };
  const scripts = new Set<string>();
  for (const [name, group] of Object.entries(stats.namedChunkGroups)) {
    if (name !== 'app' && !name.startsWith('component---')) continue;
    for (const asset of group.assets) if (asset.name.endsWith('.js')) scripts.add(`/${asset.name}`);
  }
  return scripts;
}

/**
 * Every script the page requests beyond its first load fails from now on, as on a flaky network or after a
 * deploy removed old chunks: lazily loaded pieces, islands, mermaid and its chunks, the search worker. Call it
 * on a hydrated page, or pass `goto` to load a page (its islands start loading right at hydration). `only`
 * narrows the failures to matching URLs. Returns what lets the scripts through again.
 */
export async function blockLateScripts(
  page: Page,
  { goto, only }: { goto?: string; only?: RegExp } = {},
): Promise<() => Promise<void>> {
  const firstLoad = firstLoadScripts();
  await page.route(LATE_SCRIPT, (route) => {
    const url = route.request().url();
    if (firstLoad.has(new URL(url).pathname) || (only && !only.test(url))) return route.continue();
    return route.abort('failed');
  });
  if (goto) await gotoHydrated(page, goto);
  return () => page.unroute(LATE_SCRIPT);
}

/**
 * The code of the block titled `title` (```tsx title="…") on a doc, e.g. `titledSample('guides/error-handling',
 * 'StatusBadge.tsx')`: the code it ends with, without `// [!code --]` lines and mark comments.
 */
export function titledSample(doc: string, title: string): string {
  const source = fs.readFileSync(path.join(CONTENT_DIR, `${doc}.mdx`), 'utf8');
  const blocks = [...source.matchAll(/^```\w+ [^\n]*title="([^"]+)"[^\n]*\n([\s\S]*?)\n```$/gm)].filter((m) => m[1] === title);
  if (blocks.length !== 1) throw new Error(`${doc}.mdx: expected one code block titled "${title}", found ${blocks.length}`);
  return finalCode(blocks[0]?.[2] ?? '');
}

const PUBLIC_DIR = path.resolve(__dirname, '../public');

/**
 * Every page the build wrote, as its route: each `index.html` under public/ (every docs version's pages, the home,
 * search, playground and not-found pages), beyond Gatsby's own files; every route the sitemap lists is one of them
 * (e2e/page-width.spec.ts checks so).
 */
export function builtPages(): string[] {
  if (!fs.existsSync(PUBLIC_DIR)) return [];
  return fs
    .readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => path.relative(PUBLIC_DIR, entry.parentPath).split(path.sep).join('/'))
    .filter((dir) => !/^(_gatsby|page-data|static|vendor)(\/|$)/.test(dir))
    .map((dir) => `/${dir}`)
    .sort();
}

/** The routes the sitemap lists (paths, without the site's address). */
export async function sitemapRoutes(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap-0.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname.replace(/(.)\/$/, '$1'));
}

/**
 * How tall a control is to a finger: the stretch of its vertical centre line where a tap lands on it (a button may
 * reach past its box, e.g. into the space around a row, with a pseudo-element).
 */
export function tapHeight(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const { left, width, top, bottom } = element.getBoundingClientRect();
    const x = left + width / 2;
    let from = top;
    let to = bottom;
    while (from > 0 && element.contains(document.elementFromPoint(x, from - 1))) from -= 1;
    while (to < window.innerHeight && element.contains(document.elementFromPoint(x, to))) to += 1;
    return to - from;
  });
}
