import type { Page } from '@playwright/test';
import { expect, test, whenHydrated } from './site';

/** Progress bar, route failures, scroll and prefetch. */
const PROGRESS_BAR_DELAY_MS = 200;
// The bar of accessible-nprogress (the library gatsby-plugin-nprogress wraps), started by the site's runtime.
const BAR = '#nprogress [role="progressbar"]';

/** Serves a route's page data after `ms`, so its navigation is slow. */
async function delayPageData(page: Page, route: string, ms: number) {
  await page.route(`**/page-data${route}/page-data.json`, async (r) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await r.continue();
  });
}

const sidebarLink = (page: Page, href: string) =>
  page.getByRole('navigation', { name: 'Docs sidebar' }).locator(`a[href="${href}"]`).last();

test.describe('progress bar', () => {
  test.beforeEach(async ({ page }) => {
    // Record, in page time, when a navigation click happened and when the bar appeared.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      document.addEventListener('click', () => {
        w.__clickAt = performance.now();
        setTimeout(() => {
          w.__barAt100 = !!document.getElementById('nprogress');
        }, 100);
      }, true);
      new MutationObserver(() => {
        if (document.getElementById('nprogress') && w.__barShownAt === undefined) w.__barShownAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
  });

  test('appears 200 ms after a slow path change, not at 100 ms, and completes when the route updates', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs');
    // Long enough to watch it trickle (the first step comes 800 ms after it shows) on a busy machine too.
    await delayPageData(page, '/docs/api/atom', 3000);
    const oldHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await sidebarLink(page, '/docs/api/atom').click();

    const bar = page.locator(BAR);
    await expect(bar).toBeAttached();
    const { clickAt, shownAt, at100 } = await page.evaluate(() => {
      const w = window as unknown as Record<string, number | boolean>;
      return { clickAt: w.__clickAt as number, shownAt: w.__barShownAt as number, at100: w.__barAt100 };
    });
    expect(at100).toBe(false);
    expect(shownAt - clickAt).toBeGreaterThanOrEqual(PROGRESS_BAR_DELAY_MS - 5);
    expect(shownAt - clickAt).toBeLessThan(PROGRESS_BAR_DELAY_MS + 300);
    await expect(bar).toHaveAttribute('role', 'progressbar');
    // Starts at the minimum (0.08) and trickles; no spinner.
    const start = Number(await bar.getAttribute('aria-valuenow'));
    expect(start).toBeGreaterThanOrEqual(0.08);
    expect(start).toBeLessThan(0.2);
    await expect(page.locator('.spinner, [class*="spinner"]')).toHaveCount(0);
    // Trickles by 0.02 every 800 ms.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 2000, intervals: [50] })
      .toBeCloseTo(start + 0.02, 5);

    // The old page stays while the next one loads.
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldHeading ?? '');

    await expect(page).toHaveURL(/\/docs\/api\/atom$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(oldHeading ?? '');
    await expect(bar).toHaveCount(0);
  });

  test('does not appear when the route loads within 200 ms', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs');
    await sidebarLink(page, '/docs/api/state').hover();
    // Page data and chunk already loaded by the hover: the route updates at once.
    await page.waitForLoadState('networkidle');
    await sidebarLink(page, '/docs/api/state').click();
    await expect(page).toHaveURL(/\/docs\/api\/state$/);
    await page.waitForTimeout(PROGRESS_BAR_DELAY_MS + 200);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__barShownAt)).toBeUndefined();
  });

  test('takes its colour from the theme', async ({ page, gotoHydrated }) => {
    const colours: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await gotoHydrated('/docs');
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await delayPageData(page, '/docs/api/atom', 1200);
      await sidebarLink(page, '/docs/api/atom').click();
      const bar = page.locator(BAR);
      await expect(bar).toBeAttached();
      const [background, token] = await bar.evaluate((el) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-link)';
        document.body.appendChild(probe);
        const expected = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(el).backgroundColor, expected];
      });
      expect(background).toBe(token);
      colours.push(background);
      await expect(page).toHaveURL(/\/docs\/api\/atom$/);
      await expect(bar).toHaveCount(0);
      await page.unrouteAll();
    }
    expect(colours[0]).not.toBe(colours[1]);
  });
});

