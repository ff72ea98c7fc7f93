import { render, screen } from '@testing-library/react';
import DocFooter from '..';

describe('DocFooter', () => {
  it('links to the editor and shows the last commit date as a machine-readable time', () => {
    render(
      <DocFooter
        editUrl="https://github.com/o/r/edit/main/content/docs/intro.mdx"
        lastUpdated="2026-03-04T10:00:00+01:00"
        lastUpdatedText="March 4, 2026"
      />,
    );
    const link = screen.getByRole('link', { name: 'Edit this page' });
    expect(link).toHaveAttribute('href', 'https://github.com/o/r/edit/main/content/docs/intro.mdx');
    // Left out of print: a printed page cannot be edited.
    expect(link).toHaveAttribute('data-noprint');
    const time = screen.getByText('March 4, 2026');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-04T10:00:00+01:00');
    expect(time.parentElement).toHaveTextContent(/^Last updated March 4, 2026$/);
  });

  it('shows only what the build knows: no date, no link, or nothing at all', () => {
    const { container, rerender } = render(<DocFooter editUrl="https://e.org/edit/x.mdx" lastUpdated={null} lastUpdatedText={null} />);
    expect(screen.queryByText(/Last updated/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit this page' })).toBeInTheDocument();
    rerender(<DocFooter editUrl={null} lastUpdated="2025-01-02T03:04:05Z" lastUpdatedText="January 2, 2025" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('January 2, 2025')).toHaveAttribute('datetime', '2025-01-02T03:04:05Z');
    rerender(<DocFooter editUrl={null} lastUpdated={null} lastUpdatedText={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
