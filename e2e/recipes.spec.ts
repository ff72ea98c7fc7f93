import path from 'path';
import * as esbuild from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { titledSample } from './site';

// The retry recipes of the docs, built from the code printed on their pages and run in Chromium against the real
// package, with a stand-in network whose answers the test sets.
const ROOT = path.resolve(__dirname, '..');

/** A page that renders `component` from the sample inside a StanProvider, with window.__api as its network. */
async function recipePage(doc: string, title: string, component: string): Promise<string> {
  const sample = titledSample(doc, title);
  const harness = `
import { createRoot } from 'react-dom/client';
import { StanProvider } from '@rkrupinski/stan/react';
import { ${component} } from 'sample';

// Answers each request on the next timer tick (so it can still be aborted), like a fast network.
const api = { status: 503, body: null, requests: [] };
window.__api = api;
window.fetch = (input, init) => {
  api.requests.push(String(input));
  const signal = init && init.signal;
  const { status, body } = api;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(new Response(JSON.stringify(body), { status })), 0);
    if (signal) signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); });
  });
};
createRoot(document.getElementById('root')).render(<StanProvider><${component} /></StanProvider>);
`;
  const result = await esbuild.build({
    stdin: { contents: harness, loader: 'tsx', resolveDir: ROOT },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'sample',
        setup(build) {
          build.onResolve({ filter: /^sample$/ }, () => ({ path: title, namespace: 'sample' }));
          build.onLoad({ filter: /.*/, namespace: 'sample' }, () => ({ contents: sample, loader: 'tsx', resolveDir: ROOT }));
        },
      },
    ],
  });
  const script = result.outputFiles[0]?.text ?? '';
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main id="root"></main><script>${script.replace(/<\/script/g, '<\\/script')}</script></body></html>`;
}

async function open(page: Page, doc: string, title: string, component: string) {
  const html = await recipePage(doc, title, component);
  await page.route('**/__recipe', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('/__recipe');
}

const answer = (page: Page, status: number, body: unknown = null) =>
  page.evaluate(([s, b]) => Object.assign((window as unknown as { __api: object }).__api, { status: s, body: b }), [status, body] as const);
const requests = (page: Page) => page.evaluate(() => (window as unknown as { __api: { requests: string[] } }).__api.requests.length);
/** Waits until the hidden request that showing an error starts has been answered and its rejection handled. */
async function hiddenRunSettled(page: Page, count: number) {
  await expect.poll(() => requests(page)).toBe(count);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Presses `button` three times after the hidden run has failed; each press must show `error` again within a second. */
async function retryShowsErrorAgain(page: Page, button: string, error: string) {
  await expect(page.getByText(error)).toBeVisible();
  // Showing the error started a second request before anyone pressed anything.
  await hiddenRunSettled(page, 2);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = await requests(page);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(error)).toBeVisible({ timeout: 1000 });
    await hiddenRunSettled(page, before + 2);
  }
}

test.describe('retry recipes', () => {
  test('StatusBadge (error handling guide): Retry after a failure shows the error again each time, then the status', async ({ page }) => {
    await open(page, 'guides/error-handling', 'StatusBadge.tsx', 'StatusBadge');
    await retryShowsErrorAgain(page, 'Retry', 'Status check failed (503)');
    await answer(page, 200, { healthy: true });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('All good')).toBeVisible({ timeout: 1000 });
  });

  test('StatusBadge (error handling guide): changing the region after a failure checks again instead of hanging', async ({ page }) => {
    await open(page, 'guides/error-handling', 'StatusBadge.tsx', 'StatusBadge');
    await expect(page.getByText('Status check failed (503)')).toBeVisible();
    await hiddenRunSettled(page, 2);
    const region = page.getByRole('combobox', { name: 'Region' });
    await region.selectOption('us');
    await expect(page.getByText('Status check failed (503)')).toBeVisible({ timeout: 1000 });
    await hiddenRunSettled(page, await requests(page));
    await answer(page, 200, { healthy: false });
    await region.selectOption('eu');
    await expect(page.getByText('Degraded')).toBeVisible({ timeout: 1000 });
  });

  test('QuoteOfTheDay (React bindings): Try again after a failure, then Another one', async ({ page }) => {
    await open(page, 'api/react', 'QuoteOfTheDay.tsx', 'QuoteOfTheDay');
    await retryShowsErrorAgain(page, 'Try again', 'Could not load a quote: Server responded with 503');
    await answer(page, 200, { text: 'Read the source.', author: 'Ada' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Read the source.')).toBeVisible({ timeout: 1000 });
    await answer(page, 200, { text: 'Test the claim.', author: 'Grace' });
    await page.getByRole('button', { name: 'Another one' }).click();
    await expect(page.getByText('Test the claim.')).toBeVisible({ timeout: 1000 });
  });
});
