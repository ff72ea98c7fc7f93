/** The docs plugin: where the docs live and are served, and their versions. */
import { z } from 'zod';
import { show } from '../error-map';
import { nonEmpty, segment } from './common';

/** The docs have a single version, named Next. */
const docsVersionNames = ['current'] as const;

const unknownVersionMessage = (name: string) =>
  `unknown docs version name ${show(name)}. ${
    docsVersionNames.length === 1
      ? `The only version is ${show(docsVersionNames[0])}.`
      : `Known versions: ${docsVersionNames.join(', ')}.`
  }`;

const isKnownVersion = (name: string) => (docsVersionNames as readonly string[]).includes(name);

export const docsVersionSchema = z
  .object({ label: nonEmpty, banner: z.enum(['none', 'unreleased', 'unmaintained']), badge: z.boolean() })
  .strict();

const EDIT_URL_EXAMPLE = 'https://github.com/rkrupinski/stan-docs/edit/main/';

/** Where an editor changes a doc: the doc file's path from the site root (`content/docs/intro.mdx`) is appended. */
export const editUrl = z.string().refine(
  (v) => {
    try {
      return new URL(v).protocol === 'https:' && v.endsWith('/') && !/[?#]/.test(v);
    } catch {
      return false;
    }
  },
  (v) => ({
    message:
      `must be an https:// URL ending with "/", to which a doc's path such as "content/docs/intro.mdx" is appended, ` +
      `like ${show(EDIT_URL_EXAMPLE)}; got ${show(v)}. Leave it out to show no edit link.`,
  }),
);

export const docsSchema = z
  .object({
    path: segment,
    contentDir: nonEmpty,
    lastVersion: z.string(),
    versions: z.record(z.string(), docsVersionSchema),
    breadcrumbs: z.boolean(),
    versionPersistence: z.literal('localStorage'),
    editUrl: editUrl.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!isKnownVersion(value.lastVersion)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lastVersion'], message: unknownVersionMessage(value.lastVersion) });
    }
    for (const name of Object.keys(value.versions)) {
      if (!isKnownVersion(name)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['versions', name], message: unknownVersionMessage(name) });
      }
    }
    for (const name of docsVersionNames) {
      if (!(name in value.versions)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['versions', name],
          message: `is missing. Add ${name}: { label: 'Next', banner: 'none', badge: true }.`,
        });
      }
    }
  });
