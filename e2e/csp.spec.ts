import { expect, test, type Page } from '@playwright/test';
import { DOC_ROUTES, docTitles, gotoHydrated, readToTheEnd, recordProblems, whenHydrated } from './site';

// The Content-Security-Policy lets the site work: every page read to its end, search (modal, worker, search page),
// the live examples and the diagrams run with no violation and no console error. Run on `npm start`'s server
// and on nginx with the build's snippet (playwright.config.ts).

const EXAMPLES = '/docs/getting-started/examples';
const DIAGRAM = '/docs/api/selector';
const titles = docTitles();

async function expectNoProblems(page: Page, run: () => Promise<void>) {
  const problems = await recordProblems(page);
  await run();
  expect(problems.violations, 'CSP violations').toEqual([]);
  expect(problems.errors, 'console errors').toEqual([]);
}

test.describe('Content-Security-Policy', () => {
  test('the policy is enforced: an injected inline script is blocked and reported', async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, '/docs');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(() => problems.violations).toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  for (const route of ['/', ...DOC_ROUTES, '/search']) {
    test(`${route}: read to its end with no violation and no console error`, async ({ page }) => {
      await expectNoProblems(page, async () => {
        await gotoHydrated(page, route);
        await readToTheEnd(page);
        if (route !== '/' && route !== '/search') await expect(page.locator('main h1')).toHaveText(titles.get(route)!.title);
      });
    });
  }

  test('search: the modal finds and opens a page, the search page lists results', async ({ page }) => {
    await expectNoProblems(page, async () => {
      await gotoHydrated(page, '/docs');
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('selectorFamily');
      await expect(page.locator('.DocSearch-Hit').first()).toContainText(/selector ?family/i);
      await page.keyboard.press('Enter');
      await expect(page.locator('main h1')).toHaveText(titles.get('/docs/api/selectorFamily')!.title);

      await gotoHydrated(page, '/search?q=makeStore');
      await expect(page.getByRole('status')).toHaveText(/^\d+ pages found$/);
      await expect(page.getByRole('region', { name: 'Store' }).getByRole('link', { name: 'makeStore' }).first()).toBeVisible();
    });
  });

  test('live examples mount and run', async ({ page }) => {
    await expectNoProblems(page, async () => {
      await gotoHydrated(page, EXAMPLES);
      await readToTheEnd(page);
      // An example mounts as it nears the window: the page was read past them before their code may have arrived.
      const counter = page.locator('figure[data-example-id="counter"]');
      await counter.scrollIntoViewIfNeeded();
      await counter.getByRole('button', { name: '+1' }).click();
      await expect(counter.getByRole('status', { name: 'Count' })).toHaveText('1');
      const todos = page.locator('figure[data-example-id="todo-list"]');
      await todos.scrollIntoViewIfNeeded();
      await todos.getByLabel('New todo').fill('Ship the CSP');
      await todos.getByLabel('New todo').press('Enter');
      await expect(todos.getByRole('status')).toHaveText('1 of 1 left');
      const data = page.locator('figure[data-example-id="async-data"]');
      await data.scrollIntoViewIfNeeded();
      await data.getByRole('button', { name: 'User 2' }).click();
      await expect(data.getByRole('status')).toHaveText(/^Grace Hopper/);
    });
  });

  test('the playground type-checks and runs a sample in its frame with no violation on the docs page', async ({ page }) => {
    test.setTimeout(120_000);
    await expectNoProblems(page, async () => {
      await gotoHydrated(page, '/docs');
      await page.getByRole('button', { name: 'Edit and run' }).first().click();
      const editor = page.locator('[data-playground]');
      await expect(editor.locator('[data-type-status]')).toHaveText('No type errors.', { timeout: 60_000 });
      await editor.getByRole('button', { name: 'Run' }).click();
      await expect(editor.locator('[data-playground-output]')).toContainText('total changed: 75', { timeout: 30_000 });
    });
  });

  test('diagrams draw in both colour modes', async ({ page }) => {
    await expectNoProblems(page, async () => {
      await gotoHydrated(page, DIAGRAM);
      const diagram = page.locator('.mermaid-diagram').first();
      await diagram.scrollIntoViewIfNeeded();
      await expect(diagram.getByRole('img').locator('svg')).toBeVisible();
      await page.getByRole('button', { name: /^Switch to dark mode/ }).click();
      await expect(diagram).toHaveAttribute('data-rendered-theme', 'dark');
    });
  });

  test('client-side navigation between pages keeps working', async ({ page }) => {
    await expectNoProblems(page, async () => {
      await gotoHydrated(page, '/docs');
      await page.getByRole('navigation', { name: 'Docs sidebar' }).locator(`a[href="${DIAGRAM}"]`).last().click();
      await expect(page).toHaveURL(DIAGRAM);
      await expect(page.locator('main h1')).toHaveText(titles.get(DIAGRAM)!.title);
      await page.goBack();
      await whenHydrated(page);
      await expect(page.locator('main h1')).toHaveText(titles.get('/docs')!.title);
    });
  });
});
