import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated, titledSample } from './site';

// Diff, focus and highlight marks in code samples: drawn at build time, copied as the code a sample ends with,
// with type popups on the shown lines.
const RETRY_PAGE = '/docs/guides/error-handling';
const SSR_PAGE = '/docs/guides/ssr';

const titled = (page: Page, title: string) =>
  page.locator('figure.code-block').filter({ has: page.locator('figcaption', { hasText: new RegExp(`^${title}$`) }) });
const pseudo = (line: Locator) => line.evaluate((el) => getComputedStyle(el, '::before').content);
const colours = (lines: Locator) =>
  lines.evaluateAll((els) => els.flatMap((el) => Array.from(el.querySelectorAll('span span'), (s) => getComputedStyle(s).color)));

test.describe('code marks', () => {
  test('removed and added lines show a sign as well as a tint, and no mark comment is shown', async ({ page }) => {
    await page.goto(RETRY_PAGE);
    const block = titled(page, 'StatusBadge.tsx');
    const removed = block.locator('.line.diff.remove');
    const added = block.locator('.line.diff.add');
    await expect(removed).toHaveCount(3);
    await expect(added).toHaveCount(5);
    await expect(removed.first()).toContainText('useStanRefresher');
    expect(await pseudo(removed.first())).toMatch(/^"−"/);
    expect(await pseudo(added.first())).toMatch(/^"\+"/);
    const background = (line: Locator) => line.evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = block.locator('.line:not(.diff)').first();
    expect(await background(removed.first())).not.toBe(await background(plain));
    expect(await background(added.first())).not.toBe(await background(removed.first()));
    await expect(block.locator('pre')).not.toContainText('[!code');
  });

  test("a diff's change is in view without scrolling sideways, from a small phone to a desktop", async ({ page }) => {
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/docs/guides/known-quirks');
      const block = titled(page, 'average.ts');
      const pre = block.locator('pre');
      // Nothing to scroll to: long lines wrap.
      expect(await pre.evaluate((el) => el.scrollWidth - el.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
      const added = block.locator('.line.diff.add');
      await expect(added).toContainText('{ areValuesEqual: Object.is }');
      const where = await added.evaluate((line) => {
        const text = line.textContent!;
        const at = text.indexOf('{ areValuesEqual: Object.is }');
        // The text node and offset of the change, across the line's token spans.
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let seen = 0;
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent!.length;
          if (seen <= at && at < seen + length) range.setStart(node, at - seen);
          if (seen < at + 29 && at + 29 <= seen + length) range.setEnd(node, at + 29 - seen);
          seen += length;
        }
        const box = line.closest('pre')!.getBoundingClientRect();
        const rects = Array.from(range.getClientRects());
        return { right: Math.max(...rects.map((r) => r.right)), left: Math.min(...rects.map((r) => r.left)), box: { left: box.left, right: box.right } };
      });
      expect(where.left, `at ${width} px`).toBeGreaterThanOrEqual(where.box.left);
      expect(where.right, `at ${width} px`).toBeLessThanOrEqual(where.box.right);
      // Each line keeps its sign, read out as "removed" and "added", so colour is not the only cue.
      expect(await pseudo(block.locator('.line.diff.remove'))).toMatch(/^"−" \/ "removed"$/);
      expect(await pseudo(added)).toMatch(/^"\+" \/ "added"$/);
    }
  });

  test('the copy button copies the code the sample ends with, not the removed lines', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, RETRY_PAGE);
    const block = titled(page, 'StatusBadge.tsx');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect(block.getByRole('status')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(titledSample('guides/error-handling', 'StatusBadge.tsx'));
    expect(copied).not.toContain('useStanRefresher');
    expect(copied).not.toContain('[!code');
    expect(copied).toContain('<StatusText key={`${where}-${attempt}`}');
  });

  test('type popups work on the shown lines of a marked sample; removed lines have none', async ({ page }) => {
    await gotoHydrated(page, SSR_PAGE);
    const block = titled(page, 'no-leak.tsx');
    await expect(block.locator('.line.diff.remove .type-hint')).toHaveCount(0);
    const request1 = block.locator('.line.diff.add .type-hint', { hasText: /^request1$/ }).first();
    await request1.hover();
    await expect(page.getByRole('tooltip')).toHaveText('const request1: Store');
  });

  test('a focus block shows its other lines muted until hovered or focused by keyboard', async ({ page }) => {
    await gotoHydrated(page, SSR_PAGE);
    const block = titled(page, 'render-page.tsx');
    const pre = block.locator('pre');
    await expect(pre).toHaveClass(/has-focused/);
    await expect(block.locator('.line.focused')).toHaveCount(2);
    const others = block.locator('.line:not(.focused)');
    await page.mouse.move(0, 0);
    // One muted colour for every token outside the focus; the focused lines keep their syntax colours.
    await expect.poll(async () => new Set(await colours(others)).size).toBe(1);
    expect(new Set(await colours(block.locator('.line.focused'))).size).toBeGreaterThan(1);
    await pre.hover();
    await expect.poll(async () => new Set(await colours(others)).size).toBeGreaterThan(1);
    await page.mouse.move(0, 0);
    await expect.poll(async () => new Set(await colours(others)).size).toBe(1);
    // A keyboard reader reaches the block through its first type hint and sees it whole.
    await block.locator('[tabindex="0"]').first().focus();
    await expect.poll(async () => new Set(await colours(others)).size).toBeGreaterThan(1);
  });

  test('with reduced motion the muting switches without a transition', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(SSR_PAGE);
    const span = titled(page, 'render-page.tsx').locator('.line:not(.focused) span span').first();
    expect(await span.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await span.evaluate((el) => getComputedStyle(el).transitionDuration)).not.toBe('0s');
  });
});
