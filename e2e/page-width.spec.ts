// No page is wider than the screen: every page the build wrote (every docs version's, the home, search, playground and
// not-found pages) at a small phone's 320 px, a phone's 390 px and a tablet's 768 px, in both colour modes. A page
// that scrolls sideways fails with its widest element named, e.g. one long inline code span.
import { expect, test, type Page } from '@playwright/test';
import { builtPages, DOC_ROUTES, sitemapRoutes, whenHydrated } from './site';

const WIDTHS = [320, 390, 768] as const;
const MODES = ['light', 'dark'] as const;

/**
 * How far the page reaches past the viewport's right edge, and the element that reaches furthest: among elements
 * whose box sticks out, the one with the furthest right edge that no scrolling or clipping ancestor holds in.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const excess = document.documentElement.scrollWidth - viewport;
    if (excess <= 0) return null;
    const held = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible' && parent.getBoundingClientRect().right <= viewport) return true;
      }
      return false;
    };
    let widest: { element: Element; right: number } | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      const { right, width } = element.getBoundingClientRect();
      if (width === 0 || right <= viewport || (widest && right <= widest.right) || held(element)) continue;
      widest = { element, right };
    }
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
    };
    return {
      width: document.documentElement.scrollWidth,
      widest: widest ? `${describe(widest.element)}, right edge at ${Math.round(widest.right)} px` : 'no single element found',
    };
  });
}

test('every route of the sitemap is a page the build wrote, so walking the build covers it', async ({ page }) => {
  const built = new Set(builtPages());
  const listed = await sitemapRoutes(page);
  // It lists every current doc (an older version's pages are left out of it, and walked below all the same).
  expect(listed).toEqual(expect.arrayContaining([...DOC_ROUTES]));
  expect(listed.filter((route) => !built.has(route))).toEqual([]);
});

// One test per page; each looks at every width in both modes (resizing the page, as a turned phone does).
for (const route of builtPages()) {
  test(`${route} is no wider than the viewport at ${WIDTHS.join(', ')} px, light and dark`, async ({ page }) => {
    test.setTimeout(120_000);
    const wide: string[] = [];
    // Light from the first load on; each next mode is stored and the page reloaded.
    await page.addInitScript((first) => {
      if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', first);
    }, MODES[0]);
    for (const [i, mode] of MODES.entries()) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      if (i === 0) await page.goto(route);
      else {
        await page.evaluate((m) => window.localStorage.setItem('theme', m), mode);
        await page.reload();
      }
      await whenHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const found = await overflow(page);
        if (found) wide.push(`${width} px, ${mode}: the page is ${found.width} px wide: ${found.widest}`);
      }
    }
    expect(wide).toEqual([]);
  });
}

test('both docs versions are walked, not only the current one', () => {
  expect(builtPages().filter((route) => /^\/docs\/\d/.test(route)).length).toBeGreaterThan(10);
});
