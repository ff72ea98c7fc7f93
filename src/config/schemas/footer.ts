/** The footer: columns of links, the logo and the copyright line. */
import { z } from 'zod';
import { eachNeedsOneTarget, externalUrl, logo, nonEmpty, route } from './common';

export const footerLinkSchema = z.object({ label: nonEmpty, to: route.optional(), href: externalUrl.optional() }).strict();

export const footerColumnSchema = z
  .object({ title: nonEmpty, items: z.array(footerLinkSchema).superRefine(eachNeedsOneTarget('a footer link')) })
  .strict();

export const footerSchema = z
  .object({
    style: z.enum(['light', 'dark']),
    links: z.array(footerColumnSchema),
    logo,
    copyright: z.string(),
  })
  .strict();
