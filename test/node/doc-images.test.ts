// Pictures in docs: where a path leads, what fails the build (and how the message says where and what to do), the
// dark twin, and the markup the page gets from ImageSharp's data.
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { OutputCache } from '@src/node/build-cache';
import { ARTICLE_SIZES } from '@src/contract/doc-images';
import { docImageKey, IMAGE_DATA_ARGS, largestPicture, previewImage, type DocImageData, type ResolveImage } from '@src/node/doc-images';
import { darkTwinPath } from '@src/node/mdx/remark/doc-images';
import { docImageFiles } from '@src/node/render-mdx';
import { renderBody } from '../support/render';

jest.setTimeout(30_000);

let root: string;
let cwd: string;

/** A scratch site: files by path relative to it; the tests run from its root, as the build does. */
function site(files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
}

beforeEach(() => {
  cwd = process.cwd();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-images-')));
  process.chdir(root);
});

afterEach(() => {
  process.chdir(cwd);
  fs.rmSync(root, { recursive: true, force: true });
});

/** ImageSharp's data for a picture, as gatsbyImageData returns it for the site's arguments. */
const raster = (name: string, width = 816, height = 400): DocImageData => ({
  kind: 'raster',
  image: {
    layout: 'constrained',
    width,
    height,
    backgroundColor: '#f8f8f8',
    images: {
      fallback: {
        src: `/static/abc/${width}/${name}.png`,
        srcSet: `/static/abc/${width}/${name}.png ${width}w,\n/static/abc/1224/${name}.png 1224w,\n/static/abc/1632/${name}.png 1632w`,
        sizes: 'column',
      },
      sources: [{ srcSet: `/static/abc/${width}/${name}.webp ${width}w,\n/static/abc/1632/${name}.webp 1632w`, type: 'image/webp', sizes: 'column' }],
    },
  },
});

/** A resolver that knows the files it was given, and records what it was asked. */
function resolver(known: Record<string, DocImageData>) {
  const asked: string[] = [];
  const resolve: ResolveImage = async (file) => {
    asked.push(path.relative(root, file));
    const data = known[path.relative(root, file)];
    if (!data) throw new Error(`unexpected ${file}`);
    return data;
  };
  return { resolve, asked };
}

const PNG = 'not really a png';

async function render(source: string, file: string, known: Record<string, DocImageData>) {
  const { resolve } = resolver(known);
  const { html, imageFiles } = await renderBody(source, file, { blocks: new OutputCache('test-blocks', () => 'v1'), resolveImage: resolve });
  const container = document.createElement('div');
  container.innerHTML = html;
  return { container, imageFiles };
}

