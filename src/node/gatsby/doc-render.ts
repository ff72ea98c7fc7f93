/**
 * A doc's body as its page shows it (Mdx.html and Mdx.toc), against the release of the docs version its node was
 * stamped with: rendered once per content, docs version, pictures and code version, however many queries ask. A body
 * that cannot be rendered fails the build; in develop the page shows the error instead (naming the file and line, as
 * the terminal does) and comes back once the file is fixed.
 */
import type { Reporter } from 'gatsby';
import { docProblemHtml } from '../../contract/doc-problem';
import { digest, outputCache } from '../build-cache';
import { docImageFiles, renderMdx, type RenderedDoc, type RenderVersion } from '../render-mdx';
import type { DocPictures } from './doc-pictures';
import { reportDocProblem } from './reports';
import { isDevelop, relativeToRoot } from './site';
import type { MdxNodeLike } from './types';

/** Rendered doc bodies, kept across runs. */
export const docHtmlCache = outputCache<RenderedDoc>('doc-render', 'src/node/gatsby/doc-render.ts');
/** The picture files each doc's HTML depends on, by the doc's content. */
export const docImageFilesCache = outputCache<string[]>('doc-image-files', 'src/node/gatsby/doc-render.ts');

/** The content digest Gatsby gave the file (its frontmatter and body), and the file it came from. */
export const contentKey = (node: MdxNodeLike): string =>
  digest(node.internal.contentFilePath ?? node.id, node.internal.contentDigest ?? node.body ?? '');

/** The doc's body, table of contents and compiled samples (or, in develop, its error in their place). */
export async function renderedDoc(
  node: MdxNodeLike,
  version: RenderVersion,
  pictures: DocPictures,
  reporter?: Pick<Reporter, 'error'>,
): Promise<RenderedDoc> {
  const file = relativeToRoot(node.internal.contentFilePath ?? node.id);
  try {
    const body = node.body ?? '';
    const imageFiles = await docImageFilesCache.get(contentKey(node), () => docImageFiles(body, file));
    // The pictures' content is part of the key: an edited picture renders its doc again.
    const digests = await Promise.all(imageFiles.map(async (image) => (await pictures.file(image))?.internal.contentDigest ?? 'absent'));
    // The docs version is part of the key too: the same body renders other types under another release, and its
    // marks may name other releases.
    const versionKey = [version.name, ...version.since.releases, version.since.oldest ?? ''];
    const rendered = await docHtmlCache.get(digest(contentKey(node), ...versionKey, ...imageFiles, ...digests), () =>
      renderMdx(body, file, version, { resolveImage: pictures.resolve }),
    );
    if (isDevelop()) reportDocProblem(reporter, file, null);
    return rendered;
  } catch (error) {
    if (!isDevelop()) throw error;
    const message = (error as Error).message;
    reportDocProblem(reporter, file, message);
    return { html: docProblemHtml(message), toc: [], samples: 0, imageFiles: [] };
  }
}
