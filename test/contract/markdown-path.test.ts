import { markdownHref } from '@src/contract/markdown-path';

describe('markdownHref', () => {
  test('appends .md to the doc route', () => {
    expect(markdownHref('/docs/api/atom')).toBe('/docs/api/atom.md');
    expect(markdownHref('/docs')).toBe('/docs.md');
  });

  test('ignores a trailing slash, query and hash', () => {
    expect(markdownHref('/docs/guides/ssr/')).toBe('/docs/guides/ssr.md');
    expect(markdownHref('/docs/api/store?x=1#makeStore')).toBe('/docs/api/store.md');
  });

  test('the site root has no Markdown source', () => {
    expect(() => markdownHref('/')).toThrow(/needs a doc route/);
  });
});
