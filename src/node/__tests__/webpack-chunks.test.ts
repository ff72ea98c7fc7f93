/** @jest-environment node */
import { isPageComponentChunk, keepLazyChunksApart } from '../webpack-chunks';

describe('keepLazyChunksApart', () => {
  it('makes the commons chunk count page components only, not lazy chunks such as mermaid diagrams', () => {
    const chunks = keepLazyChunksApart().optimization.splitChunks.cacheGroups.commons.chunks;
    expect(chunks({ name: 'component---src-templates-doc-tsx' })).toBe(true);
    expect(chunks({ name: 'component---src-pages-index-tsx' })).toBe(true);
    // Lazy chunks (mermaid's diagrams, islands, examples) have no name or another one.
    expect(chunks({ name: null })).toBe(false);
    expect(chunks({})).toBe(false);
    expect(chunks({ name: 'app' })).toBe(false);
    expect(isPageComponentChunk({ name: 'framework' })).toBe(false);
  });

  it('lets webpack split shared modules per set of chunks instead of by (missing) chunk names', () => {
    expect(keepLazyChunksApart().optimization.splitChunks.cacheGroups.shared).toEqual({ name: false });
  });
});

describe('slimGatsbyRuntime', () => {
  it('aliases unused runtime modules to an empty module and the router, link and scroll packages to the replacements', () => {
    const { slimGatsbyRuntime } = jest.requireActual('../webpack-chunks') as typeof import('../webpack-chunks');
    const alias = slimGatsbyRuntime('/repo').resolve.alias;
    expect(alias).toEqual({
      '/repo/node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js': '/repo/src/node/stubs/empty-module.js',
      '/repo/.cache/register-service-worker.js': '/repo/src/node/stubs/empty-module.js',
      'prop-types$': '/repo/src/node/stubs/prop-types.js',
      '@gatsbyjs/reach-router$': '/repo/src/runtime/router/reach-router.tsx',
      'gatsby-link$': '/repo/src/runtime/router/gatsby-link.tsx',
      'gatsby-react-router-scroll$': '/repo/src/runtime/router/scroll-handler.tsx',
    });
    // The replacements exist where the aliases point.
    for (const target of Object.values(slimGatsbyRuntime(process.cwd()).resolve.alias)) {
      expect(jest.requireActual<typeof import('fs')>('fs').existsSync(target)).toBe(true);
    }
    const fs = jest.requireActual('fs') as typeof import('fs');
    const path = jest.requireActual('path') as typeof import('path');
    // The stubbed files exist where the aliases expect them (a Gatsby upgrade that moves them fails here).
    expect(fs.existsSync(path.resolve('node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js'))).toBe(true);
    expect(fs.existsSync(path.resolve('node_modules/gatsby/cache-dir/register-service-worker.js'))).toBe(true);
  });
});

describe('the prop-types stub', () => {
  it('answers every validator, required or built, without checking anything', () => {
    type Validator = ((...args: unknown[]) => Validator) & { isRequired: Validator };
    const PropTypes = jest.requireActual('../stubs/prop-types') as {
      [name: string]: Validator;
      object: Validator;
      string: Validator;
      func: Validator;
      bool: Validator;
      shape: Validator;
      oneOfType: Validator;
    };
    // What Gatsby's router, link and page renderer declare.
    const declared = {
      a: PropTypes.object.isRequired,
      b: PropTypes.string,
      c: PropTypes.shape({ pathname: PropTypes.string.isRequired }).isRequired,
      d: PropTypes.oneOfType([PropTypes.func, PropTypes.bool]),
    };
    for (const validator of Object.values(declared)) {
      expect(typeof validator).toBe('function');
      expect(validator({ a: 1 }, 'a', 'Link')).toBe(validator);
    }
    expect(PropTypes.__esModule).toBe(false);
  });
});
