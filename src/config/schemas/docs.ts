/** The docs plugin: where the docs live and are served, and their versions. */
import { z } from 'zod';
import { show } from '../error-map';
import { CURRENT_VERSION_NAME, VERSIONS_FILE } from '../../contract/docs-versions';
import { nonEmpty, segment } from './common';

/** A name in the docs config that is no docs version, with the versions there are and how one is added. */
const unknownVersionMessage = (name: string, known: readonly string[]) =>
  `unknown docs version name ${show(name)}. ${
    known.length === 1 ? `The only version is ${show(known[0])}.` : `Known versions: ${known.join(', ')}.`
  } An older version is added by listing its name in ${VERSIONS_FILE} (npm run docs:version).`;

/** What the config may change of a version: its label, banner and badge (each has a default). */
export const docsVersionSchema = z
  .object({ label: nonEmpty.optional(), banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(), badge: z.boolean().optional() })
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

/**
 * The docs plugin's config. `olderVersions` are the names content/versions.json lists (the one list of versions):
 * `lastVersion` and the keys of `versions` must name one of them or the current docs.
 */
export function docsSchemaFor(olderVersions: readonly string[]) {
  const known = [CURRENT_VERSION_NAME, ...olderVersions];
  return z
    .object({
      path: segment,
      contentDir: nonEmpty,
      lastVersion: z.string().optional(),
      versions: z.record(z.string(), docsVersionSchema).optional(),
      breadcrumbs: z.boolean(),
      versionPersistence: z.literal('localStorage'),
      editUrl: editUrl.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.lastVersion !== undefined && !known.includes(value.lastVersion)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lastVersion'], message: unknownVersionMessage(value.lastVersion, known) });
      }
      for (const name of Object.keys(value.versions ?? {})) {
        if (!known.includes(name)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['versions', name], message: unknownVersionMessage(name, known) });
        }
      }
    });
}
