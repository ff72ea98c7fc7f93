import { axe, WCAG_TAGS } from './axe';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { blockLateScripts, DOC_ROUTES, docTitles } from './site';

/** Every route of the site, plus one unknown path for the not-found page. */
const ROUTES = ['/', ...DOC_ROUTES, '/search', '/playground', '/this-page-does-not-exist'];

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/** Readers' choice as the colour-mode script reads it (localStorage `theme`), set before any page script runs. */
async function useColorMode(page: Page, mode: Mode) {
  await page.addInitScript((m) => {
    try {
      window.localStorage.setItem('theme', m);
    } catch {
      // Storage can be unavailable; the attribute below still applies the mode.
    }
    const apply = () => document.documentElement.setAttribute('data-theme', m);
    apply();
    document.addEventListener('DOMContentLoaded', apply, { once: true });
  }, mode);
}

async function settle(page: Page) {
  // Contrast is only meaningful once transitions and animations have finished.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // Endless ones (a spinner) never settle; they are not what a contrast check looks at.
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Runs axe and fails with a readable list of violations; the counts go into the report as an annotation. */
async function expectNoViolations(page: Page, testInfo: TestInfo, include?: string) {
  let builder = axe(page).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  testInfo.annotations.push({
    type: 'axe',
    description: `${results.violations.length} violations, ${results.passes.length} rules passed, ${results.incomplete.length} incomplete`,
  });
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

/** Opens the search modal from the navbar (after going to `route`, when given). */
async function openSearch(page: Page, route?: string) {
  if (route) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route, { waitUntil: 'networkidle' });
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Search/ }).click();
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
}

/** Opens the first hit for a query with Enter (which makes it a recent search) and waits for its page. */
async function openFirstHit(page: Page, query: string, route: string) {
  await page.keyboard.type(query);
  await expect(page.locator('.DocSearch-Hit-source').first()).not.toHaveText(/^(Recent|Favorite)$/);
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveText(docTitles().get(route)!.title);
}

