import { expect, test } from './site';

// The article paints from the HTML and its inline CSS alone: the page's scripts are requested only once the browser
// has reported the first contentful paint (src/runtime/ssr/deferred-scripts.tsx), and the page still comes to life.

for (const route of ['/', '/docs/api/atom', '/search']) {
  test(`${route}: no script is requested before the first contentful paint, and the page hydrates`, async ({ page, gotoHydrated }) => {
    await gotoHydrated(route);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => /\.m?js$/.test(new URL(e.name).pathname))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime }));
      return { firstPaint: paint?.startTime ?? null, scripts };
    });
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.scripts.map((s) => s.url)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/app-[0-9a-f]+\.js$/)]));
    for (const script of timing.scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(timing.firstPaint!);
    // Hydrated: the runtime marked <html>, and client-side navigation works.
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
  });
}

test('the progress bar’s code is fetched when the reader heads for a link, not by a visit that never does', async ({ page, gotoHydrated }) => {
  const progressBarCode = async () => {
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).filter((url) => /\.js$/.test(new URL(url).pathname)),
    );
    const bodies = await Promise.all(scripts.map((url) => page.request.get(url).then((r) => r.text())));
    return bodies.some((code) => code.includes('nprogress'));
  };
  await gotoHydrated('/docs');
  await page.waitForLoadState('networkidle');
  // No prefetch hint for it in the head, and no chunk received holds it.
  expect(await page.locator('head link[rel="prefetch"]').count()).toBe(0);
  expect(await progressBarCode()).toBe(false);
  await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/atom"]').last().click();
  await expect(page).toHaveURL(/\/docs\/api\/atom$/);
  await expect.poll(progressBarCode).toBe(true);
});

test('a button pressed before the page has hydrated does its job once it has: the answer to "Was this page helpful?"', async ({ page }) => {
  // The app's script is held back until the test lets it through, so the press surely comes before React.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app-[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/docs/api/store', { waitUntil: 'domcontentloaded' });
  const yes = page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'Yes', exact: true });
  await yes.click();
  const reason = page.getByRole('textbox', { name: 'What helped? (optional)' });
  await page.waitForTimeout(300);
  await expect(page.locator('html')).not.toHaveAttribute('data-app-started', '');
  await expect(reason).toHaveCount(0);
  release();
  await expect(reason).toBeVisible();
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
});
