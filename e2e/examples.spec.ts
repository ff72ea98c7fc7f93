import { axe } from './axe';
import { expect, test, type Page } from '@playwright/test';

// The live examples of /docs/getting-started/examples: loaded lazily, interactive, independent.
const PAGE = '/docs/getting-started/examples';

const example = (page: Page, id: string) => page.locator(`figure[data-example-id="${id}"]`);

/** Scrolls an example into view, which is what mounts it, and waits for its first button. */
async function show(page: Page, id: string) {
  const figure = example(page, id);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.getByRole('button').first()).toBeVisible();
  return figure;
}

/**
 * `show` on a paused clock: the page's loading waits on timers too, so the clock runs on in 50 ms steps until the
 * example is there, which leaves its own 800 ms requests at most one step old.
 */
async function showPaused(page: Page, id: string) {
  const figure = example(page, id);
  await figure.scrollIntoViewIfNeeded();
  const button = figure.getByRole('button').first();
  await expect
    .poll(
      async () => {
        if (await button.isVisible()) return true;
        await page.clock.runFor(50);
        return false;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  return figure;
}

test.describe('live examples', () => {
  test('an example loads only when it comes near the viewport', async ({ page }) => {
    await page.goto(PAGE);
    await page.waitForLoadState('networkidle');
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') chunks.push(request.url());
    });
    // The async example sits far below the fold: nothing of it is mounted yet, and its code is not loaded.
    await expect(example(page, 'async-data').getByText('Loading example', { exact: false })).toBeVisible();
    await expect(example(page, 'async-data').getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await show(page, 'async-data');
    await expect(example(page, 'async-data').getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(chunks.length).toBeGreaterThan(0);
  });

  test('counter: click to change the count and its parity, reset to 0', async ({ page }) => {
    await page.goto(PAGE);
    const counter = await show(page, 'counter');
    const count = counter.getByRole('status', { name: 'Count' });
    await expect(count).toHaveText('0');
    await counter.getByRole('button', { name: '+1' }).click();
    await counter.getByRole('button', { name: '+1' }).click();
    await counter.getByRole('button', { name: '+1' }).click();
    await expect(count).toHaveText('3');
    await expect(counter.getByText('The count is odd.')).toBeVisible();
    await counter.getByRole('button', { name: '−1' }).click();
    await expect(counter.getByText('The count is even.')).toBeVisible();
    // Keyboard works too.
    await counter.getByRole('button', { name: 'Reset' }).focus();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('0');
  });

  test('todo list: type, add, tick and delete', async ({ page }) => {
    await page.goto(PAGE);
    const todos = await show(page, 'todo-list');
    const input = todos.getByLabel('New todo');
    await input.fill('Write the docs');
    await input.press('Enter');
    await input.fill('Test the examples');
    await todos.getByRole('button', { name: 'Add' }).click();
    await expect(todos.getByRole('status')).toHaveText('2 of 2 left');
    await expect(input).toHaveValue('');

    await todos.getByRole('checkbox', { name: 'Write the docs' }).check();
    await expect(todos.getByRole('status')).toHaveText('1 of 2 left');
    await todos.getByRole('button', { name: 'Delete "Test the examples"' }).click();
    await expect(todos.getByRole('checkbox')).toHaveCount(1);
    await expect(todos.getByRole('status')).toHaveText('0 of 1 left');
  });

  test('async data: loading, ready, cached on return, error for a missing user', async ({ page }) => {
    // A fake clock, paused before the example mounts: the 800 ms requests settle only when the test says so, however
    // slow the machine is (an installed clock alone still runs with real time).
    const start = new Date('2026-01-05T09:00:00Z').getTime();
    await page.clock.install({ time: start });
    await page.goto(PAGE);
    await page.clock.pauseAt(start + 60_000);
    const data = await showPaused(page, 'async-data');
    const status = data.getByRole('status');
    await expect(status).toHaveText('Loading…');
    await page.clock.runFor(800);
    await expect(status).toHaveText(/^Ada Lovelace \(loaded at .+\)$/);
    const firstLoad = await status.textContent();

    await data.getByRole('button', { name: 'User 2' }).click();
    await expect(data.getByRole('button', { name: 'User 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toHaveText('Loading…');
    await page.clock.runFor(800);
    await expect(status).toHaveText(/^Grace Hopper/);
    await data.getByRole('button', { name: 'User 1' }).click();
    await expect(status).toHaveText(firstLoad ?? '');

    // Two quick reloads: the first run is aborted and never shows as an error.
    await data.getByRole('button', { name: 'Reload' }).click();
    await data.getByRole('button', { name: 'Reload' }).click();
    await expect(status).toHaveText('Loading…');
    await page.clock.runFor(800);
    await expect(status).toHaveText(/^Ada Lovelace/);

    await data.getByRole('button', { name: 'User 4' }).click();
    await page.clock.runFor(800);
    await expect(status).toHaveText('Could not load user 4: User 4 does not exist');
  });

  // The reported failure: Reload after the run that showing the error starts in the background has failed too.
  test('async data: after an error, each Reload shows the error again within a second of its run settling', async ({ page }) => {
    await page.clock.install();
    await page.goto(PAGE);
    const data = await show(page, 'async-data');
    const status = data.getByRole('status');
    await expect(status).toHaveText(/^Ada Lovelace/);
    await data.getByRole('button', { name: 'User 4' }).click();
    await page.clock.runFor(800);
    await expect(status).toHaveText('Could not load user 4: User 4 does not exist');
    const reload = data.getByRole('button', { name: 'Reload' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.clock.runFor(2500); // the hidden run has long failed
      await reload.click();
      await expect(status).toHaveText('Loading…');
      await page.clock.runFor(800); // the fake request settles
      await expect(status).toHaveText('Could not load user 4: User 4 does not exist', { timeout: 1000 });
      await expect(reload).toBeFocused();
    }
    await data.getByRole('button', { name: 'User 1' }).click();
    await reload.click();
    await page.clock.runFor(800);
    await expect(status).toHaveText(/^Ada Lovelace/, { timeout: 1000 });
  });

  test('async data: the request log shows what the lru keeps and the run that showing an error starts', async ({ page }) => {
    await page.clock.install();
    await page.goto(PAGE);
    const data = await show(page, 'async-data');
    const status = data.getByRole('status');
    const log = data.getByText(/^Requests sent:/);
    await page.clock.runFor(800);
    await expect(status).toHaveText(/^Ada Lovelace/);
    await expect(log).toHaveText('Requests sent: user 1 × 1');
    // Users 2 and 3 push user 1 out of the family's lru (2 ids), so user 1 is requested again.
    for (const n of [2, 3]) {
      await data.getByRole('button', { name: `User ${n}` }).click();
      await page.clock.runFor(800);
      await expect(status).not.toHaveText('Loading…');
    }
    await data.getByRole('button', { name: 'User 1' }).click();
    await expect(status).toHaveText('Loading…');
    await expect(log).toHaveText('Requests sent: user 1 × 2, user 2 × 1, user 3 × 1');
    await page.clock.runFor(800);
    // Going back to the user before (still kept) asks nothing.
    await data.getByRole('button', { name: 'User 3' }).click();
    await expect(status).toHaveText(/^Alan Turing/);
    await expect(log).toHaveText('Requests sent: user 1 × 2, user 2 × 1, user 3 × 1');
    // The error render starts one more request before anyone presses Reload.
    await data.getByRole('button', { name: 'User 4' }).click();
    await page.clock.runFor(800);
    await expect(status).toHaveText('Could not load user 4: User 4 does not exist');
    await expect(log).toHaveText('Requests sent: user 1 × 2, user 2 × 1, user 3 × 1, user 4 × 2');
  });

  test('each example keeps its own state: state survives in one while another changes', async ({ page }) => {
    await page.goto(PAGE);
    await (await show(page, 'counter')).getByRole('button', { name: '+1' }).click();
    const todos = await show(page, 'todo-list');
    await todos.getByLabel('New todo').fill('Independent');
    await todos.getByLabel('New todo').press('Enter');
    await expect(example(page, 'counter').getByRole('status', { name: 'Count' })).toHaveText('1');
    await expect(todos.getByRole('status')).toHaveText('1 of 1 left');
  });

  test('the page with its examples mounted has no axe violations, in light and dark mode', async ({ page }) => {
    await page.goto(PAGE);
    for (const id of ['counter', 'todo-list', 'async-data']) await show(page, id);
    await expect(example(page, 'async-data').getByRole('status')).toHaveText(/^Ada Lovelace/);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const results = await axe(page).include('.live-example').analyze();
      expect(results.violations.map((v) => `${theme}: ${v.id}: ${v.help}`)).toEqual([]);
    }
  });
});
