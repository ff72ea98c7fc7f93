import { render, screen } from '@testing-library/react';
import ViewAsMarkdown from '@src/theme/ViewAsMarkdown';

describe('ViewAsMarkdown', () => {
  test('renders a plain link to the Markdown source', () => {
    render(<ViewAsMarkdown route="/docs/api/atom" />);
    const link = screen.getByRole('link', { name: 'View as Markdown' });
    expect(link).toHaveAttribute('href', '/docs/api/atom.md');
    expect(link).toHaveAttribute('type', 'text/markdown');
  });
});
