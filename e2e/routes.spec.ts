import { expect, test } from '@playwright/test';
import { DOC_ROUTES, docTitles, gotoHydrated } from './site';

const titles = docTitles();

test('there is one MDX doc per doc route', () => {
  expect([...titles.keys()].sort()).toEqual([...DOC_ROUTES].sort());
});

test('the home page answers 200 with the site title as h1', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stan');
  await expect(page.getByText('Minimal, type-safe state management').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/docs/getting-started/installation');
  await expect(page.getByText('npm install @rkrupinski/stan').first()).toBeVisible();
});

for (const route of DOC_ROUTES) {
  test(`${route} answers 200 and shows its h1`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(route);
    const title = titles.get(route)?.title;
    expect(title).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title as string);
    await expect(page).toHaveTitle(`${title} | Stan`);
  });
}

test('an unknown path gets the not-found page with HTTP 404', async ({ page }) => {
  const response = await page.goto('/docs/api/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Read the introduction' })).toHaveAttribute('href', '/docs');
});

test('a trailing slash redirects to the route without it', async ({ page }) => {
  await page.goto('/docs/api/atom/');
  expect(new URL(page.url()).pathname).toBe('/docs/api/atom');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.get('/docs/api/atom')?.title as string);
});

for (const suffix of ['.html', '/index.html']) {
  test(`a trailing ${suffix} is stripped when no route matches`, async ({ page }) => {
    await page.goto(`/docs/guides/ssr${suffix}?from=old#top`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/docs/guides/ssr');
    expect(url.search).toBe('?from=old');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.get('/docs/guides/ssr')?.title as string);
  });
}

test('the not-found page offers the search box, which opens the search modal', async ({ page }) => {
  await gotoHydrated(page, '/docs/api/nothing-here');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('searchbox').or(page.getByPlaceholder('Search docs'))).toBeVisible();
});
