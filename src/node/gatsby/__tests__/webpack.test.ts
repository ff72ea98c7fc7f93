/** @jest-environment node */
import { isPageComponentChunk, keepLazyChunksApart } from '../webpack';

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
