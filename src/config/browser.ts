import type { SiteConfig } from './types';

/** Settings no browser code reads: what the browser bundles would carry for nothing. */
type BuildOnlyKey = 'sidebars' | 'siteVersion' | 'generatorVersion' | 'copyrightYear' | 'trailingSlash';
type BuildOnlyDocsKey = 'contentDir' | 'versionPersistence';

/**
 * What the browser needs of site.config.ts: all of it but the settings no browser code reads (the sidebar
 * definitions, which the build has already turned into the docs model, GraphQL `docsVersion`; the docs' folder and
 * the routes' trailing-slash rule, which the build applies; `siteVersion`, `generatorVersion` and `copyrightYear`,
 * which only the config's validation reads). gatsby-node.ts defines it for the bundles, so every page's first load
 * carries it.
 */
export type BrowserSiteConfig = Omit<SiteConfig, BuildOnlyKey | 'docs'> & { docs: Omit<SiteConfig['docs'], BuildOnlyDocsKey> };

export function browserSiteConfig(config: SiteConfig): BrowserSiteConfig {
  const { sidebars: _sidebars, siteVersion: _siteVersion, generatorVersion: _generatorVersion, copyrightYear: _year, trailingSlash: _slash, docs, ...browser } = config;
  const { contentDir: _contentDir, versionPersistence: _persistence, ...browserDocs } = docs;
  return { ...browser, docs: browserDocs };
}
