import { render, screen, within } from '@testing-library/react';
import Breadcrumbs from '@src/theme/Breadcrumbs';

describe('Breadcrumbs', () => {
  it('links home and each category, and marks the current page', () => {
    render(<Breadcrumbs items={[{ label: 'API', href: '/docs/api/atom' }, { label: 'atom' }]} currentTitle="Atom" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(nav).getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/docs/api/atom');
    expect(within(nav).getByText('atom')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the page title for the main doc, which has no crumbs', () => {
    render(<Breadcrumbs items={[]} currentTitle="Introduction" />);
    expect(screen.getByText('Introduction')).toHaveAttribute('aria-current', 'page');
  });
});
