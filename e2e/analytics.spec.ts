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
    expect(selector?.page_title).toMatch(/^selector \| /);

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

  test('the playground is counted by its path alone: no shared code in the page view or the next page\'s referrer', async ({ page, gotoHydrated }) => {
    // A share link: the whole program, deflated, in the hash.
    const code = `eJ${'x'.repeat(70_000)}`;
    await gotoHydrated(`/playground#lang=tsx&code=${code}`);
    await expect.poll(() => paths(page)).toEqual(['/playground']);
    // Another share link opened on the same page is not a new page view.
    await page.evaluate(() => (window.location.hash = '#lang=ts&code=eJwrSS0u'));
    await page.waitForTimeout(500);
    await navigateTo(page, '/docs');
    await expect.poll(() => paths(page)).toEqual(['/playground', '/docs']);
    const sent = JSON.stringify(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer));
    expect(sent).not.toContain('code=');
    expect(sent).not.toContain('eJ');
    expect((await views(page))[1]).toMatchObject({ page_path: '/docs', page_referrer: '/playground' });
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

/** Events other than page views pushed to window.dataLayer (the build has no analytics endpoint). */
type Event = Record<string, unknown> & { event: string };
const events = (page: Page, name: string) =>
  page.evaluate((n) => ((window as unknown as { dataLayer?: Event[] }).dataLayer ?? []).filter((e) => e.event === n), name);

const FEEDBACK_KEY = 'stan.feedback./docs/api/atom';

test.describe('"Was this page helpful?"', () => {
  test('Yes → a reason → Send: one event with both, a thank-you that stays after reload', async ({ page, gotoHydrated, whenHydrated }) => {
    await gotoHydrated('/docs/api/atom');
    const group = page.getByRole('group', { name: 'Was this page helpful?' });
    await group.getByRole('button', { name: 'Yes' }).click();
    await expect(group.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await expect(group.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'false');
    const reason = page.getByRole('textbox', { name: 'What helped? (optional)' });
    await expect(reason).toBeFocused();
    await reason.fill('The reset example');
    expect(await events(page, 'page_feedback')).toEqual([]);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeFocused();
    expect(await events(page, 'page_feedback')).toEqual([
      { event: 'page_feedback', page_path: '/docs/api/atom', helpful: true, reason: 'The reset example' },
    ]);
    expect(await page.evaluate((k) => localStorage.getItem(k), FEEDBACK_KEY)).toBe('yes');

    await page.reload();
    await whenHydrated();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Was this page helpful?' })).toHaveCount(0);
    expect(await events(page, 'page_feedback')).toEqual([]);
    // Another page asks afresh.
    await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/selector"]').last().click();
    await expect(page).toHaveURL(/\/docs\/api\/selector$/);
    await expect(page.getByRole('group', { name: 'Was this page helpful?' })).toBeVisible();
  });

  test('works from the keyboard: No, Skip, and the focus lands on the thanks', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/guides/ssr');
    const no = page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'No' });
    await no.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('textbox', { name: 'What was missing or unclear? (optional)' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Skip' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeFocused();
    expect(await events(page, 'page_feedback')).toEqual([{ event: 'page_feedback', page_path: '/docs/guides/ssr', helpful: false, reason: '' }]);
  });

  test('a corrupt stored answer asks again; unavailable storage still takes and sends the answer', async ({ page, gotoHydrated }) => {
    await page.addInitScript((k) => localStorage.setItem(k, '{"helpful": tr'), FEEDBACK_KEY);
    await gotoHydrated('/docs/api/atom');
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), FEEDBACK_KEY)).toBe('no');

    const blocked = await page.context().newPage();
    await blocked.addInitScript(() => {
      const deny = () => {
        throw new DOMException('denied', 'SecurityError');
      };
      Storage.prototype.getItem = deny;
      Storage.prototype.setItem = deny;
    });
    const errors: string[] = [];
    blocked.on('pageerror', (e) => errors.push(e.message));
    await blocked.goto('/docs/api/store');
    await blocked.getByRole('button', { name: 'Yes', exact: true }).click();
    await blocked.getByRole('button', { name: 'Send' }).click();
    await expect(blocked.getByText('Thank you for your feedback.')).toBeVisible();
    expect(await events(blocked, 'page_feedback')).toEqual([{ event: 'page_feedback', page_path: '/docs/api/store', helpful: true, reason: '' }]);
    expect(errors).toEqual([]);
  });

  test('with Do Not Track on, nothing is sent and the thanks says the answer stayed here', async ({ page, gotoHydrated }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    await gotoHydrated('/docs/api/atom');
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'stays on this device' })).toBeVisible();
    expect(await events(page, 'page_feedback')).toEqual([]);
  });
});

