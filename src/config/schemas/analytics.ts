/** Page-view analytics: absent or without `endpoint`, events go to `window.dataLayer`. */
import { z } from 'zod';
import { show } from '../error-map';

export const analyticsSchema = z
  .object({
    endpoint: z
      .string()
      .refine((v) => /^https:\/\//.test(v) || (v.startsWith('/') && !v.startsWith('//')), (v) => ({
        message: `must be an https:// URL or a path of this site starting with "/"; got ${show(v)}.`,
      }))
      .optional(),
  })
  .strict();
