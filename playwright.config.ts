import { defineConfig } from '@playwright/test';

const isCI = !!process.env.CI && process.env.CI !== 'false';
const PORT = 9100;
const baseURL = `http://127.0.0.1:${PORT}`;

// Browser tests run against the production build (public/) served by scripts/serve.mjs,
// with Debian's Chromium: Playwright never downloads browsers here.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Not the default test-results/: Playwright empties its outputDir on start, which would delete jest.json.
  outputDir: 'test-results/playwright',
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${PORT}`,
    url: baseURL,
    reuseExistingServer: !isCI,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
