/** Its own module: the search button's loader needs only this, not the rest of ./config.ts, in every page's first load. */
import type { SiteConfig } from '../config/types';

/** The hosted service answers when both credentials are configured; otherwise the local index does. */
export function isHostedSearch(search: SiteConfig['search']): search is SiteConfig['search'] & { appId: string; apiKey: string } {
  return Boolean(search.appId && search.apiKey);
}
