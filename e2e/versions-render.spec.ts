import path from 'path';
import { claimCountsOnDisk } from '../src/node/claim-count';
import { expect, test } from './site';

// Each docs version is rendered against its own release: the type popups of a 1.0.0-rc14 page show 1.0.0-rc14's
// types, its checks line names that release and counts that version's claims, and it embeds no live example (they
// run the installed release).
const OLD_ATOM = '/docs/1.0.0-rc14/api/atom';
const CURRENT_ATOM = '/docs/api/atom';

test.describe('docs versions render against their own release', () => {
  test("a 1.0.0-rc14 page's type popups show 1.0.0-rc14's types: atom() returns the state itself", async ({ page, gotoHydrated }) => {
    await gotoHydrated(OLD_ATOM);
    const sample = page.locator('main .code-block', { hasText: 'write-first.ts' });
    await sample.locator('.type-hint', { hasText: /^theme$/ }).first().hover();
    const popup = page.getByRole('tooltip');
    await expect(popup).toHaveText(/^const theme: WritableState<"light" \| "dark">$/);
  });

  test("the current page's popups show the installed release's types for the same call", async ({ page, gotoHydrated }) => {
    await gotoHydrated(CURRENT_ATOM);
    await page.locator('main .code-block .type-hint', { hasText: /^atom$/ }).first().hover();
    await expect(page.getByRole('tooltip')).toHaveText(/Scoped<WritableState<T>>$/);
  });

  test("a 1.0.0-rc14 page's checks line names 1.0.0-rc14 and counts the claims of its tests", async ({ page, gotoHydrated }) => {
    // The claims the 1.0.0-rc14 tests declare for that page, not the current page's.
    const claims = claimCountsOnDisk(path.resolve(__dirname, '..'));
    const old = claims.get('version-1.0.0-rc14/api/atom') ?? 0;
    const current = claims.get('api/atom') ?? 0;
    expect(old).toBeGreaterThan(0);
    expect(old).not.toBe(current);
    await gotoHydrated(OLD_ATOM);
    await expect(page.getByText(new RegExp(`^Checked against @rkrupinski/stan 1\\.0\\.0-rc14: \\d+ samples compile, ${old} statements are run by tests\\.`))).toBeVisible();
    await gotoHydrated(CURRENT_ATOM);
    await expect(page.getByText(new RegExp(`^Checked against @rkrupinski/stan 1\\.2\\.0-rc4: \\d+ samples compile, ${current} statements are run by tests\\.`))).toBeVisible();
  });

  test('the 1.0.0-rc14 examples page embeds no live example, the current one does', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/1.0.0-rc14/getting-started/examples');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main [data-island="live-example"]')).toHaveCount(0);
    await gotoHydrated('/docs/getting-started/examples');
    await expect(page.locator('main [data-island="live-example"]')).toHaveCount(3);
  });
});
