import zlib from 'zlib';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { replaceCode } from './playground-helpers';
import { gotoHydrated, recordProblems, whenHydrated } from './site';

// Nothing a reader typed is lost: the playground and "Edit and run" keep the reader's code (per release, per code it
// started from, per sample) across a reload, a visit elsewhere and back, a new `#` and Close/reopen; Reset brings
// the original back; storage that is corrupt or refused never breaks the page.

// The editor's code loads on demand: on a busy machine it can take longer than an assertion's 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const EDITED = "console.log('my own edit', 6 * 7);";
/** A /playground address with the code in its fragment, as a share link holds it. */
const linkTo = (code: string) => `/playground#lang=ts&code=${zlib.deflateSync(Buffer.from(code)).toString('base64url')}`;

const editorOf = (page: Page) => page.locator('[data-playground]');
const content = (editor: Locator) => editor.locator('.cm-content');
const draftStatus = (editor: Locator) => editor.locator('[data-draft-status]');

/** Types into the editor as a reader would, and lets the draft reach storage (it is written a moment later). */
async function edit(page: Page, editor: Locator, code: string) {
  await replaceCode(page, editor, code);
  await page.waitForTimeout(600);
}

test.describe("the reader's code is kept", () => {
  test.describe.configure({ timeout: 180_000 });

  test('/playground: across a reload, and Reset brings back the starter for good', async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, '/playground');
    let editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    await expect(content(editor)).toContainText('Edit this program, then Run it');
    await expect(draftStatus(editor)).toHaveCount(0);
    await edit(page, editor, EDITED);
    await page.reload();
    await whenHydrated(page);
    editor = editorOf(page);
    await expect(content(editor)).toHaveText(EDITED);
    await expect(draftStatus(editor)).toHaveText('Your edits are back, as you left them. Reset brings back the original code.');
    await editor.getByRole('button', { name: 'Reset' }).click();
    await expect(content(editor)).toContainText('Edit this program, then Run it');
    await expect(content(editor)).not.toContainText('my own edit');
    await page.waitForTimeout(600);
    await page.reload();
    await whenHydrated(page);
    await expect(content(editorOf(page))).toContainText('Edit this program, then Run it');
    await expect(draftStatus(editorOf(page))).toHaveCount(0);
    expect(problems.errors).toEqual([]);
  });

  test('/playground: across a visit elsewhere and Back, and a change of the # part', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    // Typed just before leaving: no time for the delayed write, the page's own navigation keeps it all the same.
    await replaceCode(page, editor, EDITED);
    await page.locator('nav').getByRole('link', { name: 'Docs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/docs/);
    await page.goBack();
    await expect(page).toHaveURL(/\/playground$/);
    await expect(content(editorOf(page))).toHaveText(EDITED);
    // A `#` that names no code leaves the editor as it is (focus and undo history too).
    await content(editorOf(page)).click();
    await page.evaluate(() => {
      window.location.hash = 'somewhere';
    });
    await page.waitForTimeout(300);
    await expect(content(editorOf(page))).toHaveText(EDITED);
    await expect(content(editorOf(page))).toBeFocused();
    // A link with other code opens that code; the address without it brings the edits back.
    const shared = "console.log('from a link');";
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, linkTo(shared).split('#')[1]!);
    await expect(content(editorOf(page))).toHaveText(shared);
    await page.goBack();
    await page.goBack();
    await expect(content(editorOf(page))).toHaveText(EDITED);
  });

  test("/playground: a shared link's code keeps its own edits, apart from the starter's", async ({ page }) => {
    const shared = "console.log('from a link');";
    await gotoHydrated(page, linkTo(shared));
    const editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    await edit(page, editor, `${shared}\nconsole.log('and my line');`);
    await page.reload();
    await whenHydrated(page);
    await expect(content(editorOf(page))).toHaveText(`${shared}console.log('and my line');`);
    await gotoHydrated(page, '/playground');
    await expect(content(editorOf(page))).toContainText('Edit this program, then Run it');
  });

  test('/playground: each release keeps its own edits', async ({ page }) => {
    await gotoHydrated(page, '/playground#version=1.0.0-rc14');
    let editor = editorOf(page);
    await expect(editor.locator('[data-playground-release]')).toHaveText('Runs @rkrupinski/stan 1.0.0-rc14');
    await expect(content(editor)).toBeVisible();
    await edit(page, editor, "console.log('edited on 1.0');");
    await gotoHydrated(page, '/playground');
    editor = editorOf(page);
    await expect(editor.locator('[data-playground-release]')).toHaveText('Runs @rkrupinski/stan 1.2.0-rc4');
    await expect(content(editor)).toContainText('Edit this program, then Run it');
    await edit(page, editor, "console.log('edited on 1.2');");
    await gotoHydrated(page, '/playground#version=1.0.0-rc14');
    await expect(content(editorOf(page))).toHaveText("console.log('edited on 1.0');");
    await gotoHydrated(page, '/playground');
    await expect(content(editorOf(page))).toHaveText("console.log('edited on 1.2');");
  });

  test('/playground: after a release switch, a reload keeps the edits made after it', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    let editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    await edit(page, editor, "console.log('before the switch');");
    await page.getByLabel('Release').selectOption('1.0.0-rc14');
    editor = editorOf(page);
    await expect(editor.locator('[data-playground-release]')).toHaveText('Runs @rkrupinski/stan 1.0.0-rc14');
    await expect(page).toHaveURL(/version=1\.0\.0-rc14/);
    await edit(page, editor, "console.log('after the switch');");
    await page.reload();
    await whenHydrated(page);
    await expect(content(editorOf(page))).toHaveText("console.log('after the switch');");
  });

  test('"Edit and run": per sample, across Close and reopen and a reload; Reset brings the sample back', async ({ page }) => {
    const problems = await recordProblems(page);
    await gotoHydrated(page, '/docs');
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    let editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    const firstLine = (await editor.locator('.cm-line').first().innerText()).trim();
    await edit(page, editor, EDITED);
    await editor.getByRole('button', { name: 'Close editor' }).click();
    await expect(editorOf(page)).toHaveCount(0);
    // The next sample is its own.
    await page.getByRole('button', { name: 'Edit and run' }).nth(1).click();
    await expect(content(editorOf(page))).not.toHaveText(EDITED);
    await editorOf(page).getByRole('button', { name: 'Close editor' }).click();
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    editor = editorOf(page);
    await expect(content(editor)).toHaveText(EDITED);
    await expect(draftStatus(editor)).toHaveText(/Your edits are back/);
    await page.reload();
    await whenHydrated(page);
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    editor = editorOf(page);
    await expect(content(editor)).toHaveText(EDITED);
    await editor.getByRole('button', { name: 'Reset' }).click();
    await expect(editor.locator('.cm-line').first()).toHaveText(firstLine);
    await expect(content(editor)).not.toContainText('my own edit');
    await page.waitForTimeout(600);
    await editor.getByRole('button', { name: 'Close editor' }).click();
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    await expect(editorOf(page).locator('.cm-line').first()).toHaveText(firstLine);
    await expect(content(editorOf(page))).not.toContainText('my own edit');
    await expect(draftStatus(editorOf(page))).toHaveCount(0);
    expect(problems.errors).toEqual([]);
  });

  test('corrupt drafts in storage open the original code, and editing goes on', async ({ page }) => {
    const problems = await recordProblems(page);
    await page.addInitScript(() => {
      localStorage.setItem('stan.drafts.playground:current', '{"base":');
      localStorage.setItem('stan.drafts.sample:/docs', '[null, 7, {"base": 1}]');
    });
    await gotoHydrated(page, '/playground');
    const editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    await expect(content(editor)).toContainText('Edit this program, then Run it');
    await edit(page, editor, EDITED);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('stan.drafts.playground:current')!)[0].code)).toBe(EDITED);
    await gotoHydrated(page, '/docs');
    await page.getByRole('button', { name: 'Edit and run' }).first().click();
    await expect(content(editorOf(page))).toBeVisible();
    expect(problems.errors).toEqual([]);
  });

  test('storage that refuses every write: the page says so, and the edits last while the tab does', async ({ page }) => {
    const problems = await recordProblems(page);
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await gotoHydrated(page, '/playground');
    const editor = editorOf(page);
    await expect(content(editor)).toBeVisible();
    await edit(page, editor, EDITED);
    await expect(draftStatus(editor)).toHaveText(/does not let the site keep your edits/);
    await page.locator('nav').getByRole('link', { name: 'Docs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/docs/);
    await page.goBack();
    await expect(content(editorOf(page))).toHaveText(EDITED);
    expect(problems.errors).toEqual([]);
  });
});
