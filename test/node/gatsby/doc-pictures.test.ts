/** @jest-environment node */
// Mdx.html reaches a doc's pictures through Gatsby's nodes (the File node by path, its ImageSharp child and that
// type's gatsbyImageData resolver), and a picture's content is part of the doc's cache key: an edited picture
// renders its doc again, an unchanged one does not.
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../../site.config';
import { IMAGE_DATA_ARGS } from '@src/node/doc-images';
import { docsResolvers } from '@src/node/gatsby/doc-fields';
import { docHtmlCache } from '@src/node/gatsby/doc-render';

jest.setTimeout(30_000);

let root: string;
let cwd: string;

beforeEach(() => {
  cwd = process.cwd();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-images-resolver-')));
  process.chdir(root);
  fs.mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  fs.writeFileSync(path.join(root, 'content/docs/shot.png'), 'png');
  // The current docs' release: the doc fields read the installed package of the version they render.
  fs.symlinkSync(path.join(cwd, 'node_modules'), path.join(root, 'node_modules'));
});

afterEach(() => {
  process.chdir(cwd);
  fs.rmSync(root, { recursive: true, force: true });
});

const imageData = (name: string) => ({
  layout: 'constrained',
  width: 816,
  height: 300,
  images: {
    fallback: { src: `/static/h/${name}.png`, srcSet: `/static/h/${name}.png 816w`, sizes: 'x' },
    sources: [{ srcSet: `/static/h/${name}.avif 816w`, type: 'image/avif', sizes: 'x' }],
  },
});

/** Gatsby as the resolver sees it: a File node for the picture with an ImageSharp child, and the schema's fields. */
function gatsby(digest: { value: string }) {
  const file = () => ({
    id: 'file-1',
    children: ['sharp-1'],
    absolutePath: path.join(root, 'content/docs/shot.png'),
    internal: { type: 'File', contentDigest: digest.value },
  });
  const gatsbyImageData = jest.fn(async (_source: unknown, _args: Record<string, unknown>) => imageData(`shot-${digest.value}`));
  const findOne = jest.fn(async ({ query }: { type: string; query: { filter: Record<string, unknown> } }) =>
    (query.filter.absolutePath as { eq: string }).eq === file().absolutePath ? file() : null,
  );
  const context = {
    nodeModel: {
      getNodeById: ({ id }: { id: string }) => (id === 'sharp-1' ? { id, internal: { type: 'ImageSharp' } } : null),
      findAll: async () => ({ entries: [] }),
      findOne,
    },
  };
  const info = {
    schema: {
      getType: (name: string) => (name === 'ImageSharp' ? { getFields: () => ({ gatsbyImageData: { resolve: gatsbyImageData } }) } : undefined),
    },
  };
  return { context, info, gatsbyImageData, findOne };
}

const doc = {
  id: 'doc-1',
  body: 'Intro.\n\n![The example](./shot.png)\n',
  frontmatter: { title: 'Doc' },
  fields: { docsVersion: 'current', docId: 'doc', qualifiedDocId: 'doc' },
  internal: { type: 'Mdx', contentFilePath: '', contentDigest: 'same' },
};

it('renders the picture from ImageSharp data found through the File node, and again only when the picture changes', async () => {
  const node = { ...doc, internal: { ...doc.internal, contentFilePath: path.join(root, 'content/docs/doc.mdx') } };
  const resolvers = docsResolvers((key) => key, siteConfig);
  const digest = { value: 'v1' };
  const { context, info, gatsbyImageData, findOne } = gatsby(digest);
  const before = docHtmlCache.stats.misses;

  const first = await resolvers.Mdx.html.resolve(node as never, undefined, context, info);
  expect(first).toContain('/static/h/shot-v1.avif');
  expect(findOne).toHaveBeenCalledWith(expect.objectContaining({ type: 'File' }));
  expect(gatsbyImageData.mock.calls[0]![1]).toEqual({ ...IMAGE_DATA_ARGS, formats: [...IMAGE_DATA_ARGS.formats] });

  // Same doc, same picture: from the cache, no new processing.
  expect(await resolvers.Mdx.html.resolve(node as never, undefined, context, info)).toBe(first);
  expect(gatsbyImageData).toHaveBeenCalledTimes(1);
  expect(docHtmlCache.stats.misses - before).toBe(1);

  // The picture was edited (new content digest), the doc was not: the doc renders again with the new picture.
  digest.value = 'v2';
  expect(await resolvers.Mdx.html.resolve(node as never, undefined, context, info)).toContain('/static/h/shot-v2.avif');
  expect(docHtmlCache.stats.misses - before).toBe(2);
});

it('names the picture when Gatsby has no File node for it', async () => {
  const node = { ...doc, id: 'doc-2', internal: { ...doc.internal, contentDigest: 'other', contentFilePath: path.join(root, 'content/docs/doc.mdx') } };
  const resolvers = docsResolvers((key) => key, siteConfig);
  const { context, info } = gatsby({ value: 'v1' });
  context.nodeModel.findOne = jest.fn(async () => null) as unknown as typeof context.nodeModel.findOne;
  await expect(resolvers.Mdx.html.resolve(node as never, undefined, context, info)).rejects.toThrow(
    /content\/docs\/shot\.png: the picture is not among Gatsby's files/,
  );
});
