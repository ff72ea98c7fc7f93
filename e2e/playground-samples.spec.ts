import fs from 'fs';
import path from 'path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated, recordProblems } from './site';

// Every sample the build offers "Edit and run" for, on every page of every docs version, runs as printed and shows
// what it does: no type error, nothing it imports missing, no uncaught error, and printed lines or a rendered frame.

const PUBLIC = path.join(__dirname, '../public');
const MARKER = 'data-island="playground"';

/** Every page of the build with samples offered "Edit and run", and how many. */
function pagesWithSamples(): Array<{ route: string; samples: number }> {
  return (fs.readdirSync(path.join(PUBLIC, 'docs'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('index.html'))
    .map((file) => ({
      route: `/docs/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.$/, ''),
      samples: fs.readFileSync(path.join(PUBLIC, 'docs', file), 'utf8').split(MARKER).length - 1,
    }))
    .filter((page) => page.samples > 0)
    .sort((a, b) => a.route.localeCompare(b.route));
}

const SHOWN_STATUS = /^(?:Finished\.|Rendered the default export below\.|Finished\. What the code drew is below\.)$/;

/** Opens the nth sample, runs it, and says what it showed; closes it again. */
async function runSample(page: Page, index: number): Promise<{ lines: string[]; drew: string }> {
  await page.getByRole('button', { name: 'Edit and run' }).nth(index).click();
  const editor = page.locator('[data-playground]');
  // TypeScript's first answer on a page (a cold worker) can take a minute on a loaded 2-core machine.
  await expect(editor.locator('[data-type-status]')).toHaveText(/type error|No type errors/, { timeout: 180_000 });
  const typeStatus = await editor.locator('[data-type-status]').innerText();
  const errors = await editor.getByRole('list', { name: 'Type errors' }).getByRole('listitem').allInnerTexts();
  expect({ index, typeStatus, errors }).toEqual({ index, typeStatus: expect.stringMatching(/^No type errors\./), errors: [] });
  await editor.getByRole('button', { name: 'Run' }).click();
  const status = editor.locator('[data-run-status]');
  await expect(status).not.toHaveText(/^(?:Running…)?$/, { timeout: 30_000 });
  expect({ index, status: await status.innerText() }).toEqual({ index, status: expect.stringMatching(SHOWN_STATUS) });
  // Output a sample prints later (a timer, a promise) arrives within a moment.
  const frame = editor.locator('iframe[title="Rendered output of the code"]');
  const shown = async () => ({
    lines: await editor.locator('[data-playground-output] p').allInnerTexts(),
    drew: await drawn(frame),
  });
  await expect.poll(async () => { const { lines, drew } = await shown(); return lines.length > 0 || drew !== ''; }, { timeout: 10_000 }).toBe(true);
  const result = await shown();
  await editor.getByRole('button', { name: 'Close editor' }).click();
  await expect(editor).toHaveCount(0);
  return result;
}

/** What the frame shows, when a reader can see it (more than a sliver of the page); '' otherwise. */
async function drawn(frame: Locator): Promise<string> {
  if ((await frame.count()) === 0) return '';
  const box = await frame.boundingBox();
  if (!box || box.width < 100 || box.height < 40 || !(await frame.isVisible())) return '';
  return (await frame.contentFrame().locator('body').innerText()).trim();
}

test.describe('every sample offered "Edit and run" runs and shows what it does', () => {
  test.describe.configure({ timeout: 600_000 });

  for (const { route, samples } of pagesWithSamples()) {
    test(`${route} (${samples} ${samples === 1 ? 'sample' : 'samples'})`, async ({ page }) => {
      const problems = await recordProblems(page);
      await gotoHydrated(page, route);
      await expect(page.getByRole('button', { name: 'Edit and run' })).toHaveCount(samples);
      for (let index = 0; index < samples; index += 1) {
        const { lines, drew } = await runSample(page, index);
        test.info().annotations.push({ type: `sample ${index + 1}`, description: drew ? `drew: ${drew.slice(0, 80)}` : lines.slice(0, 3).join(' | ') });
      }
      expect(problems.violations).toEqual([]);
      expect(problems.errors).toEqual([]);
    });
  }
});
