/** The real site config broken one way at a time, and what validating it reports. */
import siteConfig from '../../site.config';
import { SiteConfigError } from '@src/config/error-map';
import { validateSiteConfig } from '@src/config/schema';
import type { SiteConfig } from '@src/config/types';

export const HEADER = 'Configuration error in site.config.ts:';
/** Index of a navbar item a test appends to the site's own items. */
export const PUSHED = siteConfig.themeConfig.navbar.items.length;

/** A deep copy of the real config with one change applied; loosely typed so tests can break it. */
export function broken(change: (config: SiteConfig & Record<string, unknown>) => void): unknown {
  const copy = structuredClone(siteConfig) as SiteConfig & Record<string, unknown>;
  change(copy);
  return copy;
}

/** The problems validation reports, one line each; none when the config is accepted. */
export function problemsOf(raw: unknown): readonly string[] {
  try {
    validateSiteConfig(raw);
    return [];
  } catch (error) {
    if (error instanceof SiteConfigError) return error.problems;
    throw error;
  }
}

export const asRecord = (value: unknown) => value as Record<string, unknown>;
export const navbarItems = (config: SiteConfig) => config.themeConfig.navbar.items as unknown[];
