import { render, screen } from '@testing-library/react';
import DocFooter from '@src/theme/DocFooter';

const ROUTE = '/docs/intro';

describe('DocFooter', () => {
  it('gives the last commit date as a machine-readable time, the Markdown and the editor, on one line', () => {
    const { container } = render(
      <DocFooter
        route={ROUTE}
        editUrl="https://github.com/o/r/edit/main/content/docs/intro.mdx"
        lastUpdated="2026-03-04T10:00:00+01:00"
        lastUpdatedText="March 4, 2026"
      />,
    );
    const link = screen.getByRole('link', { name: 'Edit this page' });
    expect(link).toHaveAttribute('href', 'https://github.com/o/r/edit/main/content/docs/intro.mdx');
    // Left out of print: a printed page cannot be edited or switched to Markdown.
    expect(link.closest('[data-noprint]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View as Markdown' }).closest('[data-noprint]')).not.toBeNull();
    const time = screen.getByText('March 4, 2026');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-04T10:00:00+01:00');
    expect(time.parentElement).toHaveTextContent(/^Last updated March 4, 2026$/);
    // One paragraph, in reading order.
    expect(container.children).toHaveLength(1);
    expect(container.firstElementChild).toHaveTextContent(/^Last updated March 4, 2026View as MarkdownEdit this page$/);
  });

  it('shows only what the build knows: no date, no edit link, or the Markdown link alone', () => {
    const { rerender } = render(<DocFooter route={ROUTE} editUrl="https://e.org/edit/x.mdx" lastUpdated={null} lastUpdatedText={null} />);
    expect(screen.queryByText(/Last updated/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit this page' })).toBeInTheDocument();
    rerender(<DocFooter route={ROUTE} editUrl={null} lastUpdated="2025-01-02T03:04:05Z" lastUpdatedText="January 2, 2025" />);
    expect(screen.queryByRole('link', { name: 'Edit this page' })).toBeNull();
    expect(screen.getByText('January 2, 2025')).toHaveAttribute('datetime', '2025-01-02T03:04:05Z');
    rerender(<DocFooter route={ROUTE} editUrl={null} lastUpdated={null} lastUpdatedText={null} />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['View as Markdown']);
    expect(screen.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', `${ROUTE}.md`);
  });
});
