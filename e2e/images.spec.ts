import fs from 'node:fs';
import type { Page, Response } from '@playwright/test';
import { expect, layoutShifts, recordLayoutShifts, test } from './site';

// The introduction shows the todo list example as a picture, with a dark twin (content/docs/todo-list-example*.png).
const ROUTE = '/docs';
const FIGURE = 'main figure.doc-image';
const LIGHT = /\/todo-list-example\.(avif|webp|png)$/;
const DARK = /\/todo-list-example\.dark\.(avif|webp|png)$/;
/** The picture's own width in pixels (a PNG's IHDR), which "full size" shows. */
const SOURCE_WIDTH = fs.readFileSync('content/docs/todo-list-example.png').readUInt32BE(16);

/** The reader's colour mode, as the colour-mode script reads it, before any page script runs. */
async function useColorMode(page: Page, mode: 'light' | 'dark') {
  await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
}

/** Every picture response of the page, by URL. */
function recordPictures(page: Page): Map<string, Response> {
  const responses = new Map<string, Response>();
  page.on('response', (response) => {
    if (/\/static\/.+\.(avif|webp|png)$/.test(new URL(response.url()).pathname)) responses.set(response.url(), response);
  });
  return responses;
}

/** The picture the figure shows (the <img> of its visible <picture>), once it has loaded. */
async function shownPicture(page: Page) {
  const img = page.locator(`${FIGURE} picture img:visible`);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img;
}

test.describe('pictures in docs', () => {
  test('are served as WebP (the source format next) at the column width, with width and height, and nothing shifts as they load', async ({ page }) => {
    await recordLayoutShifts(page);
    await useColorMode(page, 'light');
    const responses = recordPictures(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(ROUTE, { waitUntil: 'networkidle' });
    const figure = page.locator(FIGURE);
    const before = await figure.boundingBox();
    expect(before?.height).toBeGreaterThan(100);
    // Scrolled to with the wheel, as a reader would (input that does not excuse shifts).
    while (!(await figure.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))) await page.mouse.wheel(0, 500);
    const img = await shownPicture(page);
    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    // WebP, not AVIF: AVIF's encoder was most of a cold build's picture work for files a little smaller.
    expect(chosen).toMatch(/\.webp$/);
    expect(responses.get(chosen)?.headers()['content-type']).toBe('image/webp');
    await expect(figure.locator('source[type="image/avif"]')).toHaveCount(0);
    // Content-hashed under /static/, so cached for a year like the other hashed files.
    expect(new URL(chosen).pathname).toMatch(/^\/static\/[0-9a-f]+\//);
    expect(responses.get(chosen)?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The <img> itself serves the source format, for browsers without WebP.
    const fallback = (await img.getAttribute('srcset'))!.split(',')[0]!.trim().split(/\s+/)[0]!;
    expect((await page.request.get(fallback)).headers()['content-type']).toBe('image/png');
    expect(await img.getAttribute('width')).toMatch(/^\d+$/);
    expect(await img.getAttribute('height')).toMatch(/^\d+$/);
    // The column is narrower than the screenshot: the browser picked a resized picture, not the original.
    const natural = await img.evaluate((el: HTMLImageElement) => el.naturalWidth);
    expect(natural).toBeLessThanOrEqual(2 * 816);
    const after = await figure.boundingBox();
    expect(after?.height).toBeCloseTo(before!.height, 0);
    expect(await layoutShifts(page)).toEqual([]);
  });

  // The screenshot is a 2× picture of the example's interface (its `width` attribute is twice the interface's CSS width).
  test('the screenshot is shown at its own size on a desktop, at 80% or more of it on a phone, on a mat', async ({ page }) => {
    for (const [viewport, least, most] of [
      [{ width: 1280, height: 800 }, 0.9, 1.05],
      [{ width: 390, height: 844 }, 0.8, 1.05],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(ROUTE, { waitUntil: 'networkidle' });
      const img = await shownPicture(page);
      const { shown, interfaceWidth } = await img.evaluate((el: HTMLImageElement) => ({
        shown: el.getBoundingClientRect().width,
        interfaceWidth: Number(el.getAttribute('width')) / 2,
      }));
      const scale = shown / interfaceWidth;
      expect(scale, `at ${viewport.width} px`).toBeGreaterThanOrEqual(least);
      expect(scale, `at ${viewport.width} px`).toBeLessThanOrEqual(most);
      // A mat around it: a tint of its own and an edge, so the picture of controls does not pass for the controls.
      const mat = await page.locator(`${FIGURE} a.doc-image__link`).evaluate((link) => ({
        background: getComputedStyle(link).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
        border: parseFloat(getComputedStyle(link).borderTopWidth),
        padding: parseFloat(getComputedStyle(link).paddingTop),
      }));
      expect(mat.background).not.toBe(mat.page);
      expect(mat.border).toBeGreaterThanOrEqual(1);
      expect(mat.padding).toBeGreaterThanOrEqual(8);
    }
  });

  test('the dark twin shows in the dark colour mode, and only it is fetched', async ({ page }) => {
    await useColorMode(page, 'dark');
    const responses = recordPictures(page);
    await page.goto(ROUTE, { waitUntil: 'networkidle' });
    const img = await shownPicture(page);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(DARK);
    await expect(page.locator(`${FIGURE} .doc-image__light`)).toBeHidden();
    await page.waitForLoadState('networkidle');
    const urls = [...responses.keys()].map((url) => new URL(url).pathname);
    expect(urls.some((url) => DARK.test(url))).toBe(true);
    expect(urls.filter((url) => LIGHT.test(url))).toEqual([]);
    // On paper, the light picture, shown without any script.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator(`${FIGURE} .doc-image__light picture img`).first()).toBeVisible();
    await expect(page.locator(`${FIGURE} .doc-image__dark`)).toBeHidden();
  });

  test('Enter opens the picture full size in a dialog; Escape closes it and focus returns', async ({ page, gotoHydrated }) => {
    await gotoHydrated(ROUTE);
    const link = page.locator(`${FIGURE} a.doc-image__link`);
    await link.scrollIntoViewIfNeeded();
    await expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    await link.focus();
    await page.keyboard.press('Enter');
    const alt = (await link.locator('picture img:visible').getAttribute('alt'))!;
    const dialog = page.getByRole('dialog', { name: alt });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    const full = dialog.locator('img');
    await expect.poll(() => full.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(SOURCE_WIDTH);
    expect(page.url()).toMatch(/\/docs$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });
});
