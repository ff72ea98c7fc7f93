/** @jest-environment node */
import { docIdFromRelativePath, docOfFile, docRoute } from '@src/node/docs-model/doc-ids';
import { doc } from './fixtures';

describe('docIdFromRelativePath', () => {
  it.each([
    ['api/atom.mdx', 'api/atom'],
    ['intro.md', 'intro'],
    ['guides\\ssr.mdx', 'guides/ssr'],
    ['./a/b/c.mdx', 'a/b/c'],
    ['api/atom.family.mdx', 'api/atom.family'],
  ])('%s → %s', (input, id) => {
    expect(docIdFromRelativePath(input)).toBe(id);
  });
});

describe('docRoute', () => {
  it('puts the doc with slug "/" at the docs root', () => {
    expect(docRoute(doc('intro', 'Intro', { slug: '/' }), '/docs')).toBe('/docs');
  });
  it('resolves a slug against the docs root', () => {
    expect(docRoute(doc('x', 'X', { slug: '/foo' }), '/docs')).toBe('/docs/foo');
    expect(docRoute(doc('x', 'X', { slug: '/foo/' }), '/docs/')).toBe('/docs/foo');
  });
  it('uses the id when there is no slug', () => {
    expect(docRoute(doc('api/atom', 'atom'), '/docs')).toBe('/docs/api/atom');
    expect(docRoute(doc('api/atom', 'atom', { slug: null }), '/docs/')).toBe('/docs/api/atom');
  });
});

describe('docOfFile: what the model stamps on a doc\'s node', () => {
  const versions = [
    { name: 'current', contentDir: 'content/docs' },
    { name: '1.0.0-rc14', contentDir: 'content/versioned_docs/version-1.0.0-rc14' },
  ];

  it('gives a file its version, its id within it and its id across versions, from the folder that holds it', () => {
    expect(docOfFile('content/docs/api/atom.mdx', versions)).toEqual({ docsVersion: 'current', docId: 'api/atom', qualifiedDocId: 'api/atom' });
    expect(docOfFile('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', versions)).toEqual({
      docsVersion: '1.0.0-rc14',
      docId: 'api/atom',
      qualifiedDocId: 'version-1.0.0-rc14/api/atom',
    });
    expect(docOfFile('./content/docs/intro.md', versions)?.docId).toBe('intro');
  });

  it('gives nothing for a file outside every version', () => {
    expect(docOfFile('content/versioned_docs/version-0.9.0/intro.mdx', versions)).toBeNull();
    expect(docOfFile('src/pages/index.tsx', versions)).toBeNull();
  });
});
