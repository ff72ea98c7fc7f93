/** @jest-environment node */
// The home page's figures about the package, measured on the installed release.
import { buildSync } from 'esbuild';
import path from 'path';
import zlib from 'zlib';
import { CORE_GZIP_KB, HOME_SAMPLES } from '@src/node/home-samples';

const ROOT = path.resolve(__dirname, '../..');

/** The core entry bundled as an app's bundler would take all of it: minified, as an ES module. */
function bundleCore() {
  const result = buildSync({
    stdin: { contents: "export * from '@rkrupinski/stan';", resolveDir: ROOT },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return { code: output.contents, inputs: Object.keys(result.metafile.inputs) };
}

describe('what the home page says of the installed @rkrupinski/stan', () => {
  it(`states the core's gzipped size to the tenth of a kB (${CORE_GZIP_KB} kB)`, () => {
    const intro = HOME_SAMPLES.find((sample) => sample.name === 'intro');
    expect(intro && 'mdx' in intro ? intro.mdx : '').toContain(`about ${CORE_GZIP_KB} kB gzipped`);
    const { code } = bundleCore();
    const bytes = zlib.gzipSync(code, { level: 9 }).length;
    expect(Math.round(bytes / 100) / 10).toBe(CORE_GZIP_KB);
  });

  it('the core never imports React (nothing outside the package goes into its bundle)', () => {
    const { inputs } = bundleCore();
    expect(inputs.filter((input) => input !== '<stdin>' && !input.startsWith('node_modules/@rkrupinski/stan/'))).toEqual([]);
  });
});
