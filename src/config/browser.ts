import type { SiteConfig } from './types';

/**
 * What the browser needs of site.config.ts: all of it but the sidebar definitions, which the build has already
 * turned into the docs model (GraphQL `docsVersion`). gatsby-node.ts defines it for the bundles.
 */
export type BrowserSiteConfig = Omit<SiteConfig, 'sidebars'>;

export function browserSiteConfig(config: SiteConfig): BrowserSiteConfig {
  const { sidebars: _sidebars, ...browser } = config;
  return browser;
}
