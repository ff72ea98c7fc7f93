// What a browser receives: the JavaScript a page loads until the network is idle, as Chromium counts it (bytes on
// the wire, compressed as `npm run serve` sends them), including what loads after the first load (the page's
// component, islands, the runtime's late pieces). Used by scripts/size.mjs next to its own count of the HTML's scripts.
import fs from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { createServer } from './serve.mjs';

/**
 * The scripts of a page's resource timing entries, with their bytes as received (encodedBodySize: compressed, without
 * headers). Pure, for tests.
 * @param {Array<{ name: string, initiatorType: string, encodedBodySize: number }>} entries
 * @param {string} origin
 */
export function receivedScripts(entries, origin) {
  return entries
    .filter((e) => e.name.startsWith(origin) && /\.m?js(?:$|\?)/.test(new URL(e.name).pathname))
    .map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize }));
}

/** Whether the browser the measurement needs is installed. */
export const canMeasureReceived = (chromePath = CHROMIUM_PATH) => fs.existsSync(chromePath);

/**
 * Loads each route of the build in headless Chromium (served as `npm run serve` serves it), waits for the network to
 * be idle, and returns the scripts received per route.
 * @param {string} root
 * @param {string[]} routes
 * @returns {Promise<Array<{ route: string, scripts: Array<{ url: string, bytes: number }>, total: number }>>}
 */
export async function measureReceived(root, routes, { chromePath = CHROMIUM_PATH } = {}) {
  const { chromium } = await import('@playwright/test');
  const server = await createServer({ root, port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: [...CHROMIUM_ARGS] });
  try {
    const results = [];
    for (const route of routes) {
      // A fresh context per page: nothing cached, as on a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({
          name: e.name,
          initiatorType: e.initiatorType,
          encodedBodySize: e.encodedBodySize,
        })),
      );
      const scripts = receivedScripts(entries, origin);
      results.push({ route, scripts, total: scripts.reduce((sum, s) => sum + s.bytes, 0) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
