import type { SiteConfig } from './types';

/** Settings only the build reads: what the browser bundles would carry for nothing. */
type BuildOnlyKey = 'sidebars' | 'siteVersion' | 'generatorVersion' | 'copyrightYear' | 'trailingSlash';
type BuildOnlyDocsKey = 'contentDir' | 'versionPersistence';

/**
 * What the browser needs of site.config.ts: all of it but the settings only the build reads (the sidebar definitions,
 * which the build has already turned into the docs model, GraphQL `docsVersion`; the versions and year the build
 * writes into pages; the docs' folder). gatsby-node.ts defines it for the bundles, so every page's first load
 * carries it.
 */
export type BrowserSiteConfig = Omit<SiteConfig, BuildOnlyKey | 'docs'> & { docs: Omit<SiteConfig['docs'], BuildOnlyDocsKey> };

export function browserSiteConfig(config: SiteConfig): BrowserSiteConfig {
  const { sidebars: _sidebars, siteVersion: _siteVersion, generatorVersion: _generatorVersion, copyrightYear: _year, trailingSlash: _slash, docs, ...browser } = config;
  const { contentDir: _contentDir, versionPersistence: _persistence, ...browserDocs } = docs;
  return { ...browser, docs: browserDocs };
}
