import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

/** The dropdown's <details> once its lazily loaded item has rendered, and its toggle (<summary>). */
async function findMenu(name: string) {
  const summary = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('summary')).find((s) => s.textContent === name);
    if (!found) throw new Error(`No menu toggle named "${name}"`);
    return found;
  });
  return { summary, details: summary.closest('details') as HTMLDetailsElement };
}

/** Points at the menu, which loads its keys and closing from outside, and waits for them. */
async function reachFor(details: HTMLElement) {
  fireEvent.pointerEnter(details);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('dropdown', () => {
  it('is a disclosure (<details>) whose toggle opens and closes its links, and says it is a menu with a caret', async () => {
    renderItem(dropdown);
    const { summary, details } = await findMenu('More');
    expect(summary.querySelector('svg')).not.toBeNull();
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/docs/api/atom',
      '/docs/api/state',
      'https://www.npmjs.com/package/@rkrupinski/stan',
    ]);
    fireEvent.click(summary);
    expect(details.open).toBe(false);
  });

  it('is keyboard operable: ArrowDown opens and focuses, arrows wrap, Escape closes and refocuses the toggle', async () => {
    renderItem(dropdown);
    const { summary, details } = await findMenu('More');
    await reachFor(details);
    summary.focus();
    fireEvent.keyDown(summary, { key: 'ArrowDown' });
    expect(details.open).toBe(true);
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
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it('an arrow key pressed while its keys are still loading is not lost: the menu opens on it once they are there', async () => {
    renderItem(dropdown);
    const { summary, details } = await findMenu('More');
    summary.focus();
    // Focus asks for the keys' code; the key comes before it has arrived.
    const pressed = fireEvent.keyDown(summary, { key: 'ArrowDown' });
    expect(pressed).toBe(false);
    expect(details.open).toBe(false);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Atom' })).toHaveFocus());
    expect(details.open).toBe(true);
  });

  it('keys the menu does not act on are left to the browser while its keys load', async () => {
    renderItem(dropdown);
    const { summary, details } = await findMenu('More');
    summary.focus();
    expect(fireEvent.keyDown(summary, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(summary, { key: 'a' })).toBe(true);
    await reachFor(details);
    expect(details.open).toBe(false);
  });

  it('closes when focus leaves it or the reader clicks outside', async () => {
    renderItem(dropdown);
    const { summary, details } = await findMenu('More');
    await reachFor(details);
    fireEvent.click(summary);
    fireEvent.focusIn(screen.getByRole('link', { name: 'outside' }));
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    // Focus moving inside keeps it open.
    fireEvent.focusIn(within(details).getByRole('link', { name: 'Atom' }));
    expect(details.open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(details.open).toBe(false);
  });
});

describe('localeDropdown', () => {
  it('lists the one English locale, marked current, linking to this page', async () => {
    window.history.pushState({}, '', '/docs/api/atom');
    renderItem({ type: 'localeDropdown' });
    const { summary } = await findMenu('English');
    fireEvent.click(summary);
    const link = screen.getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/docs/api/atom');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(link).toHaveAttribute('aria-current', 'true');
  });
});

describe('docsVersionDropdown', () => {
  it('with a single version is a plain link to its main doc, not a one-item menu', async () => {
    renderItem({ type: 'docsVersionDropdown' });
    expect(await screen.findByRole('link', { name: 'Docs version: Next' })).toHaveAttribute('href', '/docs');
    expect(document.querySelector('details')).toBeNull();
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
