import '@testing-library/jest-dom';
import siteConfig from './site.config';
import { browserSiteConfig } from './src/config/browser';
import { docsVersionRoutes, readDocsVersions } from './src/config/docs-versions';

// What gatsby-node.ts defines for the bundles (src/theme-common/site-config.ts reads it).
(globalThis as { __STAN_SITE_CONFIG__?: unknown }).__STAN_SITE_CONFIG__ = browserSiteConfig(siteConfig);
// The drawn site card's URL path, as gatsby-node.ts defines it (its digest varies with the site's identity).
(globalThis as { __STAN_ANALYTICS_ENDPOINT__?: unknown }).__STAN_ANALYTICS_ENDPOINT__ = siteConfig.analytics?.endpoint ?? null;
(globalThis as { __STAN_SITE_CARD__?: unknown }).__STAN_SITE_CARD__ = '/static/og/site.0123456789ab.png';
// The docs versions, read from this repository as the build reads them (src/search/versions.ts reads them).
(globalThis as { __STAN_DOCS_VERSIONS__?: unknown }).__STAN_DOCS_VERSIONS__ = docsVersionRoutes(readDocsVersions(siteConfig));
