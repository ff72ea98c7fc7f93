import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, whenHydrated } from './site';

// Recent and favorite searches DocSearch keeps in localStorage, keyed by index name: a corrupt entry (an older
// version, a hand edit, a write cut short) must never break search.
const RECENT = '__DOCSEARCH_RECENT_SEARCHES__stan-docs';
const FAVORITE = '__DOCSEARCH_FAVORITE_SEARCHES__stan-docs';

const usable = {
  objectID: 'atom-usage',
  url: '/docs/api/atom#usage',
  type: 'lvl2',
  content: null,
  hierarchy: { lvl0: 'API', lvl1: 'atom', lvl2: 'Usage', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
};

async function storeAndReload(page: Page, entries: Record<string, string>) {
  await gotoHydrated(page, '/docs');
  await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), entries);
  await page.reload();
  await whenHydrated(page);
}

test.describe('stored searches', () => {
  for (const [name, stored] of [
    ['an entry with only an objectID', '[{"objectID":"a"}]'],
    ['an entry whose hierarchy is null', JSON.stringify([{ ...usable, objectID: 'b', hierarchy: null }])],
    ['a list cut short', '[{"objectID":"a","url":"/docs"'],
  ] as const) {
    test(`${name} is dropped, the rest stays, and search works`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await storeAndReload(page, { [RECENT]: stored, [FAVORITE]: JSON.stringify([usable]) });
      await expect(page.getByText(/failed to render/)).toHaveCount(0);
      await page.keyboard.press('Control+K');
      const modal = page.locator('.DocSearch-Modal');
      await expect(modal).toBeVisible();
      // The usable favorite is listed; the corrupt recent search is not.
      await expect(modal.locator('.DocSearch-Hit-source')).toHaveText(['Favorite']);
      await expect(modal.locator('.DocSearch-Hit')).toHaveCount(1);
      await expect(modal.locator('.DocSearch-Hit')).toContainText('Usage');
      await page.locator('.DocSearch-Input').fill('selector');
      await expect(modal.locator('.DocSearch-Hit').first()).toBeVisible();
      await expect(page.getByText(/failed to render/)).toHaveCount(0);
      expect(errors).toEqual([]);
      expect(await page.evaluate((key) => localStorage.getItem(key), RECENT)).toBeNull();
    });
  }
});
