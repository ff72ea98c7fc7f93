// The Content-Security-Policy of the hosted-search build (public-hosted/): the hosted service's search hosts are
// allowed there, and searching through them runs with no violation. Run on `npm start`'s server and on nginx.
import http from 'http';
import { expect, test } from '@playwright/test';
import hostedEnv from './hosted-env.json';
import { fakeHostedService } from './hosted-service';
import { gotoHydrated, recordProblems } from './site';

const APP_ID = hostedEnv.GATSBY_DOCSEARCH_APP_ID.toLowerCase();

function policyOf(baseURL: string, target: string) {
  return new Promise<string>((resolve, reject) => {
    http.get(`${baseURL}${target}`, (res) => {
      res.resume();
      resolve(String(res.headers['content-security-policy']));
    }).on('error', reject);
  });
}

test("the policy lets pages reach the hosted service's search hosts, and no other origin", async ({ baseURL }) => {
  const connect = /(?:^|;\s*)connect-src ([^;]+)/.exec(await policyOf(baseURL!, '/docs'))?.[1]?.split(' ');
  expect(connect?.sort()).toEqual(
    ["'self'", ...[`${APP_ID}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `${APP_ID}-${n}.algolianet.com`)].map((h) => `https://${h}`)].sort(),
  );
});

test('searching the hosted index from the modal and the search page: no violation, no console error', async ({ page }) => {
  const problems = await recordProblems(page);
  const recorded = await fakeHostedService(page);
  await gotoHydrated(page, '/docs/api/atom');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('selectorFamily');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(/selector ?family/i);
  await page.keyboard.press('Escape');
  await gotoHydrated(page, '/search?q=store');
  await expect(page.locator('main mark').first()).toBeVisible();
  expect(recorded.length).toBeGreaterThan(0);
  expect(problems.violations).toEqual([]);
  expect(problems.errors).toEqual([]);
});
