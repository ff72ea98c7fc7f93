/** @jest-environment node */
// Each doc renders against the package of its docs version (read from its path): its samples compile against that
// release, its type popups show that release's types, a sample using an API the release lacks fails the build
// naming the file and line, and no cached fence of one version is reused for another.
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import { OutputCache } from '@src/node/build-cache';
import { renderMdx, renderMdxToHtml } from '@src/node/render-mdx';
import { VersionPackageError, versionPackageOf } from '@src/node/type-hints';

jest.setTimeout(120_000);

const OLD_FILE = 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx';
const CURRENT_FILE = 'content/docs/api/atom.mdx';
const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
const ATOM_SAMPLE = fence('ts', "import { atom } from '@rkrupinski/stan';\n\nexport const count = atom(0);");

/** The type popup texts of the rendered HTML, in order. */
const popups = (html: string) => [...html.matchAll(/data-type="([^"]*)"/g)].map((match) => match[1]?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;|&#x22;/g, '"').replace(/&amp;/g, '&'));
/** The drawn-fence cache of a build, kept in a Map. */
function memoryCache() {
  const entries = new Map<string, unknown>();
  return new OutputCache<string>('code-block', () => 'test', {
    get: async (key) => entries.get(key),
    set: async (key, value) => {
      entries.set(key, value);
      return value;
    },
  });
}

describe('samples compile against the docs version of their file', () => {
  it("fails a 1.0.0-rc14 page whose sample uses makeStore, naming the file, the line, TS2305 and the release", async () => {
    const body = ['# atom', '', 'A store:', '', fence('ts', "import { makeStore } from '@rkrupinski/stan';\n\nexport const store = makeStore();")].join('\n');
    const failure = renderMdxToHtml(body, OLD_FILE, memoryCache());
    await expect(failure).rejects.toThrow(
      /^content\/versioned_docs\/version-1\.0\.0-rc14\/api\/atom\.mdx:5: this sample does not compile against @rkrupinski\/stan 1\.0\.0-rc14/,
    );
    await expect(failure).rejects.toThrow(
      /\ncontent\/versioned_docs\/version-1\.0\.0-rc14\/api\/atom\.mdx:6: TS2305: Module '"@rkrupinski\/stan"' has no exported member 'makeStore'\./,
    );
    // The same sample is fine on a page of the current docs, whose release has makeStore.
    await expect(renderMdxToHtml(body, CURRENT_FILE, memoryCache())).resolves.toContain('makeStore');
  });

  it("shows 1.0.0-rc14's types in the popups of a 1.0.0-rc14 page, and 1.2's on a current page", async () => {
    const blocks = memoryCache();
    const current = await renderMdxToHtml(ATOM_SAMPLE, CURRENT_FILE, blocks);
    const old = await renderMdxToHtml(ATOM_SAMPLE, OLD_FILE, blocks);
    expect(popups(current)).toContain('const count: Scoped<WritableState<number>>');
    expect(popups(old)).toContain('const count: WritableState<number>');
    expect(popups(old).join('\n')).not.toMatch(/Scoped/);
  });

  it('keys a cached sample by its docs version: the same body renders differently as current and as 1.0.0-rc14', async () => {
    // One cache shared by both renders, as in a build: the second render must not reuse the first one's fence.
    const blocks = memoryCache();
    const asCurrent = await renderMdx(ATOM_SAMPLE, 'content/docs/probe.mdx', blocks, undefined, 'current');
    const asOld = await renderMdx(ATOM_SAMPLE, 'content/docs/probe.mdx', blocks, undefined, '1.0.0-rc14');
    expect(asOld.html).not.toBe(asCurrent.html);
    expect(popups(asOld.html)).toContain('const count: WritableState<number>');
    // And a fence drawn before for its version is read back from the cache.
    const again = await renderMdx(ATOM_SAMPLE, 'content/docs/probe.mdx', blocks, undefined, '1.0.0-rc14');
    expect(again.html).toBe(asOld.html);
  });

  it('names the version and the install command when a version has no package installed', async () => {
    expect(() => versionPackageOf('0.9.0')).toThrow(VersionPackageError);
    expect(() => versionPackageOf('0.9.0')).toThrow(
      'docs version "0.9.0" compiles its samples against stan-0.9.0, which is not installed: run `npm install --save-exact stan-0.9.0@npm:@rkrupinski/stan@0.9.0`',
    );
    await expect(renderMdxToHtml(ATOM_SAMPLE, 'content/versioned_docs/version-0.9.0/api/atom.mdx', memoryCache())).rejects.toThrow(
      /^content\/versioned_docs\/version-0\.9\.0\/api\/atom\.mdx: docs version "0\.9\.0" compiles its samples against stan-0\.9\.0/,
    );
  });

  it("reads a version's package and release from its install", () => {
    expect(versionPackageOf('1.0.0-rc14')).toEqual({
      dir: expect.stringMatching(/node_modules[/\\]stan-1\.0\.0-rc14$/),
      packageName: '@rkrupinski/stan',
      release: '1.0.0-rc14',
    });
    expect(versionPackageOf('current')).toMatchObject({ dir: undefined, packageName: '@rkrupinski/stan', release: '1.2.0-rc4' });
  });
});

