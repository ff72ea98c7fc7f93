/**
 * The site as the glue's steps see it, read at call time: the working directory is the site's root (the tests of
 * the steps run in a scratch copy), and NODE_ENV says whether this is `gatsby develop`.
 */
import path from 'path';

/** A path as build messages and the docs model name it: relative to the site's root, with "/" separators. */
export const relativeToRoot = (file: string): string => path.relative(process.cwd(), file).split(path.sep).join('/');

/** An absolute path under the site's root. */
export const fromRoot = (...parts: string[]): string => path.resolve(process.cwd(), ...parts);

export const isDevelop = (): boolean => process.env.NODE_ENV === 'development';

/** Development shows drafts; production builds leave them out. */
export const includeDrafts = (): boolean => process.env.NODE_ENV !== 'production';
