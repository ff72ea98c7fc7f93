import { axe, WCAG_TAGS } from './axe';
import type { Page } from '@playwright/test';
import { presetColorMode, SEARCH_BUTTON } from './preferences-helpers';
import { expect, gotoHydrated, recordProblems, reactErrors, test } from './site';

const KEY = 'docs-preferred-version-default';
const OLD = '1.0.0-rc14';
const LATEST = '1.2.0-rc4';
// What a version's entry says when it lacks the page being read.
const MISSING = 'No such page there: opens its first page';

test.use({ viewport: { width: 1280, height: 800 } });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The version item's toggle (a <summary>: the browser's own disclosure). */
const versionToggle = (page: Page, label: string) => nav(page).locator('summary', { hasText: `Docs version: ${label}` });
const versionMenu = (page: Page) => nav(page).locator('details').filter({ has: page.locator('summary', { hasText: 'Docs version:' }) });

/** Counts requests for the versions manifest from now on. */
function countManifestRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/docs-versions.json') count += 1;
  });
  return () => count;
}

test.describe('version menu', () => {
  test('the first click opens it (no hover needed), it keeps the page across versions and stores the choice; no manifest is fetched', async ({ page }) => {
    const manifestRequests = countManifestRequests(page);
    await gotoHydrated(page, '/docs/api/atom');
    const toggle = versionToggle(page, LATEST);
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(versionMenu(page)).toHaveJSProperty('open', true);
    const link = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(link).toHaveAttribute('href', `/docs/${OLD}/api/atom`);
    await link.click();
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
    await expect(versionToggle(page, OLD)).toBeVisible();
    // Chosen: the menu closed as the page changed.
    await expect(versionMenu(page)).toHaveJSProperty('open', false);
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe(OLD);
    expect(manifestRequests()).toBe(0);
  });

  test('always shows that it is a menu: the caret is drawn with the page, before any hover', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await page.mouse.move(0, 0);
    const caret = versionToggle(page, LATEST).locator('svg');
    await expect(caret).toBeVisible();
    const box = await caret.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(8);
  });

  test('opens on the first click before any of the page’s scripts has run, and its links work', async ({ page }) => {
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto('/docs/api/atom');
    await versionToggle(page, LATEST).click();
    const link = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/docs/${OLD}/api/atom`);
    await link.click();
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
  });

  test('labels the current docs by their release, marked latest, wherever the reader sees the version', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await expect(versionToggle(page, LATEST)).toBeVisible();
    await expect(page.locator('article').getByText(`Version: ${LATEST} (latest)`, { exact: true })).toBeVisible();
    await versionToggle(page, LATEST).click();
    await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).toHaveAttribute('aria-current', 'true');
    // Nowhere in the page's chrome is the version called "Next" (the doc's text may name Next.js).
    const chrome = await page.evaluate(() =>
      [document.querySelector('header'), document.querySelector('article > div'), document.querySelector('footer')].map((e) => e?.textContent ?? '').join(' '),
    );
    expect(chrome).not.toMatch(/\bNext\b(?!\.js)/);
    // The route stays /docs.
    await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).toHaveAttribute('href', '/docs/api/atom');
  });

  test('an entry for a version that lacks the page says so; choosing it says on arrival that the page is not there', async ({ page }) => {
    await gotoHydrated(page, '/docs/guides/known-quirks');
    await versionToggle(page, LATEST).click();
    const entry = nav(page).getByRole('link', { name: new RegExp(`^${OLD.replace(/\./g, '\\.')} ${MISSING}$`) });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('href', `/docs/${OLD}?missing-page`);
    await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).not.toContainText(MISSING);
    await entry.click();
    await expect(page.getByRole('status').filter({ hasText: 'The page you were reading is not in the' })).toHaveText(
      `The page you were reading is not in the ${OLD} docs, so this is their first page.`,
    );
    // The address drops the parameter: a reload or a copied address does not say it again.
    await expect(page).toHaveURL(`/docs/${OLD}`);
    await page.reload();
    await expect(page.getByText('The page you were reading is not in the')).toHaveCount(0);
  });

  test('the keyboard reaches and operates the menu', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    const toggle = versionToggle(page, LATEST);
    // In the tab order right after the item before it.
    await nav(page).getByRole('link', { name: 'Playground' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(versionMenu(page)).toHaveJSProperty('open', true);
    await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(versionMenu(page)).toHaveJSProperty('open', false);
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(versionMenu(page)).toHaveJSProperty('open', true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const old = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(old).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
  });
});

test.describe('version menu on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the first tap on the version item opens its menu in the mobile menu, never goes to /docs; a second tap reaches the page in 1.0', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await page.getByRole('button', { name: 'Open navigation menu' }).tap();
    const panel = page.getByRole('dialog', { name: 'Navigation menu' });
    await panel.getByRole('button', { name: '← Back to main menu' }).tap();
    const toggle = panel.locator('summary', { hasText: `Docs version: ${LATEST}` });
    await toggle.tap();
    await expect(page).toHaveURL('/docs/api/atom');
    await expect(panel).toBeVisible();
    const old = panel.getByRole('link', { name: OLD, exact: true });
    await expect(old).toBeVisible();
    await old.tap();
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
    await expect(panel).toBeHidden();
  });
});

/** The browser's own line for the unknown address's 404 (the page and its page data), which is the point here. */
const notThe404 = (error: string) => !/^Failed to load resource: the server responded with a status of 404/.test(error);

test.describe('not-found page inside a version', () => {
  test('links the same address in every version that has a page there, with no console error (minified ones included)', async ({ page }) => {
    const problems = await recordProblems(page);
    const response = await page.goto(`/docs/${OLD}/guides/known-quirks`);
    expect(response?.status()).toBe(404);
    const offer = page.locator('[data-same-address]');
    await expect(offer).toContainText('This address has a page in another version of the docs:');
    await expect(offer.getByRole('link', { name: `${LATEST} (latest): /docs/guides/known-quirks` })).toHaveAttribute(
      'href',
      '/docs/guides/known-quirks',
    );
    // The navbar names the version the address is in, once hydrated, without a hydration error.
    await expect(versionToggle(page, OLD)).toBeVisible();
    expect(reactErrors(problems.errors)).toEqual([]);
    expect(problems.errors.filter(notThe404)).toEqual([]);
  });

  test('an address no version has offers no other version', async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, `/docs/${OLD}/nothing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Read the introduction' })).toHaveAttribute('href', `/docs/${OLD}`);
    await expect(page.locator('[data-same-address]')).toHaveCount(0);
    expect(problems.errors.filter(notThe404)).toEqual([]);
  });

  test('a corrupt versions manifest loses only the offer: the page and the version menu still work', async ({ page }) => {
    await page.route('**/docs-versions.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ versions: [{ name: 'current', mainDocPath: 1, docs: { constructor: 2 } }] }) }),
    );
    const problems = await recordProblems(page);
    await gotoHydrated(page, `/docs/${OLD}/guides/known-quirks`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await versionToggle(page, OLD).click();
    await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).toBeVisible();
    await expect(page.locator('[data-same-address]')).toHaveCount(0);
    expect(problems.errors.filter(notThe404)).toEqual([]);
  });
});

