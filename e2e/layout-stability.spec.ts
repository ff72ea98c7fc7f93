import { expect, test } from '@playwright/test';

/**
 * Fonts and images must not move the page: system fonts (or self-hosted ones), images with reserved space
 * (gatsby-plugin-image or inline SVG), and a cumulative layout shift of 0 through load, hydration and scrolling.
 */

const ROUTES = ['/', '/docs', '/docs/api/atom', '/docs/getting-started/examples', '/search'];

declare global {
  interface Window {
    __layoutShifts?: Array<{ value: number; sources: string[] }>;
  }
}

for (const route of ROUTES) {
  test(`${route}: no layout shift while loading, hydrating and scrolling`, async ({ page }) => {
    await page.addInitScript(() => {
      window.__layoutShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
          if (entry.hadRecentInput) continue;
          const sources = (entry.sources ?? []).map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}` : '?';
          });
          window.__layoutShifts?.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route, { waitUntil: 'networkidle' });
    // Scroll through the page the way a reader would (wheel, not keyboard input that excuses shifts).
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(shifts, `layout shifts on ${route} (CLS ${total.toFixed(4)})`).toEqual([]);
  });
}

test('no web fonts from other hosts; any font file is self-hosted', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'font') fonts.push(req.url());
  });
  for (const route of ['/', '/docs/api/atom']) {
    await page.goto(route, { waitUntil: 'networkidle' });
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/system-ui|-apple-system|sans-serif/);
  }
  const origin = new URL(page.url()).origin;
  expect(fonts.filter((url) => !url.startsWith(origin))).toEqual([]);
});

test('every image reserves its space and has a text alternative', async ({ page }) => {
  for (const route of ['/', '/docs', '/docs/api/atom']) {
    await page.goto(route, { waitUntil: 'networkidle' });
    const images = await page.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        alt: img.getAttribute('alt'),
        sized: Boolean(img.getAttribute('width') && img.getAttribute('height')) || Boolean(img.closest('.gatsby-image-wrapper')),
      })),
    );
    for (const image of images) {
      expect(image.alt, `${route}: ${image.src} has no alt`).not.toBeNull();
      expect(image.sized, `${route}: ${image.src} reserves no space (width/height or gatsby-plugin-image)`).toBe(true);
    }
    // Logos are inline SVG with fixed dimensions.
    const logos = await page.getByTestId('logo').evaluateAll((els) => els.map((el) => [el.getAttribute('width'), el.getAttribute('height')]));
    expect(logos.length).toBeGreaterThan(0);
    for (const size of logos) expect(size).toEqual(['32', '32']);
  }
});
