import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './site';

// The print stylesheet: the article alone, light whatever the colour mode, every tab panel under its label, drawn
// diagrams, and the address after each external link.
const INSTALLATION = '/docs/getting-started/installation';
const SSR_PAGE = '/docs/guides/ssr';

/** The reader's stored choice, as the colour-mode script reads it before the page paints. */
const storeDarkMode = (page: Page) => page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
const style = (locator: Locator, property: string, pseudo?: string) =>
  locator.evaluate((el, [p, ps]) => getComputedStyle(el, ps ?? null).getPropertyValue(p as string), [property, pseudo] as const);

test.describe('print', () => {
  test('prints the article alone: no navbar, sidebar, table of contents, paginator, footer, skip link or buttons', async ({ page }) => {
    await gotoHydrated(page, INSTALLATION);
    const chrome = [
      page.locator('header[data-navbar-visible]'),
      page.getByRole('navigation', { name: 'Table of contents' }),
      page.getByRole('navigation', { name: 'Docs pages' }),
      page.getByRole('navigation', { name: 'Breadcrumbs' }),
      page.locator('footer'),
      page.locator('aside[data-noprint]').first(),
    ];
    for (const part of chrome) await expect(part).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    for (const part of chrome) await expect(part).toBeHidden();
    await expect(page.getByRole('link', { name: /skip to main content/i })).toBeHidden();
    await expect(page.locator('[data-noprint]:visible')).toHaveCount(0);
    await expect(page.locator('button:visible')).toHaveCount(0);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.locator('article .code-block').first()).toBeVisible();
  });

  test('prints every tab panel under its label', async ({ page }) => {
    await gotoHydrated(page, INSTALLATION);
    const group = page.locator('.tabs').first();
    const labels = await group.getByRole('tab').allInnerTexts();
    expect(labels.length).toBeGreaterThan(1);
    const panels = group.locator('.tabs__panel');
    await expect(panels.filter({ visible: true })).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(group.getByRole('tablist')).toBeHidden();
    await expect(panels.filter({ visible: true })).toHaveCount(labels.length);
    for (const [index, label] of labels.entries()) {
      const panel = panels.nth(index);
      await expect(panel.locator('.tabs__panel-label')).toBeVisible();
      await expect(panel.locator('.tabs__panel-label')).toHaveText(label);
      await expect(panel.locator('pre')).toBeVisible();
    }
  });

  test('shows the address after external links, not after links within the site or the page', async ({ page }) => {
    await page.goto(INSTALLATION);
    await page.emulateMedia({ media: 'print' });
    const external = page.locator('article a[href^="https://"]').first();
    const href = await external.getAttribute('href');
    expect(await style(external, 'content', '::after')).toBe(`" (${href})"`);
    const internal = page.locator('article a[href^="/docs/"]').first();
    await expect(internal).toBeAttached();
    expect(await style(internal, 'content', '::after')).toBe('none');
    await page.emulateMedia({ media: 'screen' });
    expect(await style(external, 'content', '::after')).toBe('none');
  });

  test('prints in light colours when dark mode is stored, with code wrapped rather than cut off', async ({ page }) => {
    await storeDarkMode(page);
    await gotoHydrated(page, SSR_PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const body = page.locator('body');
    const pre = page.locator('article pre.shiki').nth(2);
    const darkBackground = await style(body, 'background-color');
    const darkCode = await style(pre, 'background-color');
    await page.emulateMedia({ media: 'print' });
    expect(await style(body, 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await style(pre, 'background-color')).toBe('rgb(255, 255, 255)');
    expect(darkBackground).not.toBe('rgb(255, 255, 255)');
    expect(darkCode).not.toBe('rgb(255, 255, 255)');
    // Dark text on the white paper: the text colour is the light mode's.
    expect(await style(page.locator('article p:not([role="status"])').first(), 'color')).toBe('rgb(28, 30, 33)');
    // The longest line of the page's samples wraps inside its block.
    const overflowing = await page.locator('article pre.shiki').evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).length,
    );
    expect(overflowing).toBe(0);
    await page.emulateMedia({ media: 'screen' });
    const cut = await page.locator('article pre.shiki').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(cut).toBeGreaterThan(0);
  });

  test('prints a drawn diagram (turned light when it was drawn for dark mode) instead of its source', async ({ page }) => {
    await storeDarkMode(page);
    await gotoHydrated(page, SSR_PAGE);
    const diagram = page.locator('.mermaid-diagram').first();
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram).toHaveAttribute('data-rendered-theme', 'dark');
    await page.emulateMedia({ media: 'print' });
    const svg = diagram.getByRole('img').locator('svg');
    await expect(svg).toBeVisible();
    await expect(diagram.locator('details')).toBeHidden();
    expect(await style(svg, 'filter')).toContain('invert(1)');
  });

  test('a page prints to PDF', async ({ page }) => {
    await gotoHydrated(page, INSTALLATION);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
  });
});
