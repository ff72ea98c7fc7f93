import { execFileSync } from 'child_process';
import siteConfig from '../site.config';
import { expect, test } from './site';

const FILE = 'content/docs/api/atom.mdx';
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

test.describe('doc footer', () => {
  test('links to the doc file in the editor when one is configured, and gives its last commit date', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/docs/api/atom');
    const edit = page.getByRole('link', { name: 'Edit this page' });
    // No editor by default (the docs' repository is not known): then no link at all.
    if (siteConfig.docs.editUrl) {
      await expect(edit).toHaveAttribute('href', `${siteConfig.docs.editUrl}${FILE}`);
      await expect(edit.locator('xpath=..')).toHaveAttribute('data-noprint', '');
    } else {
      await expect(edit).toHaveCount(0);
    }

    const committed = git('status', '--porcelain', '--', FILE) === '' && git('rev-parse', '--is-shallow-repository') === 'false';
    test.skip(!committed, `${FILE} has uncommitted changes or the clone is shallow: the page rightly shows no date`);
    const time = page.locator('main time');
    await expect(time).toHaveCount(1);
    const datetime = (await time.getAttribute('datetime')) ?? '';
    expect(datetime).toBe(git('log', '-1', '--format=%cI', '--', FILE));
    expect(Number.isNaN(Date.parse(datetime))).toBe(false);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(datetime));
    await expect(time).toHaveText(day);
    await expect(time.locator('..')).toHaveText(`Last updated ${day}`);
  });
});
