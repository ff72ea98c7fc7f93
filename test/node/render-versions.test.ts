/** @jest-environment node */
// Each doc renders against the package of the docs version it is given: its samples compile against that release,
// its type popups show that release's types, a sample using an API the release lacks fails the build naming the
// file and line, and no cached fence of one version is reused for another.
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import { OutputCache } from '@src/node/build-cache';
import { renderMdxToHtml, renderVersionOf } from '@src/node/render-mdx';
import { renderBody, renderDocToHtml, renderVersion } from '../support/render';

jest.setTimeout(120_000);

const OLD_FILE = 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx';
const OLD = '1.0.0-rc14';
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

describe('samples compile against the docs version they render for', () => {
  it("fails a 1.0.0-rc14 page whose sample uses makeStore, naming the file, the line, TS2305 and the release", async () => {
    const body = ['# atom', '', 'A store:', '', fence('ts', "import { makeStore } from '@rkrupinski/stan';\n\nexport const store = makeStore();")].join('\n');
    const failure = renderDocToHtml(body, OLD_FILE, memoryCache(), OLD);
    await expect(failure).rejects.toThrow(
      /^content\/versioned_docs\/version-1\.0\.0-rc14\/api\/atom\.mdx:5: this sample does not compile against @rkrupinski\/stan 1\.0\.0-rc14/,
    );
    await expect(failure).rejects.toThrow(
      /\ncontent\/versioned_docs\/version-1\.0\.0-rc14\/api\/atom\.mdx:6: TS2305: Module '"@rkrupinski\/stan"' has no exported member 'makeStore'\./,
    );
    // The same sample is fine on a page of the current docs, whose release has makeStore.
    await expect(renderDocToHtml(body, CURRENT_FILE, memoryCache())).resolves.toContain('makeStore');
  });

  it("shows 1.0.0-rc14's types in the popups of a 1.0.0-rc14 page, and 1.2's on a current page", async () => {
    const blocks = memoryCache();
    const current = await renderDocToHtml(ATOM_SAMPLE, CURRENT_FILE, blocks);
    const old = await renderDocToHtml(ATOM_SAMPLE, OLD_FILE, blocks, OLD);
    expect(popups(current)).toContain('const count: Scoped<WritableState<number>>');
    expect(popups(old)).toContain('const count: WritableState<number>');
    expect(popups(old).join('\n')).not.toMatch(/Scoped/);
  });

  it('keys a cached sample by its docs version: the same body renders differently as current and as 1.0.0-rc14', async () => {
    // One cache shared by both renders, as in a build: the second render must not reuse the first one's fence.
    const blocks = memoryCache();
    const asCurrent = await renderBody(ATOM_SAMPLE, 'content/docs/probe.mdx', { blocks });
    const asOld = await renderBody(ATOM_SAMPLE, 'content/docs/probe.mdx', { blocks, version: OLD });
    expect(asOld.html).not.toBe(asCurrent.html);
    expect(popups(asOld.html)).toContain('const count: WritableState<number>');
    // And a fence drawn before for its version is read back from the cache.
    const again = await renderBody(ATOM_SAMPLE, 'content/docs/probe.mdx', { blocks, version: OLD });
    expect(again.html).toBe(asOld.html);
  });

  it('compiles against the install the version it is given names, whatever the file is called', async () => {
    const html = await renderMdxToHtml(ATOM_SAMPLE, 'content/docs/anywhere.mdx', renderVersion(OLD), memoryCache());
    expect(popups(html)).toContain('const count: WritableState<number>');
  });

  it('gives each version the releases its marks may name: its own and the older ones but the oldest', () => {
    const release = (name: string, version: string, packageDir = `/nm/${name}`) =>
      ({ name, release: version, packageDir }) as Parameters<typeof renderVersionOf>[0];
    const three = [release('current', '1.3.0'), release('1.2.0-rc4', '1.2.0-rc4'), release('1.0.0-rc14', '1.0.0-rc14')];
    expect(three.map((v) => renderVersionOf(v, three).since)).toEqual([
      { releases: ['1.3.0', '1.2.0-rc4'], oldest: '1.0.0-rc14' },
      { releases: ['1.2.0-rc4'], oldest: '1.0.0-rc14' },
      { releases: [], oldest: '1.0.0-rc14' },
    ]);
    expect(renderVersionOf(three[0]!, [three[0]!]).since).toEqual({ releases: [], oldest: undefined });
    expect(renderVersionOf(three[1]!, three)).toMatchObject({ name: '1.2.0-rc4', packageDir: '/nm/1.2.0-rc4' });
  });
});

describe('Since marks per docs version', () => {
  const MARK = '- `reset` <Since release="1.2.0-rc4" />: sets an atom back.\n';

  it('lets a current page mark an entry as new in 1.2.0-rc4', async () => {
    await expect(renderDocToHtml(MARK, CURRENT_FILE)).resolves.toContain('Since 1.2.0-rc4');
  });

  it('fails a 1.0.0-rc14 page that marks an entry as new in a later release, naming the file', async () => {
    await expect(renderDocToHtml(MARK, OLD_FILE, undefined, OLD)).rejects.toThrow(
      `${OLD_FILE}: <Since> has release="1.2.0-rc4", which is not a release these docs can mark: write (none: this page documents 1.0.0-rc14, and nothing older is documented, so nothing on it is new)`,
    );
  });
});

describe('live examples per docs version', () => {
  const EXAMPLE = '<LiveExample id="counter" title="Counter" />\n';

  it('embeds a live example on a page of the current docs, whose package the examples run', async () => {
    await expect(renderDocToHtml(EXAMPLE, 'content/docs/getting-started/examples.mdx')).resolves.toContain('data-example-id="counter"');
  });

  it('fails a 1.0.0-rc14 page that embeds one (it would run 1.2.0-rc4), naming the file and the way out', async () => {
    await expect(renderDocToHtml(EXAMPLE, 'content/versioned_docs/version-1.0.0-rc14/getting-started/examples.mdx', undefined, OLD)).rejects.toThrow(
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
    return renderBody(content, file, { blocks, resolveImage: async () => ({ kind: 'pending' }), version: OLD });
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
