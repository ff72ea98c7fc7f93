import { render, screen } from '@testing-library/react';
import ViewAsMarkdown from '..';
import { markdownHref } from '../markdown-path';

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

describe('ViewAsMarkdown', () => {
  test('renders a plain link to the Markdown source', () => {
    render(<ViewAsMarkdown route="/docs/api/atom" />);
    const link = screen.getByRole('link', { name: 'View as Markdown' });
    expect(link).toHaveAttribute('href', '/docs/api/atom.md');
    expect(link).toHaveAttribute('type', 'text/markdown');
  });
});
