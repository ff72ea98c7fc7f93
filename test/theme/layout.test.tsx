import { fireEvent, render, screen, within } from '@testing-library/react';
import Layout from '@src/theme/Layout';
import { mockStaticQuery } from './test-utils';

beforeEach(() => mockStaticQuery());

function renderLayout() {
  return render(
    <Layout>
      <p>Body text</p>
    </Layout>,
  );
}

describe('Layout', () => {
  it('puts the skip link first and points it at <main>', () => {
    const { container } = renderLayout();
    const first = container.querySelector('a, button, [tabindex]');
    expect(first).toHaveTextContent('Skip to main content');
    expect(first).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it('moves focus into <main> when the skip link is used', () => {
    renderLayout();
    Element.prototype.scrollIntoView = jest.fn();
    fireEvent.click(screen.getByText('Skip to main content'));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('renders the configured announcement bar', () => {
    renderLayout();
    const bar = screen.getByRole('region', { name: 'Announcement' });
    expect(bar).toHaveTextContent('@rkrupinski/stan 1.2.0-rc4');
    expect(within(bar).getByRole('link')).toHaveAttribute('href', '/docs/getting-started/installation');
  });

  it('renders the navbar: title, 32×32 logo linking home, Docs and the source link', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const home = within(nav).getByRole('link', { name: 'Stan' });
    expect(home).toHaveAttribute('href', '/');
    const logo = within(home).getByTestId('logo');
    expect(logo).toHaveAttribute('width', '32');
    expect(logo).toHaveAttribute('height', '32');
    expect(within(nav).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
    const source = within(nav).getByRole('link', { name: /GitHub/ });
    expect(source).toHaveAttribute('href', 'https://github.com/rkrupinski/stan');
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders the footer links, logo and copyright', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/docs/getting-started/installation',
      '/docs/api/state',
      '/docs/guides/type-safety',
      'https://www.npmjs.com/package/@rkrupinski/stan',
      'https://www.npmjs.com/package/@rkrupinski/stan/v/1.2.0-rc4',
      'https://github.com/rkrupinski/stan',
      'https://github.com/rkrupinski/stan/issues',
    ]);
    expect(within(footer).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Learn', 'Package', 'Source']);
    expect(within(footer).getByRole('img', { name: 'Stan logo' })).toBeInTheDocument();
    expect(footer).toHaveTextContent('Copyright © 2025');
  });
});
