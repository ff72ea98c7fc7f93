import { render, screen } from '@testing-library/react';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import type { NavbarItem as NavbarItemConfig } from '@src/config/types';
import NavbarItem from '@src/theme/NavbarItem';
import { mockStaticQuery } from '../../support/static-query';

beforeEach(() => mockStaticQuery());

describe('NavbarItem', () => {
  it('links a doc by id, labelled with its title unless a label is given', async () => {
    render(
      <DocsPreferredVersionProvider>
        <NavbarItem item={{ type: 'doc', docId: 'api/atom' }} />
      </DocsPreferredVersionProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Atom' })).toHaveAttribute('href', '/docs/api/atom');
  });

  it('links the docs version to its main doc, labelled "Next"', async () => {
    render(
      <DocsPreferredVersionProvider>
        <NavbarItem item={{ type: 'docsVersion' }} />
      </DocsPreferredVersionProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Next' })).toHaveAttribute('href', '/docs');
  });

  it('renders raw HTML items', async () => {
    render(<NavbarItem item={{ type: 'html', value: '<em>beta</em>' }} />);
    expect((await screen.findByText('beta')).tagName).toBe('EM');
  });

  it('throws a descriptive error for an unknown doc id', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    // The doc kind loads on demand; its component throws synchronously.
    const { default: DocNavbarItem } = await import('@src/theme/NavbarItem/DocNavbarItem');
    expect(() =>
      render(
        <DocsPreferredVersionProvider>
          <DocNavbarItem item={{ type: 'doc', docId: 'api/nope' }} />
        </DocsPreferredVersionProvider>,
      ),
    ).toThrow(
      'No doc with id "api/nope" among the docs the navbar links to in docs version "current"',
    );
  });

  it('throws naming the kind when no component is registered for it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const item = { type: 'carousel' } as unknown as NavbarItemConfig;
    expect(() => render(<NavbarItem item={item} />)).toThrow(
      'Navbar item type "carousel" has no component. Known: default, doc, docSidebar, html, docsVersion, search, dropdown, localeDropdown, docsVersionDropdown.',
    );
  });
});
