/**
 * The remark step of a doc's pictures: `![alt](./picture.png)` and `<Figure src="./picture.png" alt="…" caption="…" />`
 * name a file beside the MDX file. It checks each one (the file exists, has a type the image pipeline handles, has
 * alt text), finds its dark twin (`picture.dark.png`) and turns it into a <Figure> the components render from the
 * image data Gatsby's sharp pipeline produced (../../doc-images.ts, resolved by the caller).
 */
import fs from 'fs';
import path from 'path';
import type { Image, Paragraph, Root } from 'mdast';

/** An image the build cannot use; the message names `file:line`, the path as written and the fix. */
export class DocImageError extends Error {
  override name = 'DocImageError';
}

/** Types ImageSharp turns into WebP (the source format kept as fallback), and SVG, served as it is. */
export const RASTER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.avif'] as const;
export const IMAGE_EXTENSIONS = [...RASTER_EXTENSIONS, '.svg'] as const;

/** `picture.png` → `picture.dark.png`: the file shown instead in the dark colour mode, when it exists. */
export const darkTwinPath = (file: string): string => {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}.dark${ext}`;
};

/** The first image is loaded eagerly when it is among the body's first blocks (on the first screen); others lazily. */
export const EAGER_BLOCKS = 3;

/** A picture of the doc, as the remark step found it. */
export interface DocImageRef {
  /** Absolute path of the picture. */
  file: string;
  /** Absolute path of its dark twin, when there is one. */
  dark: string | null;
}

/** What the step leaves in the file's data for the renderer. */
export interface DocImagesData {
  images?: DocImageRef[];
  /** Every file whose content or existence decides the doc's HTML: each picture and its (possible) dark twin. */
  imageFiles?: string[];
}

interface JsxAttribute {
  type: 'mdxJsxAttribute';
  name: string;
  value: unknown;
}

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Array<JsxAttribute | { type: string }>;
  children: unknown[];
  position?: Image['position'];
}

const attribute = (name: string, value: string | null): JsxAttribute => ({ type: 'mdxJsxAttribute', name, value });

const isLocal = (url: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(url);

/** `where` names the file and line; `fix` says what to change. */
const imageError = (where: string, problem: string, fix: string) => new DocImageError(`${where}: ${problem}\n  Fix: ${fix}`);

export interface DocImagesOptions {
  /** Lines before the MDX body in its file (the frontmatter), so errors name the line as an editor counts it. */
  lineOffset?: number;
  /** Whether a file exists (tests pass their own). */
  exists?: (file: string) => boolean;
}

export function remarkDocImages({ lineOffset = 0, exists = fs.existsSync }: DocImagesOptions = {}) {
  return (tree: Root, file: { path?: string; data: Record<string, unknown> }) => {
    const docFile = file.path ?? 'MDX';
    const docDir = path.dirname(path.resolve(docFile));
    const images: DocImageRef[] = [];
    const imageFiles = new Set<string>();
    const where = (node: { position?: Image['position'] }) => `${docFile}:${(node.position?.start.line ?? 0) + lineOffset}`;
    const shown = (absolute: string) => path.relative(process.cwd(), absolute).split(path.sep).join('/');

    /** Checks a picture's path and type; returns the picture and its twin. */
    const locate = (src: string, node: { position?: Image['position'] }): DocImageRef => {
      let decoded = src;
      try {
        decoded = decodeURI(src);
      } catch {
        // Written with a literal "%": the path as it is.
      }
      const absolute = path.resolve(docDir, decoded);
      const ext = path.extname(absolute).toLowerCase();
      if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
        throw imageError(
          where(node),
          `image "${src}" has a type the image pipeline does not handle (${ext || 'no extension'})`,
          `save it as ${IMAGE_EXTENSIONS.map((e) => e.slice(1).toUpperCase()).join(', ')} (a screenshot as PNG, a photo as JPEG, a drawing as SVG)`,
        );
      }
      if (!exists(absolute)) {
        throw imageError(
          where(node),
          `image "${src}" not found (${shown(absolute)} does not exist)`,
          'put the picture beside the MDX file or correct the path, which is relative to the MDX file',
        );
      }
      const twin = darkTwinPath(absolute);
      imageFiles.add(absolute);
      imageFiles.add(twin);
      const ref = { file: absolute, dark: exists(twin) ? twin : null };
      images.push(ref);
      return ref;
    };

    let blockIndex = 0;
    let eagerGiven = false;
    /** The <Figure> the components render: the attributes as written, and the files the remark step found. */
    const figure = (
      node: { position?: Image['position'] },
      src: string,
      alt: string,
      caption: string | null,
      width: string | null = null,
    ): JsxElement => {
      const ref = locate(src, node);
      const eager = !eagerGiven && blockIndex < EAGER_BLOCKS;
      eagerGiven = true;
      const attributes = [attribute('src', src), attribute('alt', alt), attribute('image', ref.file)];
      if (caption) attributes.push(attribute('caption', caption));
      if (width) attributes.push(attribute('width', width));
      if (ref.dark) attributes.push(attribute('dark', ref.dark));
      if (eager) attributes.push(attribute('eager', null));
      return { type: 'mdxJsxFlowElement', name: 'Figure', attributes, children: [], position: node.position };
    };

    const fromMarkdown = (image: Image): JsxElement => {
      if (!image.alt?.trim()) {
        throw imageError(
          where(image),
          `image "${image.url}" has no alt text`,
          `describe the picture: ![What it shows](${image.url}); for a purely decorative picture write <Figure src="${image.url}" alt="" />`,
        );
      }
      return figure(image, image.url, image.alt, image.title ?? null);
    };

    const fromFigure = (element: JsxElement): JsxElement => {
      const props = new Map<string, unknown>();
      for (const attr of element.attributes) {
        if (attr.type !== 'mdxJsxAttribute') {
          throw imageError(where(element), '<Figure> takes no spread props', 'write src, alt and caption as attributes');
        }
        const { name, value } = attr as JsxAttribute;
        if (value !== null && typeof value !== 'string') {
          throw imageError(where(element), `<Figure ${name}={…}> is an expression`, `write ${name} as a quoted string: ${name}="…"`);
        }
        props.set(name, value);
      }
      const src = props.get('src');
      if (typeof src !== 'string' || src === '') {
        throw imageError(where(element), '<Figure> has no src', 'name the picture beside the MDX file: <Figure src="./picture.png" alt="…" />');
      }
      if (!isLocal(src)) {
        throw imageError(where(element), `<Figure src="${src}"> is not a file beside the doc`, 'save the picture beside the MDX file and give its relative path');
      }
      const alt = props.get('alt');
      if (typeof alt !== 'string') {
        throw imageError(
          where(element),
          `<Figure src="${src}"> has no alt`,
          'say what the picture shows with alt="…", or alt="" when it is purely decorative',
        );
      }
      const caption = props.get('caption');
      // The widest it is shown (CSS pixels): a screenshot of a narrow interface at its own size, not blown up to the column.
      const width = props.get('width');
      if (width !== undefined && (typeof width !== 'string' || !/^[1-9]\d*$/.test(width))) {
        throw imageError(where(element), `<Figure src="${src}" width> is not a whole number of pixels`, 'write the widest it is shown in CSS pixels, e.g. width="452"');
      }
      return figure(element, src, alt, typeof caption === 'string' && caption.trim() ? caption : null, width ?? null);
    };

    const visit = (node: { type: string; children?: unknown[] }, depth: number) => {
      node.children?.forEach((child, index) => {
        if (depth === 0) blockIndex = index;
        const candidate = child as { type: string; children?: unknown[] };
        const replace = (next: unknown) => ((node.children as unknown[])[index] = next);
        if (candidate.type === 'paragraph') {
          const paragraph = candidate as Paragraph;
          const content = paragraph.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
          // A picture alone in its paragraph becomes a block; one inside a sentence would put a <figure> in a <p>.
          if (content.length === 1 && content[0]?.type === 'image' && isLocal(content[0].url)) {
            return replace(fromMarkdown(content[0]));
          }
          const inline = paragraph.children.find((c): c is Image => c.type === 'image');
          if (inline) {
            if (!inline.alt?.trim()) {
              throw imageError(where(inline), `image "${inline.url}" has no alt text`, `describe the picture: ![What it shows](${inline.url})`);
            }
            if (isLocal(inline.url)) {
              throw imageError(
                where(inline),
                `image "${inline.url}" sits inside a paragraph`,
                'put the image on a line of its own, with blank lines around it',
              );
            }
          }
          return;
        }
        if ((candidate.type === 'mdxJsxFlowElement' || candidate.type === 'mdxJsxTextElement') && (candidate as JsxElement).name === 'Figure') {
          return replace(fromFigure(candidate as JsxElement));
        }
        visit(candidate, depth + 1);
      });
    };
    visit(tree, 0);
    (file.data as DocImagesData).images = images;
    (file.data as DocImagesData).imageFiles = [...imageFiles];
  };
}