describe('Since marks per docs version', () => {
  const MARK = '- `reset` <Since release="1.2.0-rc4" />: sets an atom back.\n';

  it('lets a current page mark an entry as new in 1.2.0-rc4', async () => {
    await expect(renderMdxToHtml(MARK, CURRENT_FILE)).resolves.toContain('Since 1.2.0-rc4');
  });

  it('fails a 1.0.0-rc14 page that marks an entry as new in a later release, naming the file', async () => {
    await expect(renderMdxToHtml(MARK, OLD_FILE)).rejects.toThrow(
      `${OLD_FILE}: <Since> has release="1.2.0-rc4", which is not a release these docs can mark: write (none: this page documents 1.0.0-rc14, and nothing older is documented, so nothing on it is new)`,
    );
  });
});

describe('live examples per docs version', () => {
  const EXAMPLE = '<LiveExample id="counter" title="Counter" />\n';

  it('embeds a live example on a page of the current docs, whose package the examples run', async () => {
    await expect(renderMdxToHtml(EXAMPLE, 'content/docs/getting-started/examples.mdx')).resolves.toContain('data-example-id="counter"');
  });

  it('fails a 1.0.0-rc14 page that embeds one (it would run 1.2.0-rc4), naming the file and the way out', async () => {
    await expect(renderMdxToHtml(EXAMPLE, 'content/versioned_docs/version-1.0.0-rc14/getting-started/examples.mdx')).rejects.toThrow(
      'content/versioned_docs/version-1.0.0-rc14/getting-started/examples.mdx: <LiveExample id="counter"> is on a page of docs version ' +
        '1.0.0-rc14, but the live examples (src/examples) run the installed @rkrupinski/stan, not 1.0.0-rc14',
    );
  });
});

describe('the 1.0.0-rc14 docs as the build renders them', () => {
  const root = path.join(process.cwd(), 'content/versioned_docs/version-1.0.0-rc14');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : /\.mdx?$/.test(entry.name) ? [full] : [];
    });
  const docs = files(root).map((file) => path.relative(process.cwd(), file).split(path.sep).join('/'));
  const blocks = memoryCache();
  const render = (file: string) => {
    const { content } = matter(fs.readFileSync(file, 'utf8'), {});
    return renderMdx(content, file, blocks, async () => ({ kind: 'pending' }));
  };

  it.each(docs)('%s renders, its samples compiled against 1.0.0-rc14', async (file) => {
    await expect(render(file)).resolves.toMatchObject({ html: expect.any(String) });
  });

  it("gives the atom page's samples 1.0.0-rc14's types: atom() returns the state itself", async () => {
    const { html, samples } = await render('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx');
    expect(samples).toBeGreaterThan(0);
    expect(popups(html)).toContain('const theme: WritableState<"light" | "dark">');
    expect(popups(html).join('\n')).not.toMatch(/Scoped</);
  });
});
