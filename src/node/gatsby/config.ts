/** onPreInit: the site config and the hosted-search variables are checked before anything else runs. */
import { DocsVersionsError, readDocsVersions } from '../../config/docs-versions';
import { SiteConfigError } from '../../config/error-map';
import { validateSiteConfig } from '../../config/schema';
import type { SiteConfig } from '../../config/types';
import { HostedSearchConfigError, hostedSearchFromEnv } from '../../search/hosted-config';

/**
 * A config the schema refuses, or docs versions that cannot be read (a malformed content/versions.json, a release
 * or sidebars file missing), stop the build with the file or path of the bad value and the fix.
 */
export function validateConfig(raw: unknown, reporter: { panic(message: string): void }): SiteConfig {
  try {
    // Every kind the schema accepts has a component: the theme's registry is typed by the schema's kinds.
    const config = validateSiteConfig(raw);
    readDocsVersions(config);
    return config;
  } catch (error) {
    if (error instanceof SiteConfigError || error instanceof DocsVersionsError) reporter.panic(error.message);
    throw error;
  }
}

/** Fails the build when the hosted-search variables are only partly set: both credentials, or neither. */
export function checkHostedSearchEnv(env: Record<string, string | undefined>, reporter: { panic(message: string): void }): void {
  try {
    hostedSearchFromEnv(env);
  } catch (error) {
    if (error instanceof HostedSearchConfigError) reporter.panic(error.message);
    else throw error;
  }
}
