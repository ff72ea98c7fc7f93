/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../../site.config';
import { writeHostingFiles, writeMachineReadableOutputs } from '@src/node/gatsby/post-build';

describe('writeMachineReadableOutputs', () => {
  const reporter = () => ({ info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() });
  const entry = (id: string, path: string, title: string) => ({ id, path, title, sidebar: 'docs', file: `content/docs/${id}.mdx` });

  test('no docs model fails the build; a missing sitemap warns; a doc without its MDX node fails naming it', async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-export-'));
    const r = reporter();
    await writeMachineReadableOutputs({ docs: null, reporter: r, config: siteConfig, publicDir });
    expect(r.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/createPages built no docs model/));
    expect(fs.existsSync(path.join(publicDir, 'llms.txt'))).toBe(false);

    const r2 = reporter();
    const version = { name: 'current', label: 'Next', isLast: true, path: '/docs', mainDocId: 'intro', sidebars: {} };
    const empty = { version: { ...version, docs: [] }, mdxByFile: new Map() };
    await writeMachineReadableOutputs({ docs: empty, reporter: r2, config: siteConfig, publicDir });
    expect(r2.warn).toHaveBeenCalledWith(expect.stringMatching(/sitemap-index\.xml is missing/));

    const r3 = reporter();
    const orphan = { version: { ...version, docs: [entry('a', '/docs/a', 'A')] }, mdxByFile: new Map() };
    await writeMachineReadableOutputs({ docs: orphan, reporter: r3, config: siteConfig, publicDir });
    expect(r3.panicOnBuild).toHaveBeenCalledWith('Markdown export: no MDX node for content/docs/a.mdx (doc "a").');
  });

  test("writes every published version's Markdown (createPages publishes them all beside the last one)", async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-export-'));
    const last = { name: 'current', label: 'Next', isLast: true, path: '/docs', mainDocId: 'a', sidebars: {}, docs: [entry('a', '/docs', 'A')] };
    const older = {
      ...last,
      name: '1.0.0-rc14',
      label: '1.0.0-rc14',
      isLast: false,
      path: '/docs/1.0.0-rc14',
      docs: [{ id: 'a', path: '/docs/1.0.0-rc14', title: 'A 1.0', sidebar: 'docs', file: 'content/versioned_docs/version-1.0.0-rc14/a.mdx' }],
    };
    const mdxByFile = new Map([
      ['content/docs/a.mdx', { body: 'Now.', internal: {} }],
      ['content/versioned_docs/version-1.0.0-rc14/a.mdx', { body: 'Then.', internal: {} }],
    ]);
    const r = reporter();
    await writeMachineReadableOutputs({ docs: { version: last, versions: [last, older], mdxByFile }, reporter: r, config: siteConfig, publicDir });
    expect(r.panicOnBuild).not.toHaveBeenCalled();
    expect(fs.readFileSync(path.join(publicDir, 'docs/1.0.0-rc14.md'), 'utf8')).toContain('Then.');
    expect(fs.readFileSync(path.join(publicDir, 'docs.md'), 'utf8')).toContain('Now.');
    expect(r.info).toHaveBeenCalledWith(expect.stringMatching(/^Markdown export: 2 docs as \.md/));
  });
});

describe('writeHostingFiles', () => {
  function fakeBuild(files: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }
  const config = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };

  it('fails the build naming the file when a page runs inline code the policy cannot allow', async () => {
    const dir = fakeBuild({ 'index.html': '<button onclick="go()">Go</button>', '404.html': '' });
    const reporter = { info: jest.fn(), panicOnBuild: jest.fn() };
    await writeHostingFiles({ reporter, config, publicDir: dir });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/^public\/index\.html: <button onclick="…">/));
    expect(fs.existsSync(path.join(dir, '_hosting/rules.json'))).toBe(false);
  });});
