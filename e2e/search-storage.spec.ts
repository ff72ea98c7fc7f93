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

test.describe('stored searches are shown as text, and lead only within the site', () => {
  const markup = {
    ...usable,
    objectID: 'markup',
    url: '/docs/api/selector#usage',
    hierarchy: {
      ...usable.hierarchy,
      lvl1: 'selector <img src="/img/favicon.svg" data-probe="img"><a href="https://evil.example" data-probe="a">here</a>',
      lvl2: 'Usage <style data-probe="style">body{display:none}</style><mark>kept</mark>',
    },
  };
  const offSite = [
    { ...usable, objectID: 'other-origin', url: 'https://evil.example/docs' },
    { ...usable, objectID: 'protocol-relative', url: '//evil.example/docs' },
    { ...usable, objectID: 'script', url: 'javascript:alert(1)' },
  ];

  test('markup in a stored entry is text, highlight marks stay, and entries leading off the site are dropped', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await storeAndReload(page, { [RECENT]: JSON.stringify([...offSite, markup]) });
    await page.keyboard.press('Control+K');
    const modal = page.locator('.DocSearch-Modal');
    await expect(modal.locator('.DocSearch-Hit')).toHaveCount(1);
    const hit = modal.locator('.DocSearch-Hit');
    // Nothing of the stored markup became an element of the page.
    await expect(page.locator('[data-probe]')).toHaveCount(0);
    await expect(hit).toContainText('<img src="/img/favicon.svg" data-probe="img">');
    await expect(hit).toContainText('<style data-probe="style">');
    await expect(hit.locator('mark')).toHaveText('kept');
    await expect(page.locator('body')).toBeVisible();

    await hit.click();
    await expect(page).toHaveURL(/\/docs\/api\/selector#usage$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('selector');
    expect(errors).toEqual([]);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), RECENT)) ?? '[]') as Array<{ objectID: string }>;
    expect(stored.map((entry) => entry.objectID)).toEqual(['markup']);
  });
});
