import { blockLateScripts, expect, test } from './site';

// "Copy page" by a doc's title and its menu of AI assistants, in a real browser with a real clipboard.
const SITE_URL = process.env.GATSBY_SITE_URL || 'https://stan.party';
const ROUTE = '/docs/api/atom';

test.describe('Copy page', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test("copies exactly the doc's .md, announces it, and sits beside the title", async ({ page, request, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    const title = page.getByRole('heading', { level: 1 });
    const button = page.getByRole('button', { name: 'Copy page' });
    // Beside the title: on its row, to its right, at a desktop width.
    await page.setViewportSize({ width: 1280, height: 800 });
    const [titleBox, buttonBox] = [await title.boundingBox(), await button.boundingBox()];
    expect(buttonBox!.x).toBeGreaterThan(titleBox!.x + titleBox!.width);
    expect(buttonBox!.y).toBeLessThan(titleBox!.y + titleBox!.height);

    await button.click();
    const status = page.getByRole('status').filter({ hasText: 'Copied as Markdown' });
    await expect(status).toBeVisible();
    const expected = await (await request.get(`${ROUTE}.md`)).text();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expect(status).toHaveCount(0);
    // Not printed: the print stylesheet hides [data-noprint].
    await expect(page.locator('[data-noprint]').filter({ has: page.getByRole('button', { name: 'Copy page' }) })).toHaveCount(1);
  });

  test('from the keyboard too, on a phone-sized page where it wraps under the title without overflowing', async ({ page, request, gotoHydrated }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated('/docs');
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await (await request.get('/docs.md')).text());
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a dead network says so with a Retry that copies once the Markdown loads; the page is unaffected', async ({ page, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    await page.route(`**${ROUTE}.md`, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Copy page' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'its Markdown did not load' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.unroute(`**${ROUTE}.md`);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    // The notice goes as the new attempt starts; the copy is done when the page says so.
    await expect(page.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# atom\n/);
  });
});

test.describe('the AI assistants menu', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  const menuButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'More ways to use this page' });

  test('links ChatGPT and Claude in a new tab with a prompt naming the absolute .md URL', async ({ page, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const prompt = `Read ${SITE_URL}${ROUTE}.md so I can ask questions about it.`;
    const links = {
      ChatGPT: `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`,
      Claude: `https://claude.ai/new?q=${encodeURIComponent(prompt)}`,
    };
    for (const [name, href] of Object.entries(links)) {
      const link = page.getByRole('link', { name: new RegExp(`^Open in ${name}`) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(new URL(href).searchParams.get('q')).toBe(prompt);
    }
    // A click elsewhere closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('link', { name: /^Open in/ })).toHaveCount(0);
  });

  test('keyboard: Enter opens, Tab and the arrows reach the links, Escape closes and returns the focus', async ({ page, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    await page.getByRole('button', { name: 'Copy page' }).focus();
    await page.keyboard.press('Tab');
    await expect(menuButton(page)).toBeFocused();
    // The focus ring is visible.
    expect(await menuButton(page).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    const chatgpt = page.getByRole('link', { name: /^Open in ChatGPT/ });
    const claude = page.getByRole('link', { name: /^Open in Claude/ });
    await expect(chatgpt).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(chatgpt).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(claude).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(claude).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(chatgpt).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(claude).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toBeFocused();
  });

  test("the control's code is not part of the first load; a failed load offers a Retry that then copies", async ({ page, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    const unblock = await blockLateScripts(page);
    await page.getByRole('button', { name: 'Copy page' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Copy page could not load.' });
    await expect(notice).toBeVisible();
    await unblock();
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# atom\n/);
    await menuButton(page).click();
    await expect(page.getByRole('link', { name: /^Open in Claude/ })).toBeVisible();
  });
});
