import { fireEvent, render, screen, within } from '@testing-library/react';
import type { NavbarItem as NavbarItemConfig } from '@src/config/types';
import { navbarItemTypes } from '@src/config/schemas/navbar';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import NavbarItem, { navbarItemRegistry, type NavbarItemRegistry } from '@src/theme/NavbarItem';
import DefaultNavbarItem from '@src/theme/NavbarItem/DefaultNavbarItem';
import SafeNavbarItem from '@src/theme/NavbarItem/SafeNavbarItem';
import { mockStaticQuery } from '../../support/static-query';

beforeEach(() => mockStaticQuery());
afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

const renderItem = (item: NavbarItemConfig) =>
  render(
    <DocsPreferredVersionProvider>
      <NavbarItem item={item} />
      <a href="/elsewhere">outside</a>
    </DocsPreferredVersionProvider>,
  );

const dropdown: NavbarItemConfig = {
  type: 'dropdown',
  label: 'More',
  items: [
    { type: 'default', label: 'Atom', to: '/docs/api/atom' },
    { type: 'default', label: 'State', to: '/docs/api/state' },
    { type: 'default', label: 'npm', href: 'https://www.npmjs.com/package/@rkrupinski/stan' },
  ],
};

describe('navbar item kinds', () => {
  it('has a component for every kind the config schema accepts, and for no other', () => {
    expect(Object.keys(navbarItemRegistry).sort()).toEqual([...navbarItemTypes].sort());
  });

  it('is checked by the compiler: a registry missing a kind, or with a kind the schema lacks, does not compile', () => {
    // @ts-expect-error every kind of the schema needs a component
    const missing: NavbarItemRegistry = { default: DefaultNavbarItem };
    // @ts-expect-error a kind the schema does not accept has no place here
    const extra: NavbarItemRegistry = { ...navbarItemRegistry, carousel: DefaultNavbarItem };
    expect(Object.keys(missing)).toHaveLength(1);
    expect(Object.keys(extra)).toContain('carousel');
  });
});

describe('dropdown', () => {
  it('is a button with aria-expanded that opens and closes its links', async () => {
    renderItem(dropdown);
    const button = await screen.findByRole('button', { name: 'More' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Atom' })).toBeNull();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(within(menu as HTMLElement).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/docs/api/atom',
      '/docs/api/state',
      'https://www.npmjs.com/package/@rkrupinski/stan',
    ]);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('is keyboard operable: ArrowDown opens and focuses, arrows wrap, Escape closes and refocuses the button', async () => {
    renderItem(dropdown);
    const button = await screen.findByRole('button', { name: 'More' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Atom' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: 'State' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('link', { name: /npm/ })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: 'Atom' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(screen.getByRole('link', { name: /npm/ })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when focus leaves it or the reader clicks outside', async () => {
    renderItem(dropdown);
    const button = await screen.findByRole('button', { name: 'More' });
    fireEvent.click(button);
    fireEvent.blur(button, { relatedTarget: screen.getByRole('link', { name: 'outside' }) });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('localeDropdown', () => {
  it('lists the one English locale, marked current, linking to this page', async () => {
    window.history.pushState({}, '', '/docs/api/atom');
    renderItem({ type: 'localeDropdown' });
    const button = await screen.findByRole('button', { name: 'English' });
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/docs/api/atom');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(link).toHaveAttribute('aria-current', 'true');
  });
});

describe('docsVersionDropdown', () => {
  it('with the single version "Next" is a plain link to its main doc, not a one-item menu', async () => {
    renderItem({ type: 'docsVersionDropdown' });
    expect(await screen.findByRole('link', { name: 'Docs version: Next' })).toHaveAttribute('href', '/docs');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SafeNavbarItem', () => {
  it('shows an error naming the item that failed; the items beside it still render', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <DocsPreferredVersionProvider>
        <ul>
          <li>
            <SafeNavbarItem item={{ type: 'doc', docId: 'api/nope', label: 'Broken' }} />
          </li>
          <li>
            <SafeNavbarItem item={{ type: 'doc', docId: 'api/atom' }} />
          </li>
        </ul>
      </DocsPreferredVersionProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The navbar item "Broken" (type "doc") failed to render: No doc with id "api/nope"',
    );
    expect(await screen.findByRole('link', { name: 'Atom' })).toHaveAttribute('href', '/docs/api/atom');
  });
});
