import fs from 'fs';
import path from 'path';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './site';

/*
 * What an editor sees in `gatsby develop` (Playwright project "develop", against scripts/develop-copy.mjs): a saved
 * doc shows in the open page without a reload, and an error shows where the doc was, naming the file and line,
 * until the file is fixed. Each test edits a file of the server's copy of the site and puts it back afterwards.
 */

const PORT = (Number(process.env.STAN_E2E_PORT) || 9100) + 2;

function siteFile(relative: string): string {
  const marker = path.resolve(__dirname, '..', 'test-results', `develop-site-${PORT}.txt`);
  return path.join(fs.readFileSync(marker, 'utf8').trim(), relative);
}

const CACHING = 'content/docs/guides/caching.mdx';
const ATOM = 'content/docs/api/atom.mdx';

/** Edits a file of the served copy for the length of `run`, then restores it. */
async function withEdit(relative: string, edit: (source: string) => string, run: () => Promise<void>) {
  const file = siteFile(relative);
  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, edit(original));
  try {
    await run();
  } finally {
    fs.writeFileSync(file, original);
  }
}

const beforeFirstSection = (text: string) => (source: string) => source.replace(/\n## /, `\n${text}\n\n## `);

/** Marks the page, so a reload (which loses the mark) shows. */
const markPage = (page: Page) => page.evaluate(() => ((window as { editorMark?: boolean }).editorMark = true));
const pageKept = (page: Page) => page.evaluate(() => (window as { editorMark?: boolean }).editorMark === true);

test.describe('editing in gatsby develop', () => {
  test.describe.configure({ mode: 'serial' });

  test('a saved doc shows in the open page without a reload, and the reader keeps their place', async ({ page }) => {
    await gotoHydrated(page, '/docs/guides/caching');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await markPage(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600);
    const text = `A sentence saved at ${Date.now()}.`;
    await withEdit(CACHING, beforeFirstSection(text), async () => {
      await expect(page.getByText(text)).toBeVisible({ timeout: 15_000 });
      expect(await pageKept(page)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(595);
    });
    // Put back: the sentence goes again.
    await expect(page.getByText(text)).toHaveCount(0, { timeout: 15_000 });
    expect(await pageKept(page)).toBe(true);
  });

  test('a new title and a new heading show in the page and its table of contents', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/docs/guides/caching');
    const heading = `Saved section ${Date.now()}`;
    await withEdit(
      CACHING,
      (source) => beforeFirstSection(`## ${heading}\n\nIts text.`)(source).replace(/^title: Caching$/m, 'title: Caching, edited'),
      async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Caching, edited', { timeout: 15_000 });
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByRole('navigation', { name: /on this page|table of contents/i }).getByText(heading).first()).toBeAttached();
      },
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Caching', { timeout: 15_000 });
  });

  test('an MDX syntax error shows in the page naming file and line; fixed, the page is back', async ({ page }) => {
    await gotoHydrated(page, '/docs/guides/caching');
    await markPage(page);
    const lines = fs.readFileSync(siteFile(CACHING), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('## ')) + 2;
    await withEdit(
      CACHING,
      (source) => {
        const edited = source.split('\n');
        edited.splice(at, 0, 'A stray { opens an expression that never closes.', '');
        return edited.join('\n');
      },
      async () => {
        const alert = page.getByRole('alert').filter({ hasText: 'caching.mdx' });
        await expect(alert).toBeVisible({ timeout: 15_000 });
        // MDX names the place it stopped at, here the end of the file: a line and column of this file.
        await expect(alert).toContainText(/content\/docs\/guides\/caching\.mdx:\d+:\d+/);
      },
    );
    await expect(page.getByRole('alert').filter({ hasText: 'caching.mdx' })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await pageKept(page)).toBe(true);
  });

  test('a body broken and fixed again and again comes back every time, the fix saved at once or milliseconds later, and reloaded', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await gotoHydrated(page, '/docs/guides/caching');
    await markPage(page);
    const file = siteFile(CACHING);
    const original = fs.readFileSync(file, 'utf8');
    const lines = original.split('\n');
    const at = lines.findIndex((line) => line.startsWith('## ')) + 2;
    const broken = [...lines.slice(0, at), 'A stray { opens an expression that never closes.', '', ...lines.slice(at)].join('\n');
    const alert = page.getByRole('alert').filter({ hasText: 'caching.mdx' });
    const body = page.getByRole('heading', { level: 2 }).first();
    try {
      for (let round = 1; round <= 4; round++) {
        fs.writeFileSync(file, broken);
        if (round % 2 === 1) {
          // As an editor sees it: the error is shown, and the fix is saved as soon as it is.
          await expect(alert).toBeVisible({ timeout: 15_000 });
        } else {
          // As a second save or a formatter's write: the fix lands 35 or 45 ms after the break, once the watchers have
          // read the broken bytes and within the 50 ms in which chokidar drops a file's next change.
          await new Promise((resolve) => setTimeout(resolve, 25 + 5 * round));
        }
        fs.writeFileSync(file, original);
        await expect(alert).toHaveCount(0, { timeout: 15_000 });
        await expect(body).toBeVisible();
        // Long enough for a late render of the broken text to show, were it to come.
        await page.waitForTimeout(1000);
        await expect(alert).toHaveCount(0);
      }
    } finally {
      // Only when a round failed half-way: another write would let Gatsby's watcher see the file again.
      if (fs.readFileSync(file, 'utf8') !== original) fs.writeFileSync(file, original);
    }
    expect(await pageKept(page)).toBe(true);
    // Gatsby's own page data is back too, after the last fix saved milliseconds after its break: a reload shows the
    // body, not the error.
    await expect(async () => {
      await gotoHydrated(page, '/docs/guides/caching');
      await expect(alert).toHaveCount(0, { timeout: 1000 });
      await expect(body).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  });

  test('a sample that stops compiling is named with file and line in the page; fixed, the page is back', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    const lines = fs.readFileSync(siteFile(ATOM), 'utf8').split('\n');
    const fence = lines.findIndex((line) => /^```tsx?\b/.test(line) && !/\bpartial\b/.test(line));
    await withEdit(
      ATOM,
      (source) => {
        const edited = source.split('\n');
        edited.splice(fence + 1, 0, "const broken: number = 'not a number';");
        return edited.join('\n');
      },
      async () => {
        const alert = page.getByRole('alert').filter({ hasText: 'atom.mdx' });
        await expect(alert).toBeVisible({ timeout: 30_000 });
        await expect(alert).toContainText(`content/docs/api/atom.mdx:${fence + 2}`);
        await expect(alert).toContainText('TS2322');
      },
    );
    await expect(page.getByRole('alert').filter({ hasText: 'atom.mdx' })).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('.type-hint').first()).toBeAttached();
  });
});

test.describe('whole-site files in gatsby develop', () => {
  test("the playground's files are written when an editor first asks for them, and the editor checks and runs", async ({ page }) => {
    test.setTimeout(240_000);
    const vendor = siteFile('public/vendor');
    const playgroundFolders = () => (fs.existsSync(vendor) ? fs.readdirSync(vendor).filter((name) => name.startsWith('playground-')) : []);
    // The server started without them: nothing has asked yet.
    expect(playgroundFolders()).toEqual([]);
    await gotoHydrated(page, '/docs');
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('[data-type-status]')).toHaveText(/No type errors/, { timeout: 120_000 });
    // The shared TypeScript worker's folder, and one per docs version (the current docs and each in versions.json).
    const olderVersions = (JSON.parse(fs.readFileSync(siteFile('content/versions.json'), 'utf8')) as string[]).length;
    expect(playgroundFolders()).toHaveLength(2 + olderVersions);
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Finished.', { timeout: 60_000 });
    await expect(editor.locator('[data-playground-output] p').first()).toBeVisible();
  });
});
