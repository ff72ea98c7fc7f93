import { act, fireEvent, render, screen, within } from '@testing-library/react';
import siteConfig from '../../../site.config';
import type { SidebarItem } from '@src/contract/navigation';
import { smoothScrollToTop } from '@src/theme-common/smooth-scroll';
import DocSidebar from '@src/theme/DocSidebar';
import Layout from '@src/theme/Layout';
import { mockStaticQuery } from '../../support/static-query';

const navbar = siteConfig.themeConfig.navbar;
const originalItems = navbar.items;

let desktop = false;
const mediaListeners = new Set<() => void>();
function installMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return query === '(min-width: 996px)' ? desktop : false;
      },
      addEventListener: (_: string, l: () => void) => mediaListeners.add(l),
      removeEventListener: (_: string, l: () => void) => mediaListeners.delete(l),
    }),
  });
}
function setDesktop(value: boolean) {
  desktop = value;
  act(() => mediaListeners.forEach((l) => l()));
}

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

beforeEach(() => {
  mockStaticQuery();
  desktop = false;
  installMatchMedia();
});
afterEach(() => {
  navbar.items = originalItems;
  window.localStorage.clear();
  delete (window as { matchMedia?: unknown }).matchMedia;
  jest.useRealTimers();
});

const renderLayout = () =>
  render(
    <Layout secondaryMenu={<DocSidebar items={sidebar} activePath="/docs/api/state" variant="mobile" />}>
      <p>Body</p>
    </Layout>,
  );

async function openMenu() {
  const button = screen.getByRole('button', { name: 'Open navigation menu' });
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Navigation menu' });
}

describe('mobile navbar menu', () => {
  it('opens on the docs sidebar (secondary menu) with a way back to the navbar items (primary menu)', async () => {
    renderLayout();
    const button = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('navigation', { name: 'Docs sidebar' })).toBeInTheDocument();
    const back = within(dialog).getByRole('button', { name: '← Back to main menu' });
    expect(back).toHaveFocus();
    fireEvent.click(back);
    const primary = within(dialog).getByRole('navigation', { name: 'Main menu' });
    expect(within(primary).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
    expect(within(primary).getByRole('link', { name: /GitHub/ })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Docs sidebar →' }));
    expect(within(dialog).getByRole('navigation', { name: 'Docs sidebar' })).toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the menu button; the page behind does not scroll while open', async () => {
    renderLayout();
    const button = screen.getByRole('button', { name: 'Open navigation menu' });
    button.focus();
    await openMenu();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(button).toHaveFocus();
  });

  it('keeps Tab focus inside the open menu', async () => {
    renderLayout();
    const dialog = await openMenu();
    const close = within(dialog).getByRole('button', { name: 'Close navigation menu' });
    const focusables = Array.from(dialog.querySelectorAll<HTMLElement>('a[href], button'));
    const last = focusables[focusables.length - 1] as HTMLElement;
    // jsdom has no layout (offsetParent is null): only the focused element counts as visible there.
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes when a link in it is followed, and when the backdrop is clicked', async () => {
    renderLayout();
    let dialog = await openMenu();
    const link = within(dialog).getByRole('link', { name: 'atom' });
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
    fireEvent.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
    await openMenu();
    fireEvent.click(screen.getByTestId('mobile-sidebar-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await openMenu();
    expect(dialog).toBeInTheDocument();
  });

  it('is forced closed when the viewport becomes desktop (996 px)', async () => {
    renderLayout();
    await openMenu();
    setDesktop(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is disabled when the navbar has no items', () => {
    navbar.items = [];
    renderLayout();
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).toBeNull();
  });
});

describe('hideable navbar', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  };
  const header = () => screen.getByRole('banner');

  it('hides when scrolling down past its height and shows on scroll up', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    renderLayout();
    jest.spyOn(header(), 'offsetHeight', 'get').mockReturnValue(60);
    scrollTo(30);
    expect(header()).toHaveAttribute('data-navbar-visible', 'true');
    scrollTo(400);
    expect(header()).toHaveAttribute('data-navbar-visible', 'false');
    scrollTo(300);
    expect(header()).toHaveAttribute('data-navbar-visible', 'true');
    scrollTo(10);
    expect(header()).toHaveAttribute('data-navbar-visible', 'true');
  });

  it('hides when the reader jumps to a hash anchor', () => {
    renderLayout();
    window.history.pushState({}, '', '#caching');
    act(() => {
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(header()).toHaveAttribute('data-navbar-visible', 'false');
    window.history.pushState({}, '', '/');
  });
});

describe('back to top', () => {
  it('appears after scrolling 300 px and hides again near the top', async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    renderLayout();
    expect(screen.queryByRole('button', { name: 'Scroll back to top', hidden: true })).toBeNull();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 800 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    const button = await screen.findByRole('button', { name: 'Scroll back to top' });
    expect(button).toHaveAttribute('data-shown', 'true');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 100 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(button).toHaveAttribute('data-shown', 'false');
  });

  it('scrolls with the 0.85 factor per frame, and at once under reduced motion', () => {
    const positions: number[] = [];
    let top = 1000;
    Object.defineProperty(document.documentElement, 'scrollTop', { configurable: true, get: () => top });
    const scroll = jest.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      top = y;
      positions.push(y);
    }) as typeof window.scrollTo);
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    smoothScrollToTop(false);
    for (let i = 0; i < 5; i++) frames.shift()?.(0);
    expect(positions).toEqual([850, 722, 613, 521, 442, 375].slice(0, positions.length));
    expect(positions.length).toBeGreaterThanOrEqual(5);
    positions.length = 0;
    top = 1000;
    smoothScrollToTop(true);
    expect(positions).toEqual([0]);
    scroll.mockRestore();
  });
});

function renderPlainLayout() {
  return render(
    <Layout>
      <p>Body text</p>
    </Layout>,
  );
}

describe('Layout', () => {
  it('puts the skip link first and points it at <main>', () => {
    const { container } = renderPlainLayout();
    const first = container.querySelector('a, button, [tabindex]');
    expect(first).toHaveTextContent('Skip to main content');
    expect(first).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it('moves focus into <main> when the skip link is used', () => {
    renderPlainLayout();
    Element.prototype.scrollIntoView = jest.fn();
    fireEvent.click(screen.getByText('Skip to main content'));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('renders the configured announcement bar', () => {
    renderPlainLayout();
    const bar = screen.getByRole('region', { name: 'Announcement' });
    expect(bar).toHaveTextContent('@rkrupinski/stan 1.2.0-rc4');
    expect(within(bar).getByRole('link')).toHaveAttribute('href', '/docs/getting-started/installation');
  });

  it('renders the navbar: title, 32×32 logo linking home, Docs and the source link', () => {
    renderPlainLayout();
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
    renderPlainLayout();
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
