/** The docs plugin: where the docs live and are served, and their versions. */
import { z } from 'zod';
import { show } from '../error-map';
import { aliasInstallCommand, CURRENT_PACKAGE, CURRENT_VERSION_NAME, VERSIONS_FILE, versionPackage } from '../../contract/docs-versions';
import { nonEmpty, segment } from './common';

/**
 * What the build finds on disk about docs versions: the older versions content/versions.json lists (newest first)
 * and which packages are installed, so the schema can check the config against them.
 */
export interface DocsVersionsOnDisk {
  olderVersions: readonly string[];
  /** The installed package's release (its package.json version), or null when it is not installed. */
  installedRelease: (packageName: string) => string | null;
}

/** Only the current docs, no older version (what the config's types are inferred from). */
export const CURRENT_DOCS_ONLY: DocsVersionsOnDisk = { olderVersions: [], installedRelease: () => null };

const knownNamesOf = (onDisk: DocsVersionsOnDisk): readonly string[] => [CURRENT_VERSION_NAME, ...onDisk.olderVersions];

const unknownVersionMessage = (name: string, known: readonly string[]) =>
  `unknown docs version name ${show(name)}. ${
    known.length === 1 ? `The only version is ${show(known[0])}.` : `Known versions: ${known.join(', ')}.`
  } An older version is added by listing its name in ${VERSIONS_FILE}.`;

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

/** The docs plugin's config, checked against the versions found on disk. */
export function docsSchemaFor(onDisk: DocsVersionsOnDisk) {
  const known = knownNamesOf(onDisk);
  const isKnownVersion = (name: string) => known.includes(name);
  return z
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
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lastVersion'], message: unknownVersionMessage(value.lastVersion, known) });
      }
      for (const name of Object.keys(value.versions)) {
        if (!isKnownVersion(name)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['versions', name], message: unknownVersionMessage(name, known) });
        }
      }
      for (const name of known) {
        if (!(name in value.versions)) {
          const entry = name === CURRENT_VERSION_NAME ? `current: { label: 'Next', banner: 'none', badge: true }` : `'${name}': { label: '${name}', banner: 'unmaintained', badge: true }`;
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['versions', name],
            message:
              name === CURRENT_VERSION_NAME
                ? `is missing. Add ${entry}.`
                : `is missing: ${VERSIONS_FILE} lists ${show(name)}. Add ${entry}, or remove ${show(name)} from ${VERSIONS_FILE}.`,
          });
        }
      }
      for (const name of onDisk.olderVersions) {
        const alias = versionPackage(name);
        if (onDisk.installedRelease(alias) !== null) continue;
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['versions', name],
          message:
            `the package of docs version ${show(name)} (${VERSIONS_FILE}) is not installed: its samples compile against ${alias}. ` +
            `Run: ${aliasInstallCommand(name)}`,
        });
      }
    });
}

/** The docs config's shape (types are inferred from it); validation uses docsSchemaFor with what is on disk. */
export const docsSchema = docsSchemaFor(CURRENT_DOCS_ONLY);

/** A version's release: the installed package's for the current docs, the version's own name for an older one. */
export function docsVersionRelease(name: string, onDisk: DocsVersionsOnDisk): string {
  if (name !== CURRENT_VERSION_NAME) return name;
  const release = onDisk.installedRelease(CURRENT_PACKAGE);
  if (release === null) throw new Error(`${CURRENT_PACKAGE} is not installed: run npm install.`);
  return release;
}