for (const mode of MODES) {
  test.describe(`axe, ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await useColorMode(page, mode);
    });

    for (const route of ROUTES) {
      test(`${route} has no WCAG A/AA violations`, async ({ page }, testInfo) => {
        await page.goto(route, { waitUntil: 'networkidle' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await expect(page.locator('main')).toBeVisible();
        await settle(page);
        await expectNoViolations(page, testInfo);
      });
    }

    test('the open search modal has no violations', async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Search/ });
      test.fixme((await button.count()) === 0, 'the navbar has no search button yet');
      await button.click();
      // DocSearch's modal: its search field ("Search docs") takes focus when it opens.
      const input = page.getByPlaceholder('Search docs');
      await expect(input).toBeVisible();
      await expect(input).toBeFocused();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    // The modal's three screens with content: DocSearch 3.9 renders hits as role="option" around our
    // hit component, which is the option's content rather than a link (SearchBar/Hit.tsx); see e2e/search.spec.ts for the
    // behaviour that keeps.
    test('the open search modal with results has no violations', async ({ page }, testInfo) => {
      await openSearch(page, '/docs/api/atom');
      await page.keyboard.type('atom');
      await expect(page.getByRole('listbox').first().getByRole('option').first()).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-expanded', 'true');
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the open search modal with recent and favorite searches has no violations', async ({ page }, testInfo) => {
      await openSearch(page, '/docs');
      await openFirstHit(page, 'DEFAULT_STORE', '/docs/api/store');
      await openSearch(page);
      await openFirstHit(page, 'useStanValue', '/docs/api/react');
      await openSearch(page);
      const recent = page.getByRole('listbox', { name: 'Recent' });
      await expect(recent.getByRole('option')).toHaveCount(2);
      await recent.getByRole('option').first().hover();
      await recent.getByRole('option').first().getByTitle('Save this search').click();
      await expect(page.getByRole('listbox', { name: 'Favorite' }).getByRole('option')).toHaveCount(1);
      await expect(recent.getByRole('option')).toHaveCount(1);
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the open search modal with no results has no violations', async ({ page }, testInfo) => {
      await openSearch(page, '/docs/api/atom');
      await page.keyboard.type('zzqxvw');
      await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for');
      await expect(page.getByRole('link', { name: 'Let us know.' })).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('"Was this page helpful?" with an answer pressed, its reason form, and the thanks have no violations', async ({ page }, testInfo) => {
      // Two runs of axe over a doc page.
      test.slow();
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      await page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'No' }).click();
      await expect(page.getByRole('textbox', { name: /optional/ })).toBeFocused();
      await settle(page);
      await expectNoViolations(page, testInfo);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeFocused();
      await settle(page);
      // The rest of the page is as the first run saw it.
      await expectNoViolations(page, testInfo, 'main [data-noprint]:has(> [role="status"])');
    });

    test('an open type popup in a code sample has no violations', async ({ page }, testInfo) => {
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      // Keyboard focus on the first sample's identifier opens its popup (and marks the token as described).
      await page.locator('main .code-block .type-hint[tabindex="0"]').first().focus();
      // The popups' code loads on that focus.
      await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 15_000 });
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the open mobile menu has no violations', async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 800, height: 900 });
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      const toggle = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: /^(Toggle navigation bar|Open navigation menu|Menu)/i });
      test.fixme((await toggle.count()) === 0, 'the navbar has no mobile menu button yet');
      await toggle.click();
      const menu = page.getByRole('dialog', { name: /menu/i });
      await expect(menu).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('a picture opened full size has no violations', async ({ page }, testInfo) => {
      await page.goto('/docs', { waitUntil: 'networkidle' });
      const link = page.locator('main figure.doc-image a.doc-image__link');
      await expect(link).toHaveAttribute('aria-haspopup', 'dialog');
      await link.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the open "Copy page" menu has no violations', async ({ page }, testInfo) => {
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'More ways to use this page' }).click();
      await expect(page.getByRole('link', { name: /^Open in Claude/ })).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the failure notice of "Copy page" has no violations', async ({ page, context }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/docs/api/atom', { waitUntil: 'networkidle' });
      await page.route('**/docs/api/atom.md', (route) => route.abort('failed'));
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'its Markdown did not load' })).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('the notices of pieces that could not load have no violations', async ({ page }, testInfo) => {
      await blockLateScripts(page, { goto: '/docs/getting-started/installation' });
      // With no remembered choice, the tabs' code is asked for when a reader reaches for a group.
      await page.locator('[data-island="tabs"]').first().hover();
      await expect(page.getByText('The tabs could not load.').first()).toBeVisible();
      // The copy buttons' code is asked for when a reader points at one.
      await page.locator('[data-island="copy"]').first().hover();
      await expect(page.getByText('The copy button could not load.').first()).toBeVisible();
      await page.keyboard.press('Control+K');
      await expect(page.getByText('Search could not load.')).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });

    test('an open playground editor with a type error, output and a rendered component has no violations', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.goto('/docs', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Edit and run' }).nth(1).click();
      const editor = page.locator('[data-playground]');
      await expect(editor.locator('[data-type-status]')).toHaveText(/type error|No type errors/, { timeout: 60_000 });
      await editor.getByRole('button', { name: 'Run' }).click();
      await expect(editor.locator('[data-run-status]')).toHaveText('Rendered the default export below.', { timeout: 30_000 });
      await editor.locator('.cm-content').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText('\nconst wrong: number = "x"; // \u202e hidden');
      await expect(editor.locator('.cm-lintRange-error')).toHaveCount(1);
      await expect(editor.getByRole('list', { name: 'Type errors' })).toBeVisible();
      await expect(editor.locator('.cm-content .cm-specialChar')).toHaveCount(1);
      await page.keyboard.type('\nwro');
      await expect(page.getByRole('listbox')).toBeVisible();
      await settle(page);
      await expectNoViolations(page, testInfo);
    });
  });
}
