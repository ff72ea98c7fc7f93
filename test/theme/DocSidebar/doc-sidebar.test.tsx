import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { SidebarItem } from '@src/contract/navigation';
import { forgetSidebarChoices } from '@src/theme-common/sidebar-memory';
import DocSidebar from '@src/theme/DocSidebar';

/** A sidebar with an unlisted doc, which the sidebar leaves out. */
const withUnlisted: SidebarItem[] = [
  { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
  {
    type: 'category',
    label: 'API',
    href: '/docs/api/atom',
    linkUnlisted: false,
    collapsed: false,
    collapsible: true,
    items: [
      { type: 'link', label: 'atom', href: '/docs/api/atom', docId: 'api/atom', unlisted: false },
      { type: 'link', label: 'hidden', href: '/docs/api/hidden', docId: 'api/hidden', unlisted: true },
    ],
  },
];

const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
  {
    type: 'category',
    label: 'API',
    href: '/docs/api/atom',
    linkUnlisted: false,
    collapsed: false,
    collapsible: true,
    items: [
      { type: 'link', label: 'atom', href: '/docs/api/atom', docId: 'api/atom', unlisted: false },
      { type: 'link', label: 'state', href: '/docs/api/state', docId: 'api/state', unlisted: false },
    ],
  },
];

describe('DocSidebar', () => {
  it('lists docs and expanded categories inside the "Docs sidebar" landmark', () => {
    render(<DocSidebar items={withUnlisted} />);
    const nav = screen.getByRole('navigation', { name: 'Docs sidebar' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Introduction', '/docs'],
      ['API', '/docs/api/atom'],
      ['atom', '/docs/api/atom'],
    ]);
  });
});

describe('DocSidebar categories', () => {
  const category = () => screen.getByRole('button', { name: /API: (collapse|expand) category/ });
  beforeEach(forgetSidebarChoices);

  it('toggle with a button carrying aria-expanded; collapsed links leave the tab order', () => {
    jest.useFakeTimers();
    render(<DocSidebar items={sidebar} activePath="/docs" />);
    expect(category()).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(category().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'atom' })).toBeVisible();
    fireEvent.click(category());
    expect(category()).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.runAllTimers());
    expect(list.style.visibility).toBe('hidden');
    fireEvent.click(category());
    expect(category()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the category holding the current page by itself', () => {
    const collapsed = sidebar.map((item) => (item.type === 'category' ? { ...item, collapsed: true } : item));
    const { rerender } = render(<DocSidebar items={collapsed} activePath="/docs" />);
    expect(category()).toHaveAttribute('aria-expanded', 'false');
    rerender(<DocSidebar items={collapsed} activePath="/docs/api/state" />);
    expect(category()).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a collapsed category collapsed on the next page, which renders its own sidebar', () => {
    const first = render(<DocSidebar items={sidebar} activePath="/docs" />);
    fireEvent.click(category());
    expect(category()).toHaveAttribute('aria-expanded', 'false');
    first.unmount();
    render(<DocSidebar items={sidebar} activePath="/docs/guides/caching" />);
    expect(category()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the category holding the page without overwriting the choice made for it', () => {
    const first = render(<DocSidebar items={sidebar} activePath="/docs" />);
    fireEvent.click(category());
    first.unmount();
    const inside = render(<DocSidebar items={sidebar} activePath="/docs/api/atom" />);
    expect(category()).toHaveAttribute('aria-expanded', 'true');
    inside.unmount();
    render(<DocSidebar items={sidebar} activePath="/docs" />);
    expect(category()).toHaveAttribute('aria-expanded', 'false');
  });
});