test.describe('route load failure', () => {
  test('logs a warning and loads the page in full once, never looping', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs');
    await page.route('**/page-data/docs/api/atom/page-data.json', (r) => r.fulfill({ status: 500, body: 'down' }));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    let documentLoads = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documentLoads += 1;
    });
    await sidebarLink(page, '/docs/api/atom').click();
    await expect(page).toHaveURL(/\/docs\/api\/atom$/);
    await expect.poll(() => warnings.join('\n')).toContain('Loading the route "/docs/api/atom" failed');
    // The server-rendered page is shown even though its data still fails.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('atom');
    await page.waitForTimeout(2000);
    expect(documentLoads).toBe(1);
  });
});

test.describe('scroll', () => {
  test('a link to another page lands at the top, also from a content link', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // A link inside the doc body (intercepted by DocContent, navigated with gatsby's navigate()).
    await page.locator('.markdown a[href="/docs/getting-started/installation"]').first().click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/installation$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a link with a hash lands on its target, just below the sticky navbar', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/api/selector');
    await page.locator('.markdown a[href="/docs/api/utils#refresh"]').first().click();
    await expect(page).toHaveURL(/\/docs\/api\/utils#refresh$/);
    const target = page.locator('[id="refresh"]');
    await expect
      .poll(async () => {
        const top = await target.evaluate((el) => el.getBoundingClientRect().top);
        const navbar = await page.locator('nav').first().evaluate((el) => el.getBoundingClientRect().height);
        return top >= navbar - 1 && top < navbar + 48;
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('a change of only the query string keeps the scroll position', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/api/atom');
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    // A link in the doc's text to the same page with a query string (the doc body's links navigate client-side).
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/docs/api/atom?tab=types';
      link.textContent = 'same page, other query';
      document.querySelector('main .markdown p')?.append(link);
      link.click();
    });
    await expect(page).toHaveURL(/\?tab=types$/);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
  });

  // Back and forward to the earlier positions: e2e/smoke.spec.ts (it runs against gatsby develop too).

  test('back to a page entered through an anchor restores where the reader was, not the anchor', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/api/selector');
    await page.locator('.markdown a[href="/docs/api/utils#refresh"]').first().click();
    await expect(page).toHaveURL(/#refresh$/);
    const anchorY = await page.evaluate(() => Math.round(window.scrollY));
    // The reader scrolls on, then leaves through a link at that position.
    await page.evaluate(() => window.scrollBy(0, 250));
    const link = page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/atom"]').last();
    await link.scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
    const readerY = await page.evaluate(() => Math.round(window.scrollY));
    expect(readerY).not.toBe(anchorY);
    await page.waitForTimeout(200);
    await link.click();
    await expect(page).toHaveURL(/\/docs\/api\/atom$/);
    await page.goBack();
    await expect(page).toHaveURL(/#refresh$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(readerY);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(readerY);
  });
});

test.describe('prefetch', () => {
  // Page data of any page but the current one (/docs).
  const otherPageData = (url: string) => /\/page-data\/.+\/page-data\.json/.test(url) && !url.includes('/page-data/docs/page-data');

  async function watchPrefetches(page: Page, connection: { effectiveType: string; saveData: boolean } | null) {
    if (connection) {
      await page.addInitScript((c) => {
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => c });
      }, connection);
    }
    const requested: string[] = [];
    page.on('request', (r) => {
      if (otherPageData(r.url())) requested.push(r.url());
    });
    await page.goto('/docs');
    await whenHydrated(page);
    return requested;
  }

  /** A link to another doc in the doc's own text (not a Gatsby <Link>: the doc body is build-time HTML). */
  const contentLink = (page: Page) => page.locator('main .markdown a[href^="/docs/"]').first();

  test('route data is prefetched on hover and for links in view', async ({ page }) => {
    const requested = await watchPrefetches(page, { effectiveType: '4g', saveData: false });
    await sidebarLink(page, '/docs/api/selectorFamily').hover();
    await expect.poll(() => requested.some((u) => u.includes('/docs/api/selectorFamily/'))).toBe(true);
    // Gatsby's viewport prefetch queue starts 3 s after load, when the browser is idle.
    await expect
      .poll(() => requested.filter((u) => !u.includes('selectorFamily')).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
  });

  for (const [name, connection] of [
    ['a 2g connection', { effectiveType: '2g', saveData: false }],
    ['data saver', { effectiveType: '4g', saveData: true }],
  ] as const) {
    test(`nothing is prefetched ahead of a click on ${name}: no links in view, no hovered link in the text`, async ({ page }) => {
      const requested = await watchPrefetches(page, connection);
      const link = contentLink(page);
      const target = new URL((await link.getAttribute('href')) ?? '', 'http://x').pathname;
      await link.hover();
      await page.waitForTimeout(6000);
      expect(requested).toEqual([]);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target}(#.*)?$`));
    });
  }
});
