/** Search: the local index answers unless both hosted (DocSearch) credentials are given. */
import { z } from 'zod';
import { externalUrl, nonEmpty, segment } from './common';

export const searchSchema = z
  .object({
    appId: nonEmpty.optional(),
    apiKey: nonEmpty.optional(),
    indexName: nonEmpty,
    contextualSearch: z.boolean(),
    searchPagePath: segment,
    insights: z.boolean().optional(),
    missingResultsUrl: externalUrl.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Hosted search needs both credentials; with neither, the local index answers.
    const missing = value.appId === undefined ? 'appId' : value.apiKey === undefined ? 'apiKey' : null;
    if (missing === null || (value.appId === undefined && value.apiKey === undefined)) return;
    const envVar = missing === 'appId' ? 'GATSBY_DOCSEARCH_APP_ID' : 'GATSBY_DOCSEARCH_API_KEY';
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `hosted search needs both appId and apiKey; missing ${missing} (set ${envVar}).`,
    });
  });
