import { axe, WCAG_TAGS } from './axe';
import { expect, test } from '@playwright/test';
import { collectPageErrors, presetColorMode, VIEWPORTS, SEARCH_BUTTON } from './preferences-helpers';
import { reactErrors, whenHydrated } from './site';

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(23, 25, 31)';

for (const vp of VIEWPORTS) {
  test.describe(`colour mode at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('defaults to light; the switch flips light ↔ dark and stores it under "theme"', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/docs/api/atom');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BG);
      await whenHydrated(page);
      const toggle = page.getByRole('button', { name: 'Switch to dark mode (currently light mode)' });
      await expect(toggle).toBeVisible();
      await toggle.click();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await page.getByRole('button', { name: 'Switch to light mode (currently dark mode)' }).click();
      await expect(html).toHaveAttribute('data-theme', 'light');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      expect(errors).toEqual([]);
    });

    test('a stored dark mode applies before any bundle runs (no flash)', async ({ page }) => {
      await presetColorMode(page, 'dark');
      // With every script file blocked only the inline head script can set the attribute.
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto('/docs/api/atom');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);
    });

    test('the choice survives navigation and reloads, and React agrees with the script', async ({ page }) => {
      const errors = collectPageErrors(page);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await presetColorMode(page, 'dark');
      await page.goto('/');
      await whenHydrated(page);
      await expect(page.getByRole('button', { name: 'Switch to light mode (currently dark mode)' })).toBeVisible();
      await page.reload();
      await whenHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stan', exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(errors).toEqual([]);
      expect(reactErrors([...consoleErrors, ...errors.map((e) => e.message)])).toEqual([]);
    });

    test('a change in one tab reaches the other tab', async ({ context }) => {
      const first = await context.newPage();
      const second = await context.newPage();
      await first.goto('/docs');
      await second.goto('/docs/api/state');
      await whenHydrated(first);
      await whenHydrated(second);
      await first.getByRole('button', { name: /Switch to dark mode/ }).click();
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(second.getByRole('button', { name: /Switch to light mode/ })).toBeVisible();
    });

    test('a corrupt stored value falls back to light with no error', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.addInitScript(() => localStorage.setItem('theme', '{"mode":"dark"'));
      await page.goto('/docs');
      await whenHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await page.getByRole('button', { name: /Switch to dark mode/ }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(errors).toEqual([]);
    });

    test('unavailable storage (private mode) still gives a working page and switch', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await page.goto('/docs/guides/ssr');
      await whenHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await page.getByRole('button', { name: /Switch to dark mode/ }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('region', { name: 'Announcement' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });

  for (const mode of ['light', 'dark'] as const) {
    test.describe(`announcement bar at ${vp.width}px, ${mode} mode`, () => {
      test.use({ viewport: { width: vp.width, height: vp.height } });

      test('closes, stays closed on reload with the same id, and comes back for a new id', async ({ page }) => {
        await presetColorMode(page, mode);
        await page.goto('/');
        await whenHydrated(page);
        const bar = page.getByRole('region', { name: 'Announcement' });
        await expect(bar).toBeVisible();
        await bar.getByRole('button', { name: 'Close announcement' }).click();
        await expect(bar).toHaveCount(0);
        expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
        expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('stan-1-2-0-rc4');
        // Hidden from the first paint on, before scripts run.
        await page.route(/\.js(\?|$)/, (route) => route.abort());
        await page.reload();
        await expect(page.getByRole('region', { name: 'Announcement' })).toBeHidden();
        await page.unroute(/\.js(\?|$)/);
        // A different stored id means a new announcement: the bar returns.
        await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-one'));
        await page.reload();
        await whenHydrated(page);
        await expect(page.getByRole('region', { name: 'Announcement' })).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
      });

      test('layout chrome has no axe violations (contrast included)', async ({ page }) => {
        await presetColorMode(page, mode);
        await page.goto('/docs/api/atom');
        await whenHydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const results = await axe(page).withTags(WCAG_TAGS).exclude(SEARCH_BUTTON)
          .include('header')
          .include('[aria-label="Announcement"]')
          .include('[aria-label="Docs sidebar"]')
          .analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      });

      test('back to top appears after scrolling and returns to the top', async ({ page }) => {
        await presetColorMode(page, mode);
        await page.goto('/docs/api/react');
        await whenHydrated(page);
        const button = page.getByRole('button', { name: 'Scroll back to top' });
        await expect(button).toBeHidden();
        await page.mouse.wheel(0, 1500);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
        // The button lives in the navbar, which hides while reading down and comes back on the way up.
        await page.mouse.wheel(0, -200);
        await expect(button).toBeInViewport();
        await button.click();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await expect(button).toBeHidden();
      });
    });
  }
}

test.describe('reduced motion', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('back to top jumps at once', async ({ page }) => {
    await page.goto('/docs/api/react');
    await whenHydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const button = page.getByRole('button', { name: 'Scroll back to top' });
    // The button lives in the navbar, which hides while reading down and comes back on the way up.
    await page.mouse.wheel(0, -200);
    await expect(button).toBeInViewport();
    await button.click();
    // Instant: already at the top in the same task.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('preferred docs version', () => {
  test('a stored name that matches no version is cleared; a valid one is kept', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('docs-preferred-version-default', '0.9.0');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/docs');
    await whenHydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'current'));
    await page.reload();
    await whenHydrated(page);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
  });
});