describe('remark step for pictures', () => {
  it('resolves a path relative to the MDX file, ../ included, and keys the doc by the picture and its possible twin', async () => {
    site({ 'content/docs/guides/shots/a.png': PNG, 'content/docs/b.png': PNG, 'content/docs/guides/x.mdx': '' });
    const source = '![First](./shots/a.png)\n\n![Second](../b.png)\n';
    const files = await docImageFiles(source, 'content/docs/guides/x.mdx');
    expect(files.map((file) => path.relative(root, file)).sort()).toEqual([
      'content/docs/b.dark.png',
      'content/docs/b.png',
      'content/docs/guides/shots/a.dark.png',
      'content/docs/guides/shots/a.png',
    ]);
  });

  it('finds a dark twin beside the picture and renders both, each for its colour mode, lazy', async () => {
    site({ 'content/docs/a.png': PNG, 'content/docs/a.dark.png': PNG });
    expect(darkTwinPath('/x/a.png')).toBe('/x/a.dark.png');
    const { container } = await render('![A chart](./a.png)\n', 'content/docs/x.mdx', {
      'content/docs/a.png': raster('a'),
      'content/docs/a.dark.png': raster('a-dark'),
    });
    const light = container.querySelector('.doc-image__light img[src*="/a.png"]');
    const dark = container.querySelector('.doc-image__dark img[src*="/a-dark.png"]');
    expect(light).not.toBeNull();
    expect(dark).not.toBeNull();
    // Lazy, so the one display:none hides is never fetched, even for a picture on the first screen.
    expect(light).toHaveAttribute('loading', 'lazy');
    expect(dark).toHaveAttribute('loading', 'lazy');
  });

  it('fails on a markdown picture without alt, naming file:line (frontmatter counted), the path and the fix', async () => {
    site({ 'content/docs/x.mdx': '---\ntitle: X\n---\n\nIntro.\n\n![](./a.png)\n', 'content/docs/a.png': PNG });
    const body = '\nIntro.\n\n![](./a.png)\n';
    await expect(renderBody(body, 'content/docs/x.mdx')).rejects.toThrow(
      /^content\/docs\/x\.mdx:7: image "\.\/a\.png" has no alt text\n {2}Fix: describe the picture: !\[What it shows\]\(\.\/a\.png\); for a purely decorative picture write <Figure src="\.\/a\.png" alt="" \/>/,
    );
  });

  it('fails on a <Figure> without alt, and on a missing file, naming file:line and the path', async () => {
    site({ 'content/docs/a.png': PNG });
    await expect(docImageFiles('Text.\n\n<Figure src="./a.png" />\n', 'content/docs/x.mdx')).rejects.toThrow(
      /content\/docs\/x\.mdx:3: <Figure src="\.\/a\.png"> has no alt\n {2}Fix: say what the picture shows with alt="…", or alt="" when it is purely decorative/,
    );
    await expect(docImageFiles('![Gone](./gone.png)\n', 'content/docs/x.mdx')).rejects.toThrow(
      /content\/docs\/x\.mdx:1: image "\.\/gone\.png" not found \(content\/docs\/gone\.png does not exist\)\n {2}Fix: put the picture beside the MDX file or correct the path/,
    );
  });

  it('fails on a type the pipeline does not handle, and on a picture inside a sentence', async () => {
    site({ 'content/docs/a.gif': PNG, 'content/docs/a.png': PNG });
    await expect(docImageFiles('![Anim](./a.gif)\n', 'content/docs/x.mdx')).rejects.toThrow(
      /x\.mdx:1: image "\.\/a\.gif" has a type the image pipeline does not handle \(\.gif\)\n {2}Fix: save it as PNG, JPG, JPEG, WEBP, AVIF, SVG/,
    );
    await expect(docImageFiles('See ![this](./a.png) here.\n', 'content/docs/x.mdx')).rejects.toThrow(
      /x\.mdx:1: image "\.\/a\.png" sits inside a paragraph\n {2}Fix: put the image on a line of its own/,
    );
  });

  it('leaves remote pictures alone but still asks them for alt text', async () => {
    await expect(docImageFiles('![](https://example.com/a.png)\n', 'content/docs/x.mdx')).rejects.toThrow(/x\.mdx:1: image "https:\/\/example\.com\/a\.png" has no alt text/);
    expect(await docImageFiles('![Badge](https://example.com/a.svg)\n', 'content/docs/x.mdx')).toEqual([]);
  });
});

