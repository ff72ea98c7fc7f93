import fs from 'fs';
import path from 'path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { gotoHydrated } from './site';

/*
 * A hostile reader, a broken browser and a dropped connection: a hash Gatsby cannot decode, a sessionStorage that
 * throws, a search whose worker or index cannot load, and a connection that goes away. In each the page keeps
 * working, says what failed where it failed, offers Retry, and leaves no error or rejection unhandled.
 */

/** Uncaught errors and unhandled rejections of the page, from the first script on. */
async function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(`uncaught: ${error.message}`));
  await page.exposeBinding('__stanRejection', (_source, text: string) => failures.push(`unhandled rejection: ${text}`));
  await page.addInitScript(() => {
    window.addEventListener('unhandledrejection', (event) => {
      const reason = event.reason as { message?: string } | undefined;
      void (window as unknown as { __stanRejection: (text: string) => void }).__stanRejection(String(reason?.message ?? reason));
    });
  });
  return failures;
}

/** Counts full page loads, so a test can prove the page was kept. */
function countDocumentLoads(page: Page) {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Whether the element's top is within the viewport (where a jump to it puts it). */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight / 2;
  });

test.describe('a hash Gatsby cannot decode', () => {
  for (const [address, title] of [
    ['/docs/api/atom#100%', 'atom'],
    ['/#%', null],
    ['/search?q=atom#%E0%A4%A', 'Search results for “atom”'],
  ] as const) {
    test(`loading ${address} renders the page, which keeps working`, async ({ page }) => {
      const failures = await watchFailures(page);
      await gotoHydrated(page, address);
      if (title) await expect(heading(page)).toHaveText(title);
      else await expect(heading(page)).toBeVisible();
      // The address now holds a hash the router reads; the rest of it is unchanged.
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`).toBe(address.split('#')[0]);
      expect(() => decodeURI(url.hash)).not.toThrow();
      if (address.startsWith('/search')) await expect(page.getByRole('status')).toHaveText(/pages? found/);
      await page.keyboard.press('Control+K');
      await expect(page.locator('.DocSearch-Modal')).toBeVisible();
      expect(failures).toEqual([]);
    });
  }

  test('the page scrolls as near as it can: #Effects% reaches the heading "Effects"', async ({ page }) => {
    const failures = await watchFailures(page);
    await gotoHydrated(page, '/docs/api/atom#Effects%');
    await expect.poll(() => inView(page, '#effects')).toBe(true);
    expect(failures).toEqual([]);
  });

  test('setting location.hash to one later keeps the page, and scrolls as near as it can', async ({ page }) => {
    const failures = await watchFailures(page);
    await gotoHydrated(page, '/docs/api/atom');
    await page.evaluate(() => {
      window.location.hash = '100%';
    });
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#100%25');
    await page.evaluate(() => {
      window.location.hash = 'Effects%';
    });
    await expect.poll(() => inView(page, '#effects')).toBe(true);
    await expect(heading(page)).toHaveText('atom');
    // Still a working page: client navigation.
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'selector', exact: true }).click();
    await expect(heading(page)).toHaveText('selector');
    expect(failures).toEqual([]);
  });

  test('clicking a link to one, on the page or to another page, navigates without a reload', async ({ page }) => {
    const failures = await watchFailures(page);
    const loads = countDocumentLoads(page);
    await gotoHydrated(page, '/docs');
    const addLink = (href: string) =>
      page.evaluate((target) => {
        const link = document.createElement('a');
        link.href = target;
        link.textContent = `to ${target}`;
        link.id = 'mangled-link';
        document.querySelector('main')?.prepend(link);
      }, href);

    await addLink('#%E0%A4%A');
    await page.locator('#mangled-link').click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#%EF%BF%BD%25A');
    await expect(heading(page)).toBeVisible();

    await page.evaluate(() => document.getElementById('mangled-link')?.remove());
    await addLink('/docs/api/atom#Effects%');
    await page.locator('#mangled-link').click();
    await expect(heading(page)).toHaveText('atom');
    await expect(page).toHaveURL(/\/docs\/api\/atom#Effects%25$/);
    await expect.poll(() => inView(page, '#effects')).toBe(true);
    expect(loads()).toBe(1);
    expect(failures).toEqual([]);
  });
});

test.describe('a sessionStorage that throws', () => {
  test.beforeEach(async ({ page }) => {
    // Every method of the real sessionStorage throws, as in a browser with storage disabled or corrupted.
    await page.addInitScript(() => {
      const real = window.sessionStorage;
      for (const method of ['getItem', 'setItem', 'removeItem', 'key', 'clear'] as const) {
        const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
        Object.defineProperty(Storage.prototype, method, {
          configurable: true,
          value(this: Storage, ...args: unknown[]) {
            if (this === real) throw new DOMException('The operation is insecure.', 'SecurityError');
            return original.apply(this, args);
          },
        });
      }
    });
  });

  test('leaves no control dead: colour mode, tabs, announcement, search and navigation work', async ({ page }) => {
    const failures = await watchFailures(page);
    await gotoHydrated(page, '/docs/getting-started/installation');

    await page.getByRole('button', { name: /Switch to dark mode/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    const tabs = page.locator('[data-island="tabs"]').first();
    await tabs.getByRole('tab', { name: 'pnpm' }).click();
    await expect(tabs.getByRole('tabpanel')).toContainText('pnpm');

    await page.getByRole('button', { name: 'Close announcement' }).click();
    await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);

    await page.keyboard.press('Control+K');
    await page.locator('.DocSearch-Input').fill('selector');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'atom', exact: true }).click();
    await expect(heading(page)).toHaveText('atom');
    await page.goBack();
    await expect(heading(page)).toHaveText('Installation');
    expect(failures).toEqual([]);
  });
});

/** The search worker's script: the one file of the build that holds the worker's own error text. */
function searchWorkerScript(): RegExp {
  const dir = path.resolve(__dirname, '../public');
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(dir, name), 'utf8').includes('no search index was loaded'));
  if (names.length === 0) throw new Error('public/ has no search worker script: run `npm run build`.');
  return new RegExp(`/(?:${names.map((name) => name.replace(/[.-]/g, '\\$&')).join('|')})$`);
}

const SEARCH_INDEX = /\/search-index\.json$/;

/** Fails every request for `what` (on the context: the worker's own requests too); returns what lets them through. */
async function block(context: BrowserContext, what: RegExp) {
  await context.route(what, (route) => route.abort('failed'));
  return () => context.unroute(what);
}

test.describe('search whose worker or index cannot load', () => {
  for (const [name, target] of [
    ['worker', searchWorkerScript],
    ['index', () => SEARCH_INDEX],
  ] as const) {
    test(`modal, ${name} blocked: the error screen with Retry, every keystroke kept, recovery, no rejection`, async ({ page, context }) => {
      const failures = await watchFailures(page);
      const unblock = await block(context, target());
      await gotoHydrated(page, '/docs');
      await page.keyboard.press('Control+K');
      const input = page.locator('.DocSearch-Input');
      await expect(input).toBeFocused();
      await page.keyboard.type('selector', { delay: 30 });
      const error = page.locator('[data-search-error]');
      await expect(error).toContainText('Unable to fetch results');
      await expect(input).toHaveValue('selector');
      // No false "No results for …" beside it.
      await expect(page.locator('.DocSearch-NoResults')).toBeHidden();

      await unblock();
      if (name === 'worker') {
        // Retry loads what failed and runs the query again.
        await error.getByRole('button', { name: 'Retry' }).click();
      } else {
        // The next query loads it again by itself.
        await page.keyboard.type('F');
        await expect(input).toHaveValue('selectorF');
        await page.keyboard.press('Backspace');
      }
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      await expect(error).toHaveCount(0);
      await expect(input).toHaveValue('selector');
      await page.keyboard.type('Family');
      await expect(input).toHaveValue('selectorFamily');
      await expect(page.locator('.DocSearch-Hit').first()).toContainText(/selectorFamily/i);
      expect(failures).toEqual([]);
    });

    test(`/search, ${name} blocked: the error with Retry instead of "Searching…" forever; Retry shows results`, async ({ page, context }) => {
      const failures = await watchFailures(page);
      const unblock = await block(context, target());
      await gotoHydrated(page, '/search?q=atom');
      const alert = page.getByRole('alert').filter({ hasText: 'Unable to fetch results' });
      await expect(alert).toBeVisible();
      await expect(page.getByText('Searching…')).toHaveCount(0);

      await unblock();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('status')).toHaveText(/pages? found/);
      await expect(alert).toHaveCount(0);
      await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toBeFocused();
      expect(failures).toEqual([]);
    });
  }
});

test.describe('offline', () => {
  const TARGET = '/docs/guides/type-safety';
  // The target's data never arrives ahead of the click (Gatsby prefetches links it sees).
  const TARGET_DATA = /\/page-data\/docs\/guides\/type-safety\/page-data\.json$/;

  const clickFooterLink = async (page: Page) => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Type safety' }).click();
  };

  test('a page that cannot load keeps the current one, says why with Retry; Retry opens it once online', async ({ page, context }) => {
    const failures = await watchFailures(page);
    const loads = countDocumentLoads(page);
    const unblock = await block(context, TARGET_DATA);
    await gotoHydrated(page, '/docs');
    await context.setOffline(true);
    await clickFooterLink(page);

    const notice = page.getByRole('alert').filter({ hasText: 'You are offline.' });
    await expect(notice).toContainText(`${TARGET} cannot open until the connection is back.`);
    await expect(heading(page)).toHaveText('Introduction');
    await expect(page).toHaveURL(/\/docs$/);
    expect(loads()).toBe(1);

    // Still offline, Retry keeps the page and the notice.
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(heading(page)).toHaveText('Introduction');
    expect(loads()).toBe(1);

    // Online again, Retry opens the page (a full load: Gatsby keeps a failed route failed for the visit).
    await context.setOffline(false);
    await unblock();
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(page)).toHaveText('Type safety');
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
    expect(loads()).toBe(2);
    expect(failures).toEqual([]);
  });

  test('online, a route that fails still loads the page in full (and says so in the console)', async ({ page, context }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const loads = countDocumentLoads(page);
    await block(context, TARGET_DATA);
    await gotoHydrated(page, '/docs');
    await clickFooterLink(page);
    await expect.poll(loads).toBe(2);
    await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
    await expect(heading(page)).toHaveText('Type safety');
    await expect.poll(() => warnings.some((text) => text.includes(`Loading the route "${TARGET}" failed`))).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  });
});
