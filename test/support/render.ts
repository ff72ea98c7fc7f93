/**
 * The build's renderer as tests call it: a body renders for a docs version of this repository (the current docs
 * unless a test names another), as the build gives each doc the version its node was stamped with.
 */
import path from 'path';
import siteConfig from '../../site.config';
import { docsVersionNamed, readDocsVersions } from '@src/config/docs-versions';
import { CURRENT_VERSION_NAME } from '@src/contract/docs-versions';
import type { OutputCache } from '@src/node/build-cache';
import type { ResolveImage } from '@src/node/doc-images';
import { renderMdx, renderMdxToHtml, renderVersionOf, type RenderVersion } from '@src/node/render-mdx';

/** This repository, whatever a test's working directory. */
const REPO_ROOT = path.resolve(__dirname, '../..');

/** What a docs version of this repository renders with, by name. */
export function renderVersion(name: string = CURRENT_VERSION_NAME): RenderVersion {
  const versions = readDocsVersions(siteConfig, REPO_ROOT);
  return renderVersionOf(docsVersionNamed(versions, name), versions);
}

/** A body's HTML, rendered for the current docs unless `version` names another. */
export function renderDocToHtml(source: string, file = 'MDX', blocks?: OutputCache<string>, version: string = CURRENT_VERSION_NAME): Promise<string> {
  return renderMdxToHtml(source, file, renderVersion(version), blocks);
}

/** A body's HTML, table of contents and samples, rendered for the current docs unless `version` names another. */
export function renderBody(
  source: string,
  file = 'MDX',
  { blocks, resolveImage, version = CURRENT_VERSION_NAME }: { blocks?: OutputCache<string>; resolveImage?: ResolveImage; version?: string } = {},
) {
  return renderMdx(source, file, renderVersion(version), { blocks, resolveImage });
}
