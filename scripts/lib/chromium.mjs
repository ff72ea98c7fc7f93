// Debian's Chromium as every tool here drives it (browser tests, size, Lighthouse, benchmarks): headless, with
// nothing that talks to the network on its own (the machines have no internet) and no first-run chores.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);
