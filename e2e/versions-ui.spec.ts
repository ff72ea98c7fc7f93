import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { presetColorMode, SEARCH_BUTTON, WCAG_TAGS } from './preferences-helpers';
import { expect, gotoHydrated, test } from './site';

const KEY = 'docs-preferred-version-default';
const OLD = '1.0.0-rc14';

test.use({ viewport: { width: 1280, height: 800 } });


const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const versionButton = (page: Page, label: string) => nav(page).getByRole('button', { name: `Docs version: ${label}` });

/** Reaches for the version item (its menu's code loads on that intent) and returns the menu's button. */
async function reachForVersions(page: Page, label: string) {
  await nav(page).getByRole('link', { name: `Docs version: ${label}` }).hover();
  const button = versionButton(page, label);
  await expect(button).toBeVisible();
  return button;
}

/** Counts requests for the versions manifest from now on. */
function countManifestRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/docs-versions.json') count += 1;
  });
  return () => count;
}


test.describe('version dropdown', () => {
  test('switching versions keeps the page; the manifest is fetched only when the menu is reached for', async ({ page }) => {
    const manifestRequests = countManifestRequests(page);
    await gotoHydrated(page, '/docs/api/atom');
    await expect(nav(page).getByRole('link', { name: 'Docs version: Next' })).toBeVisible();
    expect(manifestRequests()).toBe(0);
    const button = await reachForVersions(page, 'Next');
    await expect.poll(manifestRequests).toBe(1);
    await button.click();
    const link = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(link).toHaveAttribute('href', `/docs/${OLD}/api/atom`);
    await link.click();
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
    // The menu's code is loaded by now, so the item is the menu's button.
    await expect(versionButton(page, OLD)).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe(OLD);
  });

  test('a page the other version lacks falls back to that version’s first doc', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/store');
    await (await reachForVersions(page, 'Next')).click();
    const link = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(link).toHaveAttribute('href', `/docs/${OLD}`);
    await link.click();
    await expect(page).toHaveURL(`/docs/${OLD}`);
  });

  test('when the manifest cannot be fetched, each link still opens that version and the menu says so', async ({ page }) => {
    await page.route('**/docs-versions.json', (route) => route.abort());
    await gotoHydrated(page, '/docs/api/atom');
    await (await reachForVersions(page, 'Next')).click();
    await expect(nav(page).getByText(/Could not look this page up in the other versions/)).toBeVisible();
    await nav(page).getByRole('link', { name: OLD, exact: true }).click();
    await expect(page).toHaveURL(`/docs/${OLD}`);
  });

  test('the keyboard reaches and operates the menu', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    const button = versionButton(page, 'Next');
    // Until the item is reached for, it is a link; its menu's button comes with the menu's code.
    await expect(button).toHaveCount(0);
    // Tab reaches the item (a link until its menu's code is there; focus then moves to the menu's button).
    const link = nav(page).getByRole('link', { name: 'Docs version: Next' });
    let reached = false;
    for (let i = 0; i < 30 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => /Docs version: Next/.test(document.activeElement?.textContent ?? ''));
    }
    expect(reached).toBe(true);
    await expect(link).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'Next (latest)' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const old = nav(page).getByRole('link', { name: OLD, exact: true });
    await expect(old).toBeFocused();
    await expect(old).toHaveAttribute('href', `/docs/${OLD}/api/atom`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/docs/${OLD}/api/atom`);
  });
});

test.describe('preferred version', () => {
  test('is kept across visits: the navbar’s Docs link goes to the chosen version until a page of another is read', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await (await reachForVersions(page, 'Next')).click();
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

    test('the open version menu and the banner pass axe', async ({ page }) => {
      await gotoHydrated(page, `/docs/${OLD}/api/atom`);
      await (await reachForVersions(page, OLD)).click();
      await expect(nav(page).getByRole('link', { name: 'Next (latest)' })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(WCAG_TAGS)
        .exclude(SEARCH_BUTTON)
        .include('header')
        .include('[role="note"]')
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