test.describe('preferred version', () => {
  test('is kept across visits: the navbar’s Docs link goes to the chosen version until a page of another is read', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await versionToggle(page, LATEST).click();
    await nav(page).getByRole('link', { name: OLD, exact: true }).click();
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
    await gotoHydrated(page, '/playground');
    await page.reload();
    const docs = nav(page).getByRole('link', { name: 'Docs', exact: true });
    await expect(docs).toHaveAttribute('href', `/docs/${OLD}`);
    await docs.click();
    await expect(page).toHaveURL(`/docs/${OLD}`);
    // Reading a page of the latest docs sends the Docs link there, whatever is preferred.
    await gotoHydrated(page, '/docs/api/state');
    await expect(nav(page).getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('href', '/docs');
  });

  test('a stored name that names no version is cleared', async ({ page }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('stale-set')) {
        localStorage.setItem(key, '0.9.0');
        sessionStorage.setItem('stale-set', '1');
      }
    }, KEY);
    await gotoHydrated(page, '/playground');
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
    await expect(nav(page).getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('href', '/docs');
  });
});

test.describe('unmaintained version banner', () => {
  test('a 1.0 page says it documents an older release and links the same page in the latest docs', async ({ page }) => {
    await gotoHydrated(page, `/docs/${OLD}/api/atom`);
    const banner = page.getByRole('note', { name: 'Older version' });
    await expect(banner).toContainText(`These docs describe ${OLD}, an older release that is no longer maintained.`);
    await expect(banner.getByRole('link')).toHaveText(`Read this page in the latest docs (${LATEST})`);
    await banner.getByRole('link').click();
    await expect(page).toHaveURL('/docs/api/atom');
    await expect(page.getByRole('note', { name: 'Older version' })).toHaveCount(0);
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe('current');
  });

  test('nothing on a 1.0 page says these docs cover another release; the announcement names the latest as the latest', async ({ page }) => {
    await gotoHydrated(page, `/docs/${OLD}/api/atom`);
    const text = await page.locator('body').innerText();
    const claims = text.match(/these docs (?:cover|describe|document).*?\.(?=\s|$)/gi) ?? [];
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(claim).toContain(OLD);
    await expect(page.getByText(/The latest release is @rkrupinski\/stan 1\.2\.0-rc4\./)).toBeVisible();
  });

  test('the version badge names the release', async ({ page }) => {
    await gotoHydrated(page, `/docs/${OLD}/api/atom`);
    await expect(page.locator('article').getByText(`Version: ${OLD}`, { exact: true })).toBeVisible();
  });
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => presetColorMode(page, mode));

    test('the open version menu, its missing-page entry and the banner pass axe', async ({ page }) => {
      await gotoHydrated(page, `/docs/guides/known-quirks`);
      await versionToggle(page, LATEST).click();
      await expect(nav(page).getByText(MISSING)).toBeVisible();
      await gotoHydrated(page, `/docs/${OLD}/api/atom`);
      await versionToggle(page, OLD).click();
      await expect(nav(page).getByRole('link', { name: `${LATEST} (latest)` })).toBeVisible();
      const results = await axe(page)
        .withTags(WCAG_TAGS)
        .exclude(SEARCH_BUTTON)
        .include('header')
        .include('[role="note"]')
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      // The missing-page entry's note, open on its own page.
      await gotoHydrated(page, `/docs/guides/known-quirks`);
      await versionToggle(page, LATEST).click();
      const missing = await axe(page).withTags(WCAG_TAGS).exclude(SEARCH_BUTTON).include('header').analyze();
      expect(missing.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
