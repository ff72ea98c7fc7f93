/**
 * Renders a doc's MDX to static HTML at build time. The HTML reaches the browser as page data, so a docs
 * page ships no per-page JavaScript for its prose: the first load stays within the JS budget, and
 * navigating between docs fetches JSON only.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OutputCache } from './build-cache';
import { importEsm } from './esm';
import { docRender, DocRenderContext, MDX_COMPONENTS } from './mdx/components';
import { codeBlockCache, prepareFences, type CodeToDraw } from './mdx/fences';
import { linesBefore, MdxSyntaxError, mdxSyntaxError } from './mdx-errors';
import { copyTree, docTree } from './mdx/parse';
import { CodeFenceError, remarkCodeMeta, type CodeMetaData } from './mdx/remark/code-meta';
import type { DocImageData, ResolveImage } from './doc-images';
import { DocImageError, remarkDocImages, type DocImagesData } from './mdx/remark/doc-images';
import { compilesSample, TYPED_LANGUAGES } from './type-hints';
import { remarkHeadingAnchors, tocFromHeadings, type HeadingData } from './mdx/remark/heading-anchors';
import type { TocItem } from '../contract/toc';
import { oldestRelease, sinceReleases } from '../contract/since';
import type { DocsVersionMetadata } from '../config/docs-versions';

type RunOptions = Parameters<typeof import('@mdx-js/mdx').run>[1];

let mdxPromise: Promise<[typeof import('@mdx-js/mdx'), typeof import('vfile')]> | undefined;
const loadMdx = () => (mdxPromise ??= Promise.all([importEsm(() => import('@mdx-js/mdx')), importEsm(() => import('vfile'))]));

/**
 * Loads the MDX compiler now. Call it before queries run (createResolvers): the compiler is an ES module loaded
 * with require(), and Node 20 fails ("reading 'getStatus'") when it is require()d while another plugin's resolver
 * is import()ing modules they share.
 */
export function preloadMdxCompiler(): void {
  void loadMdx();
}

/**
 * The picture files (and possible dark twins) a doc's HTML depends on, read from its syntax tree without rendering
 * it: the build keys a doc's cached HTML by them, so an edited picture renders its doc again.
 */
export async function docImageFiles(source: string, file: string): Promise<string[]> {
  const tree = copyTree(await docTree(source, file));
  const data: DocImagesData = {};
  remarkDocImages({ lineOffset: linesBefore(file, source) })(tree, { path: file, data: data as Record<string, unknown> });
  return data.imageFiles ?? [];
}

/**
 * The docs version a body renders for, as the renderer needs it: its name (fences are cached per version, and
 * "Edit and run" opens the playground on it), the install of its release (samples compile against it) and the
 * releases a `<Since>` mark on its pages may name.
 */
export interface RenderVersion {
  name: string;
  packageDir: string;
  since: { releases: readonly string[]; oldest: string | undefined };
}

/** The render version of `version`, one of `versions` (every docs version, newest first). */
export function renderVersionOf(version: DocsVersionMetadata, versions: readonly DocsVersionMetadata[]): RenderVersion {
  return {
    name: version.name,
    packageDir: version.packageDir,
    since: { releases: sinceReleases(versions, version.name), oldest: oldestRelease(versions) },
  };
}

/**
 * MDX source (without frontmatter) → HTML, with code highlighted and the components of ./mdx/components.
 * TS/TSX samples are compiled against the release of `version` and get its type hints (src/node/type-hints.ts).
 * Fences drawn before (same code, language, lines, version and toolchain) come from `codeBlockCache`, so shiki and
 * the TypeScript compiler load only when a fence is new. Throws with the file name (and line, for samples) when the
 * MDX does not compile, uses a component wrongly or has a sample that does not compile.
 */
export async function renderMdxToHtml(source: string, file: string, version: RenderVersion, blocks: OutputCache<string> = codeBlockCache): Promise<string> {
  return (await renderMdx(source, file, version, { blocks })).html;
}

/** A doc's body as the page shows it: its HTML and its table of contents, and how many samples it compiled. */
export interface RenderedDoc {
  html: string;
  toc: TocItem[];
  samples: number;
  /** The picture files (and possible dark twins) the HTML depends on, absolute. */
  imageFiles: string[];
}

/** Without Gatsby's image pipeline (unit tests, scripts), a doc with a picture cannot be rendered. */
const noImagePipeline: ResolveImage = (file) =>
  Promise.reject(new Error(`${file}: pictures are processed by Gatsby's image pipeline: render this doc in a build or the dev server`));

/**
 * renderMdxToHtml, with the table of contents (h2/h3 with their ids) read from the same compilation. MDX compiles
 * the doc's shared syntax tree (./mdx/parse.ts docTree), not its text: the body is parsed once per build.
 */
export async function renderMdx(
  source: string,
  file: string,
  version: RenderVersion,
  { blocks = codeBlockCache, resolveImage = noImagePipeline }: { blocks?: OutputCache<string>; resolveImage?: ResolveImage } = {},
): Promise<RenderedDoc> {
  const [{ createProcessor, run }, { VFile }] = await loadMdx();
  const tree = copyTree(await docTree(source, file));
  // Lines of the file before the body (its frontmatter), read once: errors found in the body name the file's lines.
  const lineOffset = linesBefore(file, source);
  const processor = createProcessor({
    format: 'mdx',
    outputFormat: 'function-body',
    development: false,
    remarkPlugins: [remarkHeadingAnchors, remarkCodeMeta, [remarkDocImages, { lineOffset }]],
  });
  const compiled = new VFile({ value: source, path: file });
  let code: string;
  try {
    code = String(processor.stringify(await processor.run(tree, compiled), compiled));
  } catch (error) {
    if (error instanceof CodeFenceError || error instanceof DocImageError) throw error;
    const syntax = mdxSyntaxError(error, file, lineOffset, source);
    if (syntax instanceof MdxSyntaxError) throw syntax;
    throw new Error(`${file}: the MDX does not compile: ${(error as Error).message}`, { cause: error });
  }
  // What each fence will ask to draw (its line only matters for errors, so it is left out of the key).
  const fences: CodeToDraw[] = ((compiled.data as CodeMetaData).codeBlocks ?? []).map((block) => ({
    code: block.code,
    lang: block.lang,
    lines: block.highlight,
    typed: TYPED_LANGUAGES.has(block.lang) ? { file, line: 0, partial: block.partial } : undefined,
  }));
  const drawing = await prepareFences(fences, file, version, blocks);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runtime = require('react/jsx-runtime') as RunOptions;
  const { default: Content } = await run(code, runtime);
  const { images: imageRefs = [], imageFiles = [] } = compiled.data as DocImagesData;
  const pictures = [...new Set(imageRefs.flatMap((ref) => (ref.dark ? [ref.file, ref.dark] : [ref.file])))];
  const images = new Map<string, DocImageData>(
    await Promise.all(pictures.map(async (picture) => [picture, await resolveImage(picture)] as const)),
  );
  const doc = docRender({ file, version, drawCode: drawing.draw, lineOffset, images });
  const html = renderToStaticMarkup(createElement(DocRenderContext.Provider, { value: doc }, createElement(Content, { components: MDX_COMPONENTS })));
  await drawing.save();
  return {
    html,
    toc: tocFromHeadings((compiled.data as HeadingData).headings ?? []),
    samples: ((compiled.data as CodeMetaData).codeBlocks ?? []).filter((b) => compilesSample(b.lang, b.partial)).length,
    imageFiles,
  };
}
