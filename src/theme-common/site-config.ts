import type { BrowserSiteConfig } from '../config/browser';
import type { BuildDefines } from '../contract/build-defines';

/**
 * Defined by the build (gatsby-node.ts, from the validated site.config.ts, without the sidebar definitions) and
 * by jest.setup.ts, so site.config.ts itself is not bundled.
 */
declare const __STAN_SITE_CONFIG__: BuildDefines<BrowserSiteConfig>['__STAN_SITE_CONFIG__'];

const siteConfig: BrowserSiteConfig = __STAN_SITE_CONFIG__;

/** The site config as the browser sees it (validated at build start by gatsby-node). */
export function useSiteConfig(): BrowserSiteConfig {
  return siteConfig;
}

export { siteConfig };
