import siteConfig from '../../site.config';
import type { SiteConfig } from '../config/types';

/** The site config as the browser sees it (validated at build start by gatsby-node). */
export function useSiteConfig(): SiteConfig {
  return siteConfig;
}

export { siteConfig };
