/**
 * A doc's pictures through Gatsby's own means: the File node gatsby-source-filesystem made for the path, the
 * ImageSharp node gatsby-transformer-sharp made of it, and ImageSharp's `gatsbyImageData` resolver, which schedules
 * sharp's work (kept in Gatsby's cache across builds). An SVG is copied as it is (File.publicURL).
 */
import { outputCache } from '../build-cache';
import { docImageKey, IMAGE_DATA_ARGS, isSvg, type DocImageData, type ResolveImage } from '../doc-images';
import { relativeToRoot } from './site';
import type { ResolveInfoLike, ResolverContext } from './types';

/** Processed pictures by file content: the live preview, which has no query context, shows them from here. */
export const docImageCache = outputCache<DocImageData>('doc-image', 'src/node/gatsby/doc-pictures.ts');

interface FileNodeLike {
  id: string;
  children?: string[];
  absolutePath: string;
  internal: { type: string; contentDigest: string };
}

/** A field's resolver as the schema holds it (ImageSharp.gatsbyImageData, File.publicURL). */
type FieldResolver = (source: unknown, args: Record<string, unknown>, context: ResolverContext, info?: ResolveInfoLike) => unknown;

/** The pictures of one query: their File nodes (each read is a dependency of the query) and their processed data. */
export interface DocPictures {
  file(absolutePath: string): Promise<FileNodeLike | null>;
  resolve: ResolveImage;
}

function fieldResolver(info: ResolveInfoLike | undefined, type: string, field: string): FieldResolver {
  const fields = (info?.schema.getType(type) as { getFields?: () => Record<string, { resolve?: FieldResolver }> } | undefined)?.getFields?.();
  const resolve = fields?.[field]?.resolve;
  if (!resolve) throw new Error(`${type}.${field} is missing from the schema: gatsby-transformer-sharp and gatsby-plugin-sharp must be in gatsby-config.ts`);
  return resolve;
}

/** The pictures a doc's query reaches; each one processed is also kept for the live preview. */
export function docPictures(context: ResolverContext, info: ResolveInfoLike | undefined): DocPictures {
  const file = async (absolutePath: string) =>
    ((await context.nodeModel.findOne({ type: 'File', query: { filter: { absolutePath: { eq: absolutePath } } } })) as FileNodeLike | null) ?? null;
  const resolve: ResolveImage = async (absolutePath) => {
    const node = await file(absolutePath);
    if (!node) {
      throw new Error(`${relativeToRoot(absolutePath)}: the picture is not among Gatsby's files: keep a doc's pictures beside it, under the docs folder`);
    }
    let data: DocImageData;
    if (isSvg(absolutePath)) {
      const src = String(await fieldResolver(info, 'File', 'publicURL')(node, {}, context, info));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const sharp = require('sharp') as (file: string) => { metadata(): Promise<{ width?: number; height?: number }> };
      const { width = 0, height = 0 } = await sharp(absolutePath).metadata();
      data = { kind: 'svg', src, width, height };
    } else {
      const children = (node.children ?? []).map((id) => context.nodeModel.getNodeById({ id, type: 'ImageSharp' })).filter(Boolean);
      const imageSharp = children[0];
      if (!imageSharp) throw new Error(`${relativeToRoot(absolutePath)}: sharp did not read this picture (no ImageSharp node): is the file a valid image?`);
      const image = await fieldResolver(info, 'ImageSharp', 'gatsbyImageData')(imageSharp, { ...IMAGE_DATA_ARGS, formats: [...IMAGE_DATA_ARGS.formats], outputPixelDensities: [...IMAGE_DATA_ARGS.outputPixelDensities] }, context, info);
      if (!image) throw new Error(`${relativeToRoot(absolutePath)}: sharp could not process this picture`);
      data = { kind: 'raster', image: image as Extract<DocImageData, { kind: 'raster' }>['image'] };
    }
    await docImageCache.put(docImageKey(absolutePath, node.internal.contentDigest), data);
    return data;
  };
  return { file, resolve };
}