describe('rendered pictures', () => {
  it('writes the WebP source, the fallback srcset and the column sizes, a reserved box, and a link to the largest', async () => {
    site({ 'content/docs/a.png': PNG });
    const { container } = await render('![A chart of renders](./a.png "Renders per second")\n', 'content/docs/x.mdx', {
      'content/docs/a.png': raster('a'),
    });
    const figure = container.querySelector('figure.doc-image')!;
    expect(figure).toHaveAttribute('data-island', 'image');
    const types = Array.from(figure.querySelectorAll('picture source')).map((source) => source.getAttribute('type'));
    expect(types).toEqual(['image/webp']);
    const img = figure.querySelector<HTMLImageElement>('picture img')!;
    expect(img).toHaveAttribute('alt', 'A chart of renders');
    expect(img.getAttribute('srcset')).toContain('1632w');
    expect(img).toHaveAttribute('sizes', 'column');
    expect(img).toHaveAttribute('width', '816');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('decoding', 'async');
    // Visible as written: nothing waits for a script to show it.
    expect(img.style.opacity).toBe('');
    const sizer = figure.querySelector('img[aria-hidden="true"]')!;
    expect(decodeURIComponent(sizer.getAttribute('src')!)).toContain("height='400' width='816'");
    expect(figure.querySelector('a.doc-image__link')).toHaveAttribute('href', '/static/abc/1632/a.png');
    expect(figure.querySelector('a.doc-image__link')).toHaveAttribute('data-full-width', '1632');
    expect(figure.querySelector('figcaption')).toHaveTextContent('Renders per second');
  });

  it('loads the first picture near the top eagerly and the others lazily', async () => {
    site({ 'content/docs/a.png': PNG, 'content/docs/b.png': PNG });
    const source = 'Intro.\n\n![Top](./a.png)\n\nMore.\n\nMore.\n\nMore.\n\n![Lower](./b.png)\n';
    const { container } = await render(source, 'content/docs/x.mdx', { 'content/docs/a.png': raster('a'), 'content/docs/b.png': raster('b') });
    const loading = Array.from(container.querySelectorAll('picture img')).filter((img) => !img.closest('noscript')).map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'lazy']);
    const late = await render('A.\n\nB.\n\nC.\n\n![Late](./a.png)\n', 'content/docs/y.mdx', { 'content/docs/a.png': raster('a') });
    expect(late.container.querySelector('picture img')).toHaveAttribute('loading', 'lazy');
  });

  it('a decorative <Figure alt=""> is no link, with its caption; an SVG is served as it is with its size', async () => {
    site({ 'content/docs/a.png': PNG, 'content/docs/d.svg': '<svg/>' });
    const source = '<Figure src="./a.png" alt="" caption="Just decoration" />\n\n<Figure src="./d.svg" alt="A diagram" />\n';
    const { container } = await render(source, 'content/docs/x.mdx', {
      'content/docs/a.png': raster('a'),
      'content/docs/d.svg': { kind: 'svg', src: '/static/def/d.svg', width: 300, height: 120 },
    });
    const [decorative, drawing] = Array.from(container.querySelectorAll('figure'));
    expect(decorative!.querySelector('a')).toBeNull();
    expect(decorative!.querySelector('picture img')).toHaveAttribute('alt', '');
    expect(decorative!.querySelector('figcaption')).toHaveTextContent('Just decoration');
    const svg = drawing!.querySelector('img.doc-image__svg')!;
    expect(svg).toHaveAttribute('src', '/static/def/d.svg');
    expect(svg).toHaveAttribute('width', '300');
    expect(svg).toHaveAttribute('height', '120');
    expect(drawing!.querySelector('a')).toHaveAttribute('href', '/static/def/d.svg');
  });

  it('a <Figure width> is shown at most that wide (a narrow screenshot at its own size); a width that is no number fails', async () => {
    site({ 'content/docs/a.png': PNG });
    const { container } = await render('<Figure src="./a.png" alt="A form" width="430" />\n', 'content/docs/x.mdx', {
      'content/docs/a.png': raster('a', 808, 426),
    });
    expect(container.querySelector('figure')!.style.maxWidth).toBe('430px');
    const plain = await render('![A form](./a.png)\n', 'content/docs/y.mdx', { 'content/docs/a.png': raster('a') });
    expect(plain.container.querySelector('figure')!.getAttribute('style')).toBeNull();
    await expect(docImageFiles('<Figure src="./a.png" alt="A form" width="40%" />\n', 'content/docs/x.mdx')).rejects.toThrow(
      /x\.mdx:1: <Figure src="\.\/a\.png" width> is not a whole number of pixels\n {2}Fix: write the widest it is shown in CSS pixels/,
    );
  });

  it('fails without Gatsby’s image pipeline rather than shipping the original', async () => {
    site({ 'content/docs/a.png': PNG });
    await expect(renderBody('![A](./a.png)\n', 'content/docs/x.mdx', { blocks: new OutputCache('t', () => 'v1') })).rejects.toThrow(/Gatsby's image pipeline/);
  });
});

