/**
 * The one description of what `site.config.ts` may contain: the per-concern schemas in ./schemas composed into
 * the zod schema that validates it at build start. The config's TypeScript types are inferred from these schemas
 * (./types.ts), so a list such as the navbar item kinds is written once; ./error-map.ts turns each problem into
 * one human line.
 */
import { z } from 'zod';
import { parseConfig, show } from './error-map';
import { analyticsSchema } from './schemas/analytics';
import { exactly, nonEmpty, origin, route } from './schemas/common';
import { readVersionNames } from './docs-versions';
import { docsSchemaFor } from './schemas/docs';
import { i18nSchema } from './schemas/i18n';
import { searchSchema } from './schemas/search';
import { sidebarsSchema } from './schemas/sidebar';
import { themeConfigSchema } from './schemas/theme';

/** The site config's schema, the versions it names checked against the older versions content/versions.json lists. */
export const siteConfigSchemaFor = (olderVersions: readonly string[]) =>
  z
  .object({
    title: nonEmpty,
    tagline: z.string(),
    url: origin,
    baseUrl: exactly('/', 'the site is served from the root'),
    trailingSlash: exactly(false, 'routes have no trailing slash'),
    favicon: route,
    siteVersion: nonEmpty,
    generatorVersion: nonEmpty,
    copyrightYear: z.number().int(),
    i18n: i18nSchema,
    docs: docsSchemaFor(olderVersions),
    sidebars: sidebarsSchema,
    themeConfig: themeConfigSchema,
    search: searchSchema,
    analytics: analyticsSchema.optional(),
  })
  .strict()
  .superRefine((config, ctx) => {
    // A navbar link to a sidebar is checked here, where both the navbar and the sidebars are known.
    config.themeConfig.navbar.items.forEach((item, index) => {
      if (item.type !== 'docSidebar' || item.sidebarId in config.sidebars) return;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['themeConfig', 'navbar', 'items', index, 'sidebarId'],
        message: `unknown sidebar ${show(item.sidebarId)}. Known sidebars: ${Object.keys(config.sidebars).join(', ')}.`,
      });
    });
  });

/** The config's shape, from which its types are inferred. */
export const siteConfigSchema = siteConfigSchemaFor([]);

/** Validates the raw config; throws SiteConfigError listing every problem found. */
export function validateSiteConfig(
  raw: unknown,
  source = 'site.config.ts',
  olderVersions: readonly string[] = readVersionNames(),
): z.infer<typeof siteConfigSchema> {
  return parseConfig(siteConfigSchemaFor(olderVersions), raw, source);
}
