// What the playground's browser tests do to an editor: wait for TypeScript's first answer, replace the code as a
// reader would.
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits for the type checker's first answer (the status line leaves "Checking types…"). */
export async function checked(editor: Locator) {
  await expect(editor.locator('[data-type-status]')).toHaveText(/type error|No type errors/, { timeout: 60_000 });
}

/** Replaces the editor's code by typing as a reader would (select all, then type). */
export async function replaceCode(page: Page, editor: Locator, code: string) {
  await editor.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  // insertText: CodeMirror would auto-indent each typed line break.
  await page.keyboard.insertText(code);
}
