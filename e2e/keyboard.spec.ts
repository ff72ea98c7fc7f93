import { expect, test, type Page } from '@playwright/test';
import { readToTheEnd } from './site';

/**
 * Keyboard-only walkthrough: Tab from the top of the page to the end. Every interactive element shown on
 * screen must be reached, and at every stop the focused element must show a focus indicator (an outline,
 * or a box-shadow it does not have without focus) inside the viewport.
 */

interface Stop {
  index: number | null;
  tag: string;
  label: string;
  indicator: string | null;
  inViewport: boolean;
  obscured: boolean;
}

const INTERACTIVE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Marks every interactive element a sighted keyboard user can see (or that appears on focus) with its index. */
async function markInteractive(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const shown = (el: Element) => {
      // checkOpacity stays false: heading anchors are transparent until they get focus.
      if (!el.checkVisibility({ checkVisibilityCSS: true })) return false;
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    // A negative tabindex takes an element out of the Tab order on purpose: the inactive tabs of a tab list
    // (roving tabindex, reached with the arrow keys); the walk checks that their tab list is reached instead.
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter(shown).filter((el) => el.tabIndex >= 0);
    return found.map((el, i) => {
      el.setAttribute('data-kb-index', String(i));
      el.setAttribute('data-kb-shadow', getComputedStyle(el).boxShadow);
      const text = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()} "${text}"${el.getAttribute('href') ? ` → ${el.getAttribute('href')}` : ''}`;
    });
  }, INTERACTIVE);
}

/** What has focus now and how it shows it. */
async function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const style = getComputedStyle(el);
    const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
    let indicator: string | null = null;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && !transparent(style.outlineColor)) {
      indicator = `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    } else if (style.boxShadow !== 'none' && style.boxShadow !== el.getAttribute('data-kb-shadow')) {
      indicator = `box-shadow ${style.boxShadow}`;
    }
    const rect = el.getBoundingClientRect();
    const inViewport = rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
    // WCAG 2.4.11: something else (a sticky bar) must not cover the focused element entirely.
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.bottom - 2],
    ];
    const obscured =
      inViewport &&
      points.every(([x, y]) => {
        const hit = document.elementFromPoint(x as number, y as number);
        return hit !== null && hit !== el && !el.contains(hit) && !hit.contains(el);
      });
    const index = el.getAttribute('data-kb-index');
    const label = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return { index: index === null ? null : Number(index), tag: el.tagName.toLowerCase(), label, indicator, inViewport, obscured };
  });
}

/** Two animation frames: focus scrolling has been applied. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

async function walk(page: Page, route: string) {
  await page.goto(route, { waitUntil: 'networkidle' });
  // What loads as it comes into view (a diagram replaces its source with the picture) is loaded first, so the
  // elements marked below are the ones the walk meets.
  await readToTheEnd(page);
  await expect(page.locator('.mermaid-diagram:not([data-rendered-theme])')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  // Back at the top, "Scroll back to top" goes away again.
  await expect(page.getByRole('button', { name: 'Scroll back to top' })).toBeHidden();
  // No hover effects from a resting mouse pointer.
  await page.mouse.move(0, 0);
  const expected = await markInteractive(page);
  expect(expected.length).toBeGreaterThan(5);

  const reached = new Set<number>();
  const problems: string[] = [];
  // Enough Tab presses to pass every element once, plus slack for focusable containers.
  for (let i = 0; i < expected.length + 20; i++) {
    await page.keyboard.press('Tab');
    await frames(page);
    const stop = await focusedStop(page);
    // Focus leaves the document after the last element, or wraps around to one already reached.
    if (stop === null) {
      if (reached.size > 0) break;
      continue;
    }
    if (stop.index !== null) {
      if (reached.has(stop.index)) break;
      reached.add(stop.index);
    }
    const name = `${stop.tag} "${stop.label}"`;
    if (!stop.indicator) problems.push(`no visible focus indicator on ${name}`);
    if (!stop.inViewport) problems.push(`${name} has focus but is outside the viewport`);
    if (stop.obscured) problems.push(`${name} has focus but is hidden behind another element`);
  }
  // Every tab list (tabs with a roving tabindex) has its active tab in the Tab order.
  const unreachableTabLists = await page.evaluate((indices) => {
    const reachedSet = new Set(indices);
    return [...document.querySelectorAll('[role="tablist"]')]
      .filter((list) => list.checkVisibility())
      .filter((list) => ![...list.querySelectorAll('[role="tab"]')].some((t) => reachedSet.has(Number(t.getAttribute('data-kb-index') ?? -1))))
      .map((list) => list.getAttribute('aria-label') ?? list.textContent?.slice(0, 40) ?? '?');
  }, [...reached]);
  expect(unreachableTabLists, `tab lists whose tabs are never reached with Tab on ${route}`).toEqual([]);
  const missed = expected.filter((_, i) => !reached.has(i));
  expect(missed, `interactive elements never reached with Tab on ${route}`).toEqual([]);
  expect(problems, `focus problems on ${route}`).toEqual([]);
  return { expected: expected.length, reached: reached.size };
}

test.describe('keyboard-only walkthrough', () => {
  test('a docs page (desktop): every interactive element is reached, focus always visible', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { expected } = await walk(page, '/docs/api/atom');
    testInfo.annotations.push({ type: 'keyboard', description: `/docs/api/atom desktop: ${expected} tab stops` });
    // The page's own parts are all in the walk: sidebar, TOC, the Markdown link and the pager.
    expect(expected).toBeGreaterThan(40);
  });

  test('a docs page (dark mode): focus is visible on the dark palette too', async ({ page }) => {
    await page.addInitScript(() => {
      try {
        window.localStorage.setItem('theme', 'dark');
      } catch {
        // Ignored: the attribute still applies.
      }
      document.documentElement.setAttribute('data-theme', 'dark');
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await walk(page, '/docs/guides/ssr');
  });

  test('the home page: every interactive element is reached, focus always visible', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { expected } = await walk(page, '/');
    testInfo.annotations.push({ type: 'keyboard', description: `/ desktop: ${expected} tab stops` });
  });

  test('a docs page below the desktop breakpoint: the collapsed layout is keyboard-complete', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await walk(page, '/docs/getting-started/installation');
  });

  test('"View as Markdown" is reachable and opens the Markdown source with Enter', async ({ page }) => {
    await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
    const link = page.getByRole('link', { name: 'View as Markdown' });
    for (let i = 0; i < 200 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api\/atom\.md$/);
    await expect(page.locator('body')).toContainText('# atom');
  });
});
