/**
 * patches/ (applied by patch-package on every `npm ci` / `npm install`) trims what Gatsby puts in every page's
 * first load. These tests fail when the patches are missing (install skipped its postinstall) or stop applying
 * after an upgrade; the fix is `npm ci`, or re-making the patch for the new version (see README "How it works").
 */
import fs from 'fs';
import path from 'path';
import { transformSync } from '@babel/core';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, 'node_modules', file), 'utf8');
const hint = 'run `npm ci` (its postinstall applies patches/), or re-make the patch for the installed version';

describe('patches/', () => {
  it('cover exactly the installed versions of the patched packages', () => {
    for (const file of fs.readdirSync(path.join(root, 'patches'))) {
      const [, name, version] = /^(.+)\+([^+]+)\.patch$/.exec(file) ?? [];
      expect(name).toBeDefined();
      const installed = (JSON.parse(read(`${name}/package.json`)) as { version: string }).version;
      expect(`${name}@${installed}`).toBe(`${name}@${version}`);
    }
  });

  it("gatsby's page loader has no Partial Hydration code (an experiment this site never turns on)", () => {
    const loader = read('gatsby/cache-dir/loader.js');
    expect({ hasPartialHydrationCode: /PartialHydration|react-server-dom-webpack/.test(loader), hint }).toEqual({
      hasPartialHydrationCode: false,
      hint,
    });
    // What the runtime still needs from it.
    for (const name of ['class BaseLoader', 'class ProdLoader', 'export const publicLoader', 'getSliceResults', 'loadPageSync']) {
      expect(loader).toContain(name);
    }
  });

  it('the browser build keeps syntax every supported browser runs natively (no helpers for ?., ??, spread, classes)', () => {
    // The preset as `gatsby build` loads it: outside tests, with the browserslist Gatsby saved in .cache.
    let preset: unknown;
    const nodeEnv = process.env.NODE_ENV;
    jest.isolateModules(() => {
      process.env.NODE_ENV = 'production';
      jest.doMock(path.join(process.cwd(), '.cache/babelState.json'), () => ({ browserslist: ['>0.25%', 'not dead'] }), {
        virtual: true,
      });
      preset = jest.requireActual<{ default: unknown }>('babel-preset-gatsby').default;
    });
    process.env.NODE_ENV = nodeEnv;
    const source = 'class A extends B { m(x) { return [...x, this.y?.z ?? 0]; } }';
    const { code } = transformSync(source, {
      babelrc: false,
      configFile: false,
      filename: 'page.js',
      presets: [[preset as object, { stage: 'build-javascript' }]],
    })!;
    expect({ code: code!.replace(/\s+/g, ' ').trim(), hint }).toEqual({ code: source, hint });
  });

  it('gatsby-plugin-typescript no longer forces the optional-chaining and nullish transforms on .ts files', () => {
    const plugin = read('gatsby-plugin-typescript/gatsby-node.js');
    expect({ forced: /proposal-(optional-chaining|nullish-coalescing-operator)/.test(plugin), hint }).toEqual({ forced: false, hint });
  });
});
