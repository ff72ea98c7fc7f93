import fs from 'fs';
import path from 'path';
import { expect, test } from '@playwright/test';
import { claimCountsOnDisk } from '../src/node/claim-count';
import { DOC_ROUTES, docTitles } from './site';

// The release these docs were checked against, as installed (the build reads the same file).
const RELEASE = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../node_modules/@rkrupinski/stan/package.json'), 'utf8')) as { version: string }
).version;

const titles = docTitles();

test.describe('docs pages', () => {
  test('the sidebar lists every doc and the three categories, all expanded', async ({ page }) => {
    await page.goto('/docs/api/atom');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const hrefs = await sidebar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const route of DOC_ROUTES) expect(hrefs).toContain(route);
    for (const category of ['Getting started', 'API', 'Guides']) {
      await expect(sidebar.getByRole('link', { name: category, exact: true })).toBeVisible();
    }
    // Every doc link is visible: no category is collapsed.
    for (const route of DOC_ROUTES) {
      await expect(sidebar.locator(`a[href="${route}"]`).last()).toBeVisible();
    }
    await expect(sidebar.locator('a[aria-current="page"]').last()).toHaveAttribute('href', '/docs/api/atom');
  });

  test('the sidebar order follows the config: intro, then Getting started, API, Guides', async ({ page }) => {
    await page.goto('/docs');
    const labels = await page
      .getByRole('navigation', { name: 'Docs sidebar' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.textContent?.trim()));
    expect(labels[0]).toBe(titles.get('/docs')?.sidebarLabel);
    expect(labels.indexOf('Getting started')).toBeLessThan(labels.indexOf('API'));
    expect(labels.indexOf('API')).toBeLessThan(labels.indexOf('Guides'));
  });

  test('breadcrumbs lead from home through the category to the page', async ({ page }) => {
    await page.goto('/docs/api/selectorFamily');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'API' })).toHaveAttribute('href', '/docs/api/atom');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(
      titles.get('/docs/api/selectorFamily')?.sidebarLabel as string,
    );
  });

  test('the version badge names the release, marked latest, beside the breadcrumbs', async ({ page }) => {
    await page.goto('/docs/guides/caching');
    const badge = page.getByText('Version: 1.2.0-rc4 (latest)', { exact: true });
    await expect(badge).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    // Beside them: on the same line, to their right.
    const [a, b] = [await crumbs.boundingBox(), await badge.boundingBox()];
    expect(Math.abs((a?.y ?? 0) + (a?.height ?? 0) / 2 - ((b?.y ?? 0) + (b?.height ?? 0) / 2))).toBeLessThan(4);
    expect(b?.x ?? 0).toBeGreaterThan(a?.x ?? 0);
  });

  test('every doc ends with what was checked: the samples the build compiled and the statements the tests run', async ({ page }) => {
    // One visit per doc: a loaded machine needs more than the default 30 s for all of them.
    test.slow();
    const claims = claimCountsOnDisk(path.resolve(__dirname, '..'));
    for (const route of DOC_ROUTES) {
      await page.goto(route);
      const line = page.locator('article p', { hasText: /^Checked against / });
      await expect(line).toHaveCount(1);
      const text = (await line.textContent()) ?? '';
      const match = /^Checked against @rkrupinski\/stan (\S+): (no|\d+) samples? (?:compiles?|to compile), (no|\d+) statements? /.exec(text);
      expect(match, `${route}: ${text}`).not.toBeNull();
      const [, release, samples, statements] = match as RegExpExecArray;
      expect(release).toBe(RELEASE);
      // Each compiled sample is a code block the build gave type hints.
      const typed = await page.locator('article .code-block__body[data-island="type-hints"]').count();
      expect(samples === 'no' ? 0 : Number(samples), route).toBe(typed);
      const page_ = route === '/docs' ? 'intro' : route.replace(/^\/docs\//, '');
      expect(statements === 'no' ? 0 : Number(statements), route).toBe(claims.get(page_) ?? 0);
      // It is the last thing in the article before the line with the Markdown link.
      const after = await line.evaluate((el) => el.nextElementSibling?.textContent ?? '');
      expect(after).toContain('View as Markdown');
    }
  });

  test("the checks line links to the installation page's section on how the site checks itself", async ({ page }) => {
    await page.goto('/docs/api/selector');
    await page.getByRole('link', { name: 'How this site checks itself' }).click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/installation#how-this-site-checks-itself$/);
    await expect(page.getByRole('heading', { name: 'How this site checks itself' })).toBeInViewport();
  });

  test('the table of contents holds exactly the page’s h2 and h3 headings', async ({ page }) => {
    for (const route of ['/docs/api/atom', '/docs/guides/caching', '/docs/api/react']) {
      await page.goto(route);
      const headingIds = await page
        .locator('article .markdown')
        .locator('h2[id], h3[id]')
        .evaluateAll((hs) => hs.map((h) => `#${h.id}`));
      const deeper = await page.locator('article .markdown').locator('h4[id], h5[id], h6[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
      const toc = page.getByRole('navigation', { name: 'Table of contents' });
      const tocHrefs = await toc.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(headingIds.length).toBeGreaterThan(0);
      expect(tocHrefs).toEqual(headingIds);
      for (const id of deeper) expect(tocHrefs).not.toContain(id);
    }
  });

  test('headings carry #id anchors that land on the heading below the navbar', async ({ page }) => {
    await page.goto('/docs/guides/caching');
    const heading = page.locator('article .markdown h2[id]').nth(1);
    const id = await heading.getAttribute('id');
    const anchor = heading.locator(`a[href="#${id}"]`);
    await expect(anchor).toHaveCount(1);
    await page.goto(`/docs/guides/caching#${id}`);
    await page.waitForLoadState('networkidle');
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    // The navbar hides on hash navigation; wherever it is, it must not cover the heading.
    const navbarBottom = await page.locator('header').first().evaluate((h) => h.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(Math.max(navbarBottom, 0) - 1);
    // The heading lands near the top: within the scroll padding (navbar height + 0.5rem) and a small margin.
    expect(top).toBeLessThan(100);
  });

  test('a TOC link jumps to its heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/docs/api/atom');
    const link = page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link').last();
    const href = (await link.getAttribute('href')) as string;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator(href)).toBeInViewport();
  });

  test('previous and next links follow the sidebar order', async ({ page }) => {
    await page.goto('/docs');
    const pager = page.getByRole('navigation', { name: 'Docs pages' });
    await expect(pager.getByRole('link', { name: /Previous/ })).toHaveCount(0);
    await expect(pager.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/docs/getting-started/installation');
    await page.goto('/docs/api/atom');
    await expect(pager.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/docs/getting-started/upgrading');
    await expect(pager.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/docs/api/atomFamily');
    await page.goto('/docs/guides/type-safety');
    await expect(pager.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/docs/guides/known-quirks');
    await page.goto('/docs/guides/known-quirks');
    await expect(pager.getByRole('link', { name: /Next/ })).toHaveCount(0);
  });

  test('a docs page is readable with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/docs/api/atom');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.get('/docs/api/atom')?.title as string);
    await expect(page.locator('article .markdown h2').first()).toBeVisible();
    await expect(page.locator('article pre').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link').first()).toBeVisible();
    // The skip link still works as a plain fragment link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#doc-content$/);
    await expect(page.locator('article#doc-content')).toBeFocused();
    await context.close();
  });
});
