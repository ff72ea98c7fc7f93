/**
 * Pictures in docs as the page shows them: the data Gatsby's sharp pipeline produces for a picture beside a doc
 * (./mdx/remark/doc-images.ts finds and checks them in the doc), the arguments it is asked with, and what the live
 * preview shows from earlier runs.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ARTICLE_MAX_WIDTH, ARTICLE_SIZES } from '../contract/doc-images';
import { digest, type OutputCache } from './build-cache';

export const isSvg = (file: string) => path.extname(file).toLowerCase() === '.svg';

/** A picture as the page shows it: ImageSharp's image data for a raster, or the copied file for an SVG. */
export type DocImageData =
  | { kind: 'raster'; image: IGatsbyImageData }
  | { kind: 'svg'; src: string; width: number; height: number }
  /** The live preview's stand-in for a picture Gatsby has not processed yet (its own update follows shortly). */
  | { kind: 'pending' };

/** The processed picture of an absolute path (through Gatsby's nodes in a build; see gatsby/doc-pictures.ts). */
export type ResolveImage = (file: string) => Promise<DocImageData>;

/**
 * The arguments of ImageSharp's `gatsbyImageData` (as its resolver receives them): the article column's width at one,
 * one and a half and twice its pixels (what desktops, three-times phones and two-times screens ask for through
 * `sizes`), WebP with the source format as fallback, and a dominant-colour placeholder (a few bytes, unlike a
 * blurred one). No AVIF: its encoder was most of a cold build's picture work, for files a little smaller than WebP's.
 */
export const IMAGE_DATA_ARGS = {
  layout: 'constrained',
  width: ARTICLE_MAX_WIDTH,
  outputPixelDensities: [1, 1.5, 2],
  formats: ['auto', 'webp'],
  placeholder: 'dominantColor',
  sizes: ARTICLE_SIZES,
} as const;

/** A processed picture's cache key (the live preview, which has no query context, shows them from there): its path and its content digest (the MD5 Gatsby's File node carries). */
export const docImageKey = (file: string, contentDigest: string) => digest(file, contentDigest);

/** The live preview's pictures: those processed before, as they were; a new or changed one as pending. */
export const previewImage =
  (cache: OutputCache<DocImageData>): ResolveImage =>
  async (file) => {
    const md5 = crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
    return (await cache.peek(docImageKey(file, md5))) ?? { kind: 'pending' };
  };

/** The largest picture generated (its URL and width): what the full-size dialog and the no-script link show. */
export function largestPicture(data: DocImageData): { src: string; width: number } {
  if (data.kind === 'pending') return { src: '', width: 0 };
  if (data.kind === 'svg') return { src: data.src, width: data.width };
  const candidates = (data.image.images.fallback?.srcSet ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([src, descriptor]) => ({ src: src ?? '', width: Number.parseInt(descriptor ?? '', 10) }))
    .filter((candidate) => candidate.src !== '' && Number.isFinite(candidate.width));
  const widest = candidates.sort((a, b) => b.width - a.width)[0];
  return widest ?? { src: data.image.images.fallback?.src ?? '', width: data.image.width };
}
