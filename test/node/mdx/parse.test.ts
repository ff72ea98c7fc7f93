/** @jest-environment node */
// Each doc body is parsed once per build: the render, the link check, the search records, the Markdown export and
// the pictures' pre-pass all read the same syntax tree, in the process that parsed it and in any other.
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import type { BuildCacheStore } from '@src/node/build-cache';

/** Every parse of Markdown text, by either the build's parser or MDX's compiler (both go through fromMarkdown). */
const parsed: string[] = [];
jest.mock('mdast-util-from-markdown', () => {
  const actual = jest.requireActual('mdast-util-from-markdown');
  return {
    ...actual,
    fromMarkdown: (...args: Parameters<typeof actual.fromMarkdown>) => {
      parsed.push(String(args[0]));
      return actual.fromMarkdown(...args);
    },
  };
});

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const DOCS = ['content/docs/intro.mdx', 'content/docs/api/atom.mdx'];

function mapStore(): BuildCacheStore {
  const entries = new Map<string, unknown>();
  return { get: async (key) => entries.get(key), set: async (key, value) => entries.set(key, value) };
}

/** What a build does with one doc, each step as the build calls it (a stand-in for Gatsby's picture pipeline). */
async function everyStepOf(file: string) {
  const { docImageFiles } = await import('@src/node/render-mdx');
  const { renderBody } = await import('../../support/render');
  const { docLinks } = await import('@src/node/mdx-extract');
  const { toSearchRecords } = await import('@src/node/search-records');
  const { docToMarkdown } = await import('@src/node/markdown-export');
  const { AUTOLINKED_HEADING_DEPTHS } = await import('@src/node/headings');
  const { content: body, data } = matter(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const doc = { id: file, path: `/docs/${file}`, title: String(data.title), file };
  await docImageFiles(body, file);
  const { html } = await renderBody(body, file, { resolveImage: async () => ({ kind: 'svg', src: '/p.svg', width: 1, height: 1 }) });
  const { links } = await docLinks(body, file, AUTOLINKED_HEADING_DEPTHS);
  const records = await toSearchRecords({ ...doc, source: body, lvl0: 'Docs', pageRank: 0 }, { language: 'en', tag: 'docs' });
  const markdown = await docToMarkdown({ ...doc, description: null, body }, 'https://stan.example');
  return { html, links, records, markdown };
}

describe('one parse per doc body', () => {
  const cwd = process.cwd();
  beforeAll(() => process.chdir(ROOT));
  afterAll(() => process.chdir(cwd));

  it('render, links, records, export and pictures read one syntax tree, and another process reads it from the store', async () => {
    const store = mapStore();
    let first: Awaited<ReturnType<typeof everyStepOf>> | undefined;
    await jest.isolateModulesAsync(async () => {
      (await import('@src/node/build-cache')).useBuildCacheStore(store);
      for (const file of DOCS) {
        parsed.length = 0;
        const outputs = await everyStepOf(file);
        if (file === DOCS[1]) first = outputs;
        expect({ file, parses: parsed.length }).toEqual({ file, parses: 1 });
      }
    });
    expect(first?.html).toContain('<h2 id=');
    expect(first?.links.length).toBeGreaterThan(0);
    expect(first?.records.length).toBeGreaterThan(5);
    expect(first?.markdown).toMatch(/^# /);
    // A query worker of the same build: new modules, the same store. It parses nothing, and gets the same outputs.
    parsed.length = 0;
    await jest.isolateModulesAsync(async () => {
      (await import('@src/node/build-cache')).useBuildCacheStore(store);
      const again = await everyStepOf(DOCS[1] as string);
      expect(again).toEqual(first);
    });
    expect(parsed).toEqual([]);
  });
});
