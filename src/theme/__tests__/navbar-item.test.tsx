import { render, screen } from '@testing-library/react';
import type { NavbarItem as NavbarItemConfig } from '../../config/types';
import NavbarItem from '../NavbarItem';
import { registeredNavbarItemKinds } from '../NavbarItem/kinds';
import { mockStaticQuery } from './test-utils';

beforeEach(() => mockStaticQuery());

describe('NavbarItem', () => {
  it('links a doc by id, labelled with its title unless a label is given', () => {
    render(<NavbarItem item={{ type: 'doc', docId: 'api/atom' }} />);
    expect(screen.getByRole('link', { name: 'Atom' })).toHaveAttribute('href', '/docs/api/atom');
  });

  it('links the docs version to its main doc, labelled "Next"', () => {
    render(<NavbarItem item={{ type: 'docsVersion' }} />);
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/docs');
  });

  it('renders raw HTML items', () => {
    render(<NavbarItem item={{ type: 'html', value: '<em>beta</em>' }} />);
    expect(screen.getByText('beta').tagName).toBe('EM');
  });

  it('throws a descriptive error for an unknown doc id', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<NavbarItem item={{ type: 'doc', docId: 'api/nope' }} />)).toThrow(
      'No doc with id "api/nope" in docs version "current"',
    );
  });

  it('throws naming the kind when no component is registered for it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const item = { type: 'localeDropdown' } as NavbarItemConfig;
    expect(registeredNavbarItemKinds).not.toContain('localeDropdown');
    expect(() => render(<NavbarItem item={item} />)).toThrow('Navbar item type "localeDropdown" has no component');
  });
});
