/** What the theme shows around the docs: colour modes, the announcement bar, navbar, footer, table of contents. */
import { z } from 'zod';
import { TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from '../../contract/constants';
import { exactly, nonEmpty, route } from './common';
import { footerSchema } from './footer';
import { navbarSchema } from './navbar';

export const announcementBarSchema = z
  .object({
    id: nonEmpty,
    content: z.string(),
    backgroundColor: nonEmpty,
    textColor: nonEmpty,
    isCloseable: z.boolean(),
  })
  .strict();

/** The "Copy page" control by a doc's title; `aiLinks` adds its menu of links that open the page in AI assistants. */
export const copyPageSchema = z.object({ aiLinks: z.boolean() }).strict();

export const themeConfigSchema = z
  .object({
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']),
        disableSwitch: z.boolean(),
        respectPrefersColorScheme: z.boolean(),
      })
      .strict(),
    announcementBar: announcementBarSchema.optional(),
    navbar: navbarSchema,
    footer: footerSchema,
    tableOfContents: z
      .object({
        minHeadingLevel: exactly(TOC_MIN_HEADING_LEVEL, 'the table of contents shows heading levels 2 to 3'),
        maxHeadingLevel: exactly(TOC_MAX_HEADING_LEVEL, 'the table of contents shows heading levels 2 to 3'),
      })
      .strict(),
    // A hand-made social card for the pages without their own; without it the build draws one.
    image: route.optional(),
    copyPage: copyPageSchema,
  })
  .strict();