describe('live preview pictures', () => {
  it('shows a picture processed before from the cache, and a new one as pending', async () => {
    site({ 'content/docs/a.png': PNG, 'content/docs/b.png': 'new' });
    const cache = new OutputCache<DocImageData>('test-images', () => 'v1');
    const md5 = crypto.createHash('md5').update(PNG).digest('hex');
    await cache.put(docImageKey(path.join(root, 'content/docs/a.png'), md5), raster('a'));
    const resolve = previewImage(cache);
    expect(await resolve(path.join(root, 'content/docs/a.png'))).toEqual(raster('a'));
    expect(await resolve(path.join(root, 'content/docs/b.png'))).toEqual({ kind: 'pending' });
    const { html } = await renderBody('![New](./b.png)\n', 'content/docs/x.mdx', { blocks: new OutputCache('t', () => 'v1'), resolveImage: resolve });
    expect(html).toContain('role="img" aria-label="New"');
    expect(html).toContain('being processed');
  });

  it('picks the widest candidate of the srcset as the full size', () => {
    expect(largestPicture(raster('a'))).toEqual({ src: '/static/abc/1632/a.png', width: 1632 });
  });
});

describe('the widths the build asks sharp for', () => {
  // gatsby-plugin-sharp's own arithmetic turns the site's arguments into widths (it ships no types).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { responsiveImageSizes } = require('gatsby-plugin-sharp/utils') as {
    responsiveImageSizes: (args: object) => { sizes: number[] };
  };
  /** The widths generated for a source picture `sourceWidth` pixels wide (the docs' screenshots are 1736). */
  const widthsFor = (sourceWidth: number) =>
    responsiveImageSizes({
      imgDimensions: { width: sourceWidth, height: Math.round(sourceWidth / 3) },
      width: IMAGE_DATA_ARGS.width,
      outputPixelDensities: [...IMAGE_DATA_ARGS.outputPixelDensities],
      layout: IMAGE_DATA_ARGS.layout,
    }).sizes;

  /** The column's CSS width in a viewport, read from the `sizes` the page gives the browser. */
  const columnWidth = (viewport: number) => {
    for (const entry of ARTICLE_SIZES.split(', ')) {
      const match = /^(?:\(min-width: (\d+)px\) )?(.+)$/.exec(entry)!;
      if (match[1] && viewport < Number(match[1])) continue;
      const length = match[2]!;
      const calc = /^calc\(100vw - (\d+)px\)$/.exec(length);
      return calc ? viewport - Number(calc[1]) : Number.parseInt(length, 10);
    }
    throw new Error('sizes has no default entry');
  };

  // Phones (two- and three-times screens), tablets, laptops and desktops (one-, one-and-a-quarter- and two-times).
  const DEVICES = [
    ...[360, 390, 412, 430].flatMap((viewport) => [2, 2.625, 3].map((dpr) => ({ viewport, dpr }))),
    ...[768, 820, 1024].map((viewport) => ({ viewport, dpr: 2 })),
    ...[1280, 1440, 1536, 1920, 2560].flatMap((viewport) => [1, 1.25, 2].map((dpr) => ({ viewport, dpr }))),
  ];
  /** The candidate a browser takes: the narrowest that covers the column's device pixels, else the widest. */
  const pick = (widths: number[], need: number) => widths.find((width) => width >= need) ?? widths.at(-1)!;

  it('makes only widths some phone or desktop takes, and each takes one at most 1.5 times what it needs', () => {
    const widths = widthsFor(1736);
    const taken = new Set<number>();
    const wasteful: string[] = [];
    for (const { viewport, dpr } of DEVICES) {
      const need = columnWidth(viewport) * dpr;
      const width = pick(widths, need);
      taken.add(width);
      if (width / need > 1.5) wasteful.push(`${viewport} px at ${dpr}x needs ${need}, takes ${width}`);
    }
    expect(wasteful).toEqual([]);
    expect(widths.filter((width) => !taken.has(width))).toEqual([]);
  });
});
