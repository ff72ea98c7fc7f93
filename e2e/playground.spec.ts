import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checked, replaceCode } from './playground-helpers';
import { gotoHydrated, recordProblems } from './site';

// The playground: a sample opens in an editor with TypeScript's answers, runs in a sandboxed frame, and shares.

const INTRO = '/docs';

/** The editor of the nth sample's "Edit and run" on a doc (0-based), opened and holding the sample. */
async function openSample(page: Page, index: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit and run' }).nth(index).click();
  const editor = page.locator('[data-playground]');
  await expect(editor.locator('.cm-content')).toBeVisible();
  return editor;
}

const output = (editor: Locator) => editor.locator('[data-playground-output]');

/** Hovers the middle of the first occurrence of `word` in a line of the editor. */
async function hoverWord(page: Page, line: Locator, word: string) {
  const box = await line.evaluate((element, text) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    }
    return null;
  }, word);
  expect(box, `"${word}" in the line`).not.toBeNull();
  await page.mouse.move(box!.x, box!.y);
}

test.describe('playground', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a sample opens as its code, is edited, runs, and prints in order (async output later)', async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, INTRO);
    const editor = await openSample(page, 0);
    await expect(editor.locator('.cm-content')).toContainText('const price = atom(20);');
    await expect(editor.locator('.cm-content')).toBeFocused();
    await checked(editor);
    await expect(editor.locator('[data-type-status]')).toHaveText(/No type errors/);
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText("\nconsole.log('edited', { total: totalState.get() });\nsetTimeout(() => console.warn('later'), 300);");
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output(editor)).toContainText('later', { timeout: 30_000 });
    // The output is what the code printed; the run's state has a line of its own.
    await expect(output(editor).locator('p')).toHaveText(['60', 'total changed: 75', 'edited { total: 75 }', 'warn: later']);
    await expect(editor.locator('[data-run-status]')).toHaveText('Finished.');
    // Nothing the playground does violates the docs page's policy or logs an error there.
    expect(problems.violations).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  test("a name's type shows on hover, and a type error is underlined with TypeScript's message", async ({ page }) => {
    await gotoHydrated(page, INTRO);
    const editor = await openSample(page, 0);
    await checked(editor);
    await replaceCode(page, editor, "import { atom } from '@rkrupinski/stan';\nconst count = atom(0);\nconst label: string = 42;\n");
    await expect(editor.locator('[data-type-status]')).toHaveText('1 type error.');
    // Each error is listed with its place and TypeScript's message; pressing the place puts the cursor there.
    const listed = editor.getByRole('list', { name: 'Type errors' }).getByRole('listitem');
    await expect(listed).toHaveText(["Line 3, column 7: Type 'number' is not assignable to type 'string'. (TS2322)"]);
    await listed.getByRole('button', { name: 'Line 3, column 7:' }).click();
    await expect(editor.locator('.cm-content')).toBeFocused();
    await expect(editor.locator('.cm-activeLine')).toHaveText('const label: string = 42;');
    await hoverWord(page, editor.locator('.cm-line').nth(1), 'count');
    await expect(page.locator('.cm-hover-type')).toHaveText(/^const count: Scoped<WritableState<number>>/);
    await page.mouse.move(0, 0);
    await expect(page.locator('.cm-hover-type')).toHaveCount(0);
    const underline = editor.locator('.cm-lintRange-error');
    await expect(underline).toHaveText('label');
    await underline.hover();
    await expect(page.locator('.cm-tooltip-lint')).toContainText("Type 'number' is not assignable to type 'string'. (TS2322)");
  });

  test("a tsx sample's default export renders in the frame and reacts there", async ({ page }) => {
    await gotoHydrated(page, INTRO);
    const editor = await openSample(page, 1);
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Rendered the default export below.', { timeout: 30_000 });
    const frame = page.frameLocator('iframe[title="Rendered output of the code"]');
    await expect(frame.getByText('Hello, world!')).toBeVisible();
    await frame.getByRole('textbox').fill('Stan');
    await expect(frame.getByText('Hello, Stan!')).toBeVisible();
    await expect(page.locator('iframe[title="Rendered output of the code"]')).toHaveAttribute('sandbox', 'allow-scripts');
  });

  test('an endless loop is stopped while the page stays responsive, and the next run works', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    await checked(editor);
    await replaceCode(page, editor, "console.log('start');\nwhile (true) {}\n");
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output(editor)).toContainText('start', { timeout: 30_000 });
    // The loop is running: the page still answers a click at once.
    const before = await page.locator('html').getAttribute('data-theme');
    const started = Date.now();
    await page.getByRole('button', { name: /^Switch to (dark|light) mode/ }).first().click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', before ?? '');
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(editor.locator('[data-run-status]')).toContainText('Stopped: the code kept the sandbox busy for 3 seconds', { timeout: 15_000 });
    await replaceCode(page, editor, "console.log('next run', 1 + 1);\n");
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output(editor)).toContainText('next run 2', { timeout: 30_000 });
  });

  test("code in the sandbox cannot read the site's storage or cookies, and has a storage of its own", async ({ page }) => {
    await gotoHydrated(page, '/playground');
    await page.evaluate(() => {
      localStorage.setItem('stan-secret', 'site-only');
      document.cookie = 'stan_cookie=site-only; path=/';
    });
    const editor = page.locator('[data-playground]');
    await replaceCode(
      page,
      editor,
      [
        'let stored: string;',
        "try { stored = String(localStorage.getItem('stan-secret')); } catch (error) { stored = `blocked: ${(error as Error).name}`; }",
        'let cookies: string;',
        'try { cookies = document.cookie; } catch (error) { cookies = `blocked: ${(error as Error).name}`; }',
        "console.log('storage', stored);",
        "console.log('cookies', cookies);",
        "console.log('origin', origin);",
        "sessionStorage.setItem('n', '1');",
        "localStorage.setItem('draft', 'kept');",
        "console.log('own', localStorage.getItem('draft'), localStorage.length, sessionStorage.getItem('n'));",
      ].join('\n'),
    );
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output(editor)).toContainText('origin null', { timeout: 30_000 });
    // The frame's own storage, in memory: the site's keys are not there, and what the code writes stays there.
    await expect(output(editor)).toContainText('storage null');
    await expect(output(editor)).toContainText('own kept 1 1');
    await expect(output(editor)).toContainText('cookies blocked: SecurityError');
    await expect(output(editor)).not.toContainText('site-only');
    expect(await page.evaluate(() => localStorage.getItem('draft'))).toBeNull();
  });

  test("the sandbox's storage behaves as a browser's: items as properties, keys, and a quota", async ({ page }) => {
    // Run compiles in TypeScript's worker, whose first start takes minutes on a loaded 2-core machine.
    test.setTimeout(300_000);
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('.cm-content')).toBeVisible({ timeout: 60_000 });
    await replaceCode(
      page,
      editor,
      [
        'const store = localStorage as Storage & Record<string, string>;',
        "store.b = '2';",
        "console.log('property set, getItem:', localStorage.getItem('b'));",
        "localStorage.setItem('a', '1');",
        "console.log('setItem, property:', store.a, 'keys:', Object.keys(localStorage).join(','), 'in:', 'a' in localStorage);",
        'delete store.b;',
        "console.log('after delete:', localStorage.getItem('b'), localStorage.length);",
        'try {',
        "  localStorage.setItem('big', 'x'.repeat(10 * 1024 * 1024));",
        "  console.log('10 MB stored');",
        '} catch (error) {',
        "  console.log('10 MB refused:', (error as DOMException).name, error instanceof DOMException, localStorage.getItem('big'));",
        '}',
        "console.log('methods stay methods:', (() => { (store as Record<string, unknown>).getItem = 'x'; return typeof localStorage.getItem; })(), localStorage.getItem('getItem'));",
      ].join('\n'),
    );
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Finished.', { timeout: 240_000 });
    await expect(output(editor).locator('p')).toHaveText([
      'property set, getItem: 2',
      'setItem, property: 1 keys: b,a in: true',
      'after delete: null 1',
      '10 MB refused: QuotaExceededError true null',
      'methods stay methods: function x',
    ]);
  });

  test('a share link round-trips the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    const code = "// Zażółć — ünïcödé 🚀\nconsole.log('shared');";
    await replaceCode(page, editor, code);
    await editor.getByRole('button', { name: 'Share' }).click();
    const link = await editor.getByRole('textbox', { name: 'Share link' }).inputValue();
    // The link names the release the code runs against (the last version's here).
    expect(link).toMatch(/\/playground#lang=tsx&version=1\.2\.0-rc4&code=[A-Za-z0-9_-]+$/);
    await expect(editor.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(1);
    const other = await context.newPage();
    await gotoHydrated(other, link);
    const lines = other.locator('[data-playground] .cm-line');
    await expect(lines).toHaveCount(2);
    expect((await lines.allTextContents()).join('\n')).toBe(code);
  });

  test('keyboard only: open a sample, type, run, leave the editor with Esc and move on with Tab', async ({ page }) => {
    await gotoHydrated(page, INTRO);
    const button = page.getByRole('button', { name: 'Edit and run' }).first();
    await button.focus();
    await page.keyboard.press('Enter');
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('.cm-content')).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText("\nconsole.log('by keyboard');");
    await page.keyboard.press('Control+Enter');
    await expect(output(editor)).toContainText('by keyboard', { timeout: 30_000 });
    // Tab indents inside the editor; Esc leaves it for the Run button, and Tab then moves on.
    await page.keyboard.press('Tab');
    await expect(editor.locator('.cm-content')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor.getByRole('button', { name: 'Run' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor.getByRole('button', { name: 'Reset' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.locator('.cm-content')).not.toContainText('by keyboard');
    await expect(editor.locator('.cm-content')).toBeFocused();
    await page.keyboard.press('Escape');
    for (const name of ['Reset', 'Share', 'Close editor']) {
      await page.keyboard.press('Tab');
      await expect(editor.getByRole('button', { name })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('usable at 390 px: the editor and its controls fit the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, INTRO);
    const editor = await openSample(page, 1);
    await checked(editor);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await editor.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    for (const name of ['Run', 'Reset', 'Share']) await expect(editor.getByRole('button', { name })).toBeInViewport();
  });

  test('a type checker that cannot load says so, and Retry brings it', async ({ page }) => {
    let fail = true;
    let requests = 0;
    await page.route(/\/vendor\/playground-[^/]+\/worker\.js/, (route) => {
      requests += 1;
      return fail ? route.abort('failed') : route.continue();
    });
    await gotoHydrated(page, INTRO);
    const editor = await openSample(page, 0);
    await expect(editor.getByRole('alert')).toHaveText(/The type checker could not load\./);
    // Typing runs the linter again: it waits for the reader's Retry rather than fetching the worker on each edit.
    await editor.locator('.cm-content').click();
    await page.keyboard.type(' ');
    await page.waitForTimeout(1_000);
    expect(requests).toBe(1);
    await expect(editor.getByRole('button', { name: 'Retry' })).not.toHaveAttribute('aria-disabled');
    fail = false;
    await editor.getByRole('button', { name: 'Retry' }).click();
    await checked(editor);
    await expect(editor.getByRole('alert')).toHaveCount(0);
    expect(requests).toBe(2);
  });

  test('figures: bytes loaded on opening an editor, time to the first diagnostics cold and warm', async ({ page }, testInfo) => {
    // Every script and data file the page and its workers fetch (page data prefetched for links is not the playground's),
    // weighed as the server sends it: gzip (the browser's own count misses a worker's script).
    const sizes = new Map<string, number>();
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/page-data/')) return;
      const file = path.join(__dirname, '../public', pathname);
      if (fs.existsSync(file) && fs.statSync(file).isFile()) sizes.set(pathname, zlib.gzipSync(fs.readFileSync(file)).length);
    });
    await gotoHydrated(page, INTRO);
    await page.waitForLoadState('networkidle');
    sizes.clear();
    const cold = await openSample(page, 0);
    await checked(cold);
    const coldMs = Number(await cold.getAttribute('data-first-diagnostics-ms'));
    await page.waitForLoadState('networkidle');
    const opened = [...sizes];
    // Warm: a reload, the playground's files in the browser's cache (they are cached for a year).
    await page.reload();
    await page.waitForLoadState('networkidle');
    const warm = await openSample(page, 0);
    await checked(warm);
    const warmMs = Number(await warm.getAttribute('data-first-diagnostics-ms'));
    const total = opened.reduce((sum, [, size]) => sum + size, 0);
    const files = opened.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
    const figures = `opening an editor: ${(total / 1024).toFixed(1)} KB over the network (${files}); first diagnostics cold ${coldMs} ms, warm ${warmMs} ms`;
    testInfo.annotations.push({ type: 'playground', description: figures });
    console.log(figures);
    expect(opened.some(([file]) => file.endsWith('/worker.js'))).toBe(true);
    expect(opened.some(([file]) => file.endsWith('/types.json'))).toBe(true);
    expect(coldMs).toBeGreaterThan(0);
    expect(warmMs).toBeGreaterThan(0);
  });

  test('/playground opens with a starter program that type-checks, prints, renders and reacts', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('.cm-content')).toContainText('const count = atom(1');
    await checked(editor);
    await expect(editor.locator('[data-type-status]')).toHaveText(/^No type errors\./);
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Rendered the default export below.', { timeout: 30_000 });
    await expect(output(editor).locator('p')).toHaveText(['doubled starts at 2', 'count is now 2']);
    const frame = page.frameLocator('iframe[title="Rendered output of the code"]');
    await expect(frame.getByText('2 × 2 = 4')).toBeVisible();
    await frame.getByRole('button', { name: 'Add one' }).click();
    await expect(frame.getByText('3 × 2 = 6')).toBeVisible();
    await expect(output(editor).locator('p')).toHaveText(['doubled starts at 2', 'count is now 2', 'count is now 3']);
  });

  test("completions come from TypeScript: a state's methods after a dot, chosen with Enter", async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    await checked(editor);
    await replaceCode(page, editor, "import { atom, DEFAULT_STORE } from '@rkrupinski/stan';\nconst state = atom(0)(DEFAULT_STORE);\n");
    await page.keyboard.press('Control+End');
    await page.keyboard.type('state.sub');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toHaveText(/^subscribe/);
    // CodeMirror takes Enter as a choice only once the list has stood for a moment (75 ms), as a reader would see it.
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await expect(editor.locator('.cm-line').last()).toHaveText('state.subscribe');
    // Esc closes an open list first; only then does it leave the editor.
    await page.keyboard.type('\nstate.');
    await expect(list.getByRole('option', { name: /^get/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(editor.locator('.cm-content')).toBeFocused();
  });

  test("the atom page's localStorage sample runs, against a storage of the sandbox's own", async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, '/docs/api/atom');
    // Run as written it only defines an atom and prints nothing, so the page offers no "Edit and run" under it.
    const block = page.locator('.code-block', { hasText: 'localStorage.getItem' });
    await expect(block).toHaveCount(1);
    await expect(block.locator('xpath=following-sibling::*[1][@data-island="playground"]')).toHaveCount(0);
    // The reader takes it to /playground and reads the atom: effects start when it is first read; then each set
    // goes through onSet to the storage.
    const sample = (await block.locator('pre code').textContent())!.replace(/\n$/, '');
    const program =
      sample +
      "\nimport { DEFAULT_STORE as store } from '@rkrupinski/stan';\nconst state = draft(store);\nstate.get();\nstate.set('saved text');\nconsole.log('stored:', localStorage.getItem('draft'));";
    await gotoHydrated(page, `/playground#lang=ts&code=${zlib.deflateSync(program).toString('base64url')}`);
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('.cm-content')).toContainText('localStorage.getItem');
    await checked(editor);
    await expect(editor.locator('[data-type-status]')).toHaveText(/No type errors/);
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Finished.', { timeout: 30_000 });
    await expect(output(editor)).toHaveText('stored: saved text');
    expect(await page.evaluate(() => localStorage.getItem('draft'))).toBeNull();
    expect(problems.errors).toEqual([]);
  });

  test('the navbar leads to /playground', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
    await expect(page).toHaveURL(/\/playground$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
  });

  test('without JavaScript, /playground says that it needs it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/playground');
    // Playwright's text engine skips <noscript>, so the message is found by its place.
    const notice = page.locator('main noscript p');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(/^The playground needs JavaScript: turn it on in your browser to edit, type-check and run code here\./);
    await context.close();
  });
});
