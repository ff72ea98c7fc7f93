/** Locales: the site's languages and writing directions, one of them the default. */
import { z } from 'zod';
import { show } from '../error-map';
import { nonEmpty } from './common';

export const i18nSchema = z
  .object({
    defaultLocale: z.literal('en'),
    locales: z
      .array(z.object({ code: nonEmpty, label: nonEmpty, htmlLang: nonEmpty, direction: z.enum(['ltr', 'rtl']) }).strict())
      .min(1),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.locales.some((l) => l.code === value.defaultLocale)) return;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['locales'],
      message: `has no entry for the default locale ${show(value.defaultLocale)}. Add one.`,
    });
  });
