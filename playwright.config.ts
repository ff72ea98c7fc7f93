import fs from 'fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

const isCI = !!process.env.CI && process.env.CI !== 'false';
// STAN_E2E_PORT moves both servers (e.g. several checkouts testing at once must not reuse each other's server).
const PORT = Number(process.env.STAN_E2E_PORT) || 9100;
const baseURL = `http://127.0.0.1:${PORT}`;
// The build with hosted search switched on (`npm run build:hosted` → public-hosted/), for hosted-search.spec.ts.
const HOSTED_PORT = PORT + 1;
const hostedURL = `http://127.0.0.1:${HOSTED_PORT}`;
const HOSTED_SPEC = /hosted-(?:search|csp)\.spec\.ts$/;
// `gatsby develop` (in a copy of the site: scripts/develop-copy.mjs) for the smoke tests, when STAN_E2E_DEVELOP=1;
// `npm test` runs them as a step of their own, after the production build's browser tests.
const withDevelop = process.env.STAN_E2E_DEVELOP === '1';
const DEVELOP_PORT = PORT + 2;
const developURL = `http://127.0.0.1:${DEVELOP_PORT}`;
const SMOKE_SPEC = /smoke\.spec\.ts$/;
// What an editor sees in `gatsby develop` (a saved doc on screen, errors naming file and line): develop only.
const DEVELOP_SPEC = /develop\.spec\.ts$/;
// `npm test` always builds it (and sets STAN_E2E_HOSTED=0 when that build failed); a local run without it
// skips those tests, while CI fails instead, naming the fix.
const withHosted = process.env.STAN_E2E_HOSTED !== '0' && (isCI || fs.existsSync('public-hosted/index.html'));
if (!withHosted && process.env.STAN_E2E_DEVELOP !== '1') console.warn('playwright: public-hosted/ not built (`npm run build:hosted`): hosted-search tests not run.');

// The same builds served by Debian's nginx with the snippet the build wrote (scripts/nginx.mjs), for the specs
// on serving, headers and the CSP, and every route read, searched and run. `npm test` sets STAN_E2E_NGINX=0
// when nginx could not be installed (and counts that as a failure); a local run without nginx skips them.
const NGINX_PORT = PORT + 5;
const nginxURL = `http://127.0.0.1:${NGINX_PORT}`;
const nginxHostedURL = `http://127.0.0.1:${NGINX_PORT + 1}`;
const NGINX_SPECS = /(?:hosting|csp|routes)\.spec\.ts$/;
const withNginx =
  !withDevelop && process.env.STAN_E2E_NGINX !== '0' && (isCI || fs.existsSync(process.env.NGINX || '/usr/sbin/nginx'));
if (!withNginx && !withDevelop) console.warn('playwright: nginx is not installed (`bash scripts/ensure-nginx.sh`): the tests on nginx not run.');

const chromium = {
  browserName: 'chromium' as const,
  headless: true,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  },
};

const server = (root: string, port: number, script = 'serve.mjs') => ({
  command: `node scripts/${script} --port ${port} --root ${root}`,
  url: `http://127.0.0.1:${port}`,
  reuseExistingServer: !isCI,
  timeout: 30_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

// Browser tests run against the production build (public/) served by scripts/serve.mjs,
// with Debian's Chromium: Playwright never downloads browsers here.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  reporter: [['list'], ['json', { outputFile: withDevelop ? 'test-results/e2e-develop.json' : 'test-results/e2e.json' }]],
  // Not the default test-results/: Playwright empties its outputDir on start, which would delete jest.json.
  outputDir: withDevelop ? 'test-results/playwright-develop' : 'test-results/playwright',
  use: {
    baseURL,
    headless: true,
    // Recorded for a failed test's retry only: recording every test (to keep the failures') took a third of the
    // suite's time on two cores. Locally, `--trace on` records them all.
    trace: 'on-first-retry',
  },
  webServer: withDevelop
    ? [
        {
          command: `node scripts/develop-copy.mjs --port ${DEVELOP_PORT}`,
          url: `${developURL}/docs`,
          reuseExistingServer: false,
          // A cold `gatsby develop` compiles every page's code first.
          timeout: 300_000,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
      ]
    : [
        server('public', PORT),
        ...(withHosted ? [server('public-hosted', HOSTED_PORT)] : []),
        ...(withNginx ? [server('public', NGINX_PORT, 'nginx.mjs')] : []),
        ...(withNginx && withHosted ? [server('public-hosted', NGINX_PORT + 1, 'nginx.mjs')] : []),
      ],
  projects: withDevelop
    ? [
        {
          name: 'develop',
          testMatch: [SMOKE_SPEC, DEVELOP_SPEC],
          use: { ...chromium, baseURL: developURL },
          // The development server builds a page's data and code on its first visit.
          timeout: 90_000,
          expect: { timeout: 30_000 },
        },
      ]
    : [
        { name: 'chromium', testIgnore: [HOSTED_SPEC, DEVELOP_SPEC], use: chromium },
        ...(withHosted ? [{ name: 'hosted', testMatch: HOSTED_SPEC, use: { ...chromium, baseURL: hostedURL } }] : []),
        ...(withNginx ? [{ name: 'nginx', testMatch: NGINX_SPECS, testIgnore: HOSTED_SPEC, use: { ...chromium, baseURL: nginxURL } }] : []),
        ...(withNginx && withHosted
          ? [{ name: 'nginx-hosted', testMatch: /hosted-csp\.spec\.ts$/, use: { ...chromium, baseURL: nginxHostedURL } }]
          : []),
      ],
});
