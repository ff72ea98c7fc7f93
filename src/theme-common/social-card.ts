import type { SocialCardRef } from '../contract/social-card';
import { socialCardAlt } from '../contract/social-card';
import type { BrowserSiteConfig } from '../config/browser';
import type { BuildDefines } from '../contract/build-defines';

/**
 * The URL path of the card the build draws for the pages without their own (home, search, not found), defined by
 * the build (gatsby-node.ts, from the site's identity) and by jest.setup.ts.
 */
declare const __STAN_SITE_CARD__: BuildDefines['__STAN_SITE_CARD__'];

/** The card of a page without its own: the configured image if the site names one, else the drawn site card. */
export function siteSocialCard(config: Pick<BrowserSiteConfig, 'title' | 'tagline' | 'themeConfig'>): SocialCardRef {
  return { src: config.themeConfig.image ?? __STAN_SITE_CARD__, alt: socialCardAlt(config.tagline, config.title) };
}
