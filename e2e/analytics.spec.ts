import type { Page } from '@playwright/test';
import { expect, test } from './site';

/** A page view per route change where the path, query or hash differs. */
type View = { event: string; page_path: string; page_title: string; page_referrer: string };

const views = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: View[] }).dataLayer ?? []).filter((e) => e.event === 'page_view'),
  );
const paths = async (page: Page) => (await views(page)).map((v) => v.page_path);
const navigateTo = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(t), to);

test.describe('page-view analytics', () => {
  test('one event for the first load, then one per path, hash or query change', async ({ page, gotoHydrated, context }) => {
    await gotoHydrated('/docs');
    await expect.poll(() => paths(page)).toEqual(['/docs']);
    await page.waitForTimeout(500);
    expect(await paths(page)).toEqual(['/docs']); // no duplicate for the first load

    await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/selector"]').last().click();
    await expect.poll(() => paths(page)).toEqual(['/docs', '/docs/api/selector']);
    const [, selector] = await views(page);
    expect(selector).toMatchObject({ event: 'page_view', page_referrer: '/docs' });
    expect(selector?.page_title).toMatch(/^Selector/);

    // An in-page anchor from the table of contents: only the hash changes.
    const tocLink = page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link').first();
    const hash = await tocLink.getAttribute('href');
    await tocLink.click();
    await expect.poll(() => paths(page)).toEqual(['/docs', '/docs/api/selector', `/docs/api/selector${hash}`]);

    // Only the query changes.
    await navigateTo(page, '/docs/api/selector?tab=types');
    await expect.poll(async () => (await paths(page)).at(-1)).toBe('/docs/api/selector?tab=types');

    // The same URL again is not a change.
    await navigateTo(page, '/docs/api/selector?tab=types');
    await page.waitForTimeout(300);
    expect(await paths(page)).toHaveLength(4);

    // Back to the duplicate entry is not a change; back once more is.
    await page.goBack();
    await page.waitForTimeout(300);
    expect(await paths(page)).toHaveLength(4);
    await page.goBack();
    await expect.poll(async () => (await paths(page)).at(-1)).toBe(`/docs/api/selector${hash}`);
    expect(await paths(page)).toHaveLength(5);

    // No cookies, no beacons by default.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  test('sends nothing through sendBeacon when no endpoint is configured', async ({ page, gotoHydrated }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __beacons: number };
      w.__beacons = 0;
      navigator.sendBeacon = () => {
        w.__beacons += 1;
        return true;
      };
    });
    await gotoHydrated('/docs');
    await expect.poll(() => paths(page)).toEqual(['/docs']);
    expect(await page.evaluate(() => (window as unknown as { __beacons: number }).__beacons)).toBe(0);
  });

  for (const [signal, init] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ] as const) {
    test(`nothing is sent with ${signal} on`, async ({ page, gotoHydrated }) => {
      await page.addInitScript(init);
      await gotoHydrated('/docs');
      await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/atom"]').last().click();
      await expect(page).toHaveURL(/\/docs\/api\/atom$/);
      await page.waitForTimeout(500);
      expect(await views(page)).toEqual([]);
    });
  }
});