test.describe('searches that found nothing and hits chosen', () => {
  const openModal = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByPlaceholder('Search docs')).toBeFocused();
  };

  test('the modal counts a fruitless query once typing stops, not per keystroke, and the hit a reader opens', async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated('/docs/api/react');
    await openModal(page);
    await page.keyboard.type('zzqxvw', { delay: 80 });
    await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
    await expect.poll(() => events(page, 'search_no_results'), { timeout: 5000 }).toEqual([
      { event: 'search_no_results', query: 'zzqxvw', page_path: '/docs/api/react', source: 'modal' },
    ]);
    await page.waitForTimeout(1500);
    expect(await events(page, 'search_no_results')).toHaveLength(1);

    await page.getByPlaceholder('Search docs').fill('');
    // One input event, so the first option shown is surely a hit for the whole query (typed key by key, Enter could
    // choose a hit of "DEFAULT_S", which the event then rightly names).
    await page.getByPlaceholder('Search docs').fill('DEFAULT_STORE');
    await expect(page.getByRole('listbox').first().getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    const [chosen] = await events(page, 'search_select');
    expect(chosen).toMatchObject({ event: 'search_select', query: 'DEFAULT_STORE', position: 1, page_path: '/docs/api/react', source: 'modal' });
    // The reader arrives where the event says (the client navigation may end after the modal has closed).
    const chosenPath = new URL(String(chosen?.url), page.url()).pathname;
    await expect.poll(() => new URL(page.url()).pathname).toBe(chosenPath);
  });

  test('closing the modal counts the pending query at once', async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated('/docs');
    await openModal(page);
    await page.keyboard.type('qqxyzzy');
    await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    expect(await events(page, 'search_no_results')).toEqual([
      { event: 'search_no_results', query: 'qqxyzzy', page_path: '/docs', source: 'modal' },
    ]);
  });

  test('the search page counts a fruitless query and the result chosen', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/search?q=zzqxvw');
    await expect(page.getByRole('status')).toHaveText('No pages found');
    await expect.poll(() => events(page, 'search_no_results'), { timeout: 5000 }).toEqual([
      { event: 'search_no_results', query: 'zzqxvw', page_path: '/search?q=zzqxvw', source: 'search_page' },
    ]);
    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('makeStore');
    const link = page.locator('[data-search-hit] a').first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href?.split('#')[0]}`));
    expect(await events(page, 'search_select')).toEqual([
      expect.objectContaining({ event: 'search_select', query: 'makeStore', url: href, source: 'search_page' }),
    ]);
  });

  test('nothing is sent with Global Privacy Control on', async ({ page, gotoHydrated }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await gotoHydrated('/search?q=zzqxvw');
    await expect(page.getByRole('status')).toHaveText('No pages found');
    await page.waitForTimeout(1500);
    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('makeStore');
    await page.locator('[data-search-hit] a').first().click();
    await expect(page).toHaveURL(/\/docs\//);
    expect(await events(page, 'search_no_results')).toEqual([]);
    expect(await events(page, 'search_select')).toEqual([]);
  });
});
