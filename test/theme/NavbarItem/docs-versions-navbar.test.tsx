import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { PageRouteProvider } from '@src/theme-common/page-route';
import DocNavbarItem from '@src/theme/NavbarItem/DocNavbarItem';
import DocSidebarNavbarItem from '@src/theme/NavbarItem/DocSidebarNavbarItem';
import DocsVersionDropdownNavbarItem from '@src/theme/NavbarItem/DocsVersionDropdownNavbarItem';
import DocsVersionNavbarItem from '@src/theme/NavbarItem/DocsVersionNavbarItem';
import { DocInVersionsProvider } from '@src/theme-common/doc-in-versions';
import type { DocInVersion } from '@src/contract/doc-in-versions';
import { MISSING_PAGE_NOTE } from '@src/theme/NavbarItem/DocsVersionDropdownNavbarItem';
import { nextVersion, twoVersions } from './two-versions';

jest.mock('@src/theme-common/docs-version', () => ({
  ...jest.requireActual('@src/theme-common/docs-version'),
  useDocsVersions: jest.fn(),
}));

const KEY = 'docs-preferred-version-default';

beforeEach(() => jest.mocked(useDocsVersions).mockReturnValue(twoVersions));
afterEach(() => window.localStorage.clear());

/** Renders on a page at `pathname`; a doc page gives its doc's place in every version. */
function onPage(pathname: string, children: ReactNode, docInVersions?: readonly DocInVersion[]) {
  const page = (
    <PageRouteProvider pathname={pathname}>
      <DocsPreferredVersionProvider>{children}</DocsPreferredVersionProvider>
    </PageRouteProvider>
  );
  return render(docInVersions ? <DocInVersionsProvider value={docInVersions}>{page}</DocInVersionsProvider> : page);
}

describe('navbar docs links go to the version being read, else the preferred one, else the last', () => {
  const items = (
    <>
      <DocSidebarNavbarItem item={{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }} />
      <DocNavbarItem item={{ type: 'doc', docId: 'intro', label: 'Intro' }} />
      <DocsVersionNavbarItem item={{ type: 'docsVersion' }} />
    </>
  );
  const hrefs = () => ({
    docs: screen.getByRole('link', { name: 'Docs' }).getAttribute('href'),
    intro: screen.getByRole('link', { name: 'Intro' }).getAttribute('href'),
    version: screen.getAllByRole('link').at(-1)?.getAttribute('href'),
  });

  it('the last version when nothing else is known', () => {
    onPage('/', items);
    expect(hrefs()).toEqual({ docs: '/docs', intro: '/docs', version: '/docs' });
    expect(screen.getByRole('link', { name: '1.2.0-rc4' })).toBeInTheDocument();
  });

  it('the preferred version off the docs', () => {
    window.localStorage.setItem(KEY, '1.0.0-rc14');
    onPage('/playground', items);
    expect(hrefs()).toEqual({ docs: '/docs/1.0.0-rc14', intro: '/docs/1.0.0-rc14', version: '/docs/1.0.0-rc14' });
    expect(screen.getByRole('link', { name: '1.0.0-rc14' })).toBeInTheDocument();
  });

  it('the version being read, before the preferred one', () => {
    onPage('/docs/1.0.0-rc14/api/atom', items);
    expect(hrefs()).toEqual({ docs: '/docs/1.0.0-rc14', intro: '/docs/1.0.0-rc14', version: '/docs/1.0.0-rc14' });
  });

  it('the version being read even when another one is preferred', () => {
    window.localStorage.setItem(KEY, '1.0.0-rc14');
    onPage('/docs/api/atom', items);
    expect(hrefs()).toEqual({ docs: '/docs', intro: '/docs', version: '/docs' });
  });

  it('a doc the chosen version lacks is linked in the last version', () => {
    onPage('/docs/1.0.0-rc14', <DocNavbarItem item={{ type: 'doc', docId: 'api/store', label: 'Store' }} />);
    expect(screen.getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/docs/api/store');
  });
});

describe('DocsVersionDropdownNavbarItem', () => {
  const dropdown = <DocsVersionDropdownNavbarItem item={{ type: 'docsVersionDropdown', position: 'right' }} />;
  const atom: DocInVersion[] = [
    { name: 'current', isLast: true, path: '/docs/api/atom' },
    { name: '1.0.0-rc14', isLast: false, path: '/docs/1.0.0-rc14/api/atom' },
  ];
  const store: DocInVersion[] = [
    { name: 'current', isLast: true, path: '/docs/api/store' },
    { name: '1.0.0-rc14', isLast: false, path: null },
  ];
  const toggle = (container: HTMLElement) => container.querySelector('summary') as HTMLElement;
  const menu = (container: HTMLElement) => container.querySelector('details') as HTMLDetailsElement;
  /** Points at the menu, which loads its keys and closing from outside, and waits for them. */
  const reachFor = async (details: HTMLElement) => {
    fireEvent.pointerEnter(details);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  const entries = () =>
    screen.getAllByRole('link', { hidden: true }).map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);

  it('is a menu from the start, drawn with the page: a toggle naming the shown version, with a caret, and every version’s link', () => {
    const { container } = onPage('/docs/1.0.0-rc14/api/atom', dropdown, atom);
    expect(toggle(container)).toHaveTextContent(/^Docs version: 1\.0\.0-rc14$/);
    expect(toggle(container).querySelector('svg')).not.toBeNull();
    expect(menu(container).open).toBe(false);
    expect(entries()).toEqual([
      ['1.2.0-rc4 (latest)', '/docs/api/atom', null],
      ['1.0.0-rc14', '/docs/1.0.0-rc14/api/atom', 'true'],
    ]);
  });

  it('says which versions lack the page being read, and sends the reader to their first page saying so on arrival', () => {
    onPage('/docs/api/store', dropdown, store);
    expect(entries()).toEqual([
      ['1.2.0-rc4 (latest)', '/docs/api/store', 'true'],
      [`1.0.0-rc14 ${MISSING_PAGE_NOTE}`, '/docs/1.0.0-rc14?missing-page', null],
    ]);
  });

  it('off the docs pages, links each version’s main doc', () => {
    onPage('/playground', dropdown);
    expect(entries()).toEqual([
      ['1.2.0-rc4 (latest)', '/docs', 'true'],
      ['1.0.0-rc14', '/docs/1.0.0-rc14', null],
    ]);
  });

  it('with one version is a plain link to its main doc, never a menu', () => {
    jest.mocked(useDocsVersions).mockReturnValue([nextVersion]);
    const { container } = onPage('/docs/api/atom', dropdown);
    expect(screen.getByRole('link', { name: 'Docs version: 1.2.0-rc4' })).toHaveAttribute('href', '/docs');
    expect(container.querySelector('details')).toBeNull();
  });

  it('saves the chosen version as preferred and closes', () => {
    const { container } = onPage('/docs/api/atom', dropdown, atom);
    act(() => {
      menu(container).open = true;
    });
    act(() => fireEvent.click(screen.getByRole('link', { name: '1.0.0-rc14' })));
    expect(window.localStorage.getItem(KEY)).toBe('1.0.0-rc14');
    expect(menu(container).open).toBe(false);
  });

  it('closes on a click elsewhere once reached for', async () => {
    const { container } = onPage('/docs/api/atom', dropdown, atom);
    await reachFor(menu(container));
    act(() => {
      menu(container).open = true;
    });
    fireEvent.pointerDown(document.body);
    expect(menu(container).open).toBe(false);
  });

  it('learns that the browser opened it before the page hydrated', async () => {
    const first = onPage('/docs/api/atom', dropdown, atom);
    const html = first.container.innerHTML;
    first.unmount();
    // The server's HTML, opened by a tap, then hydrated.
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    (container.querySelector('details') as HTMLDetailsElement).open = true;
    render(
      <PageRouteProvider pathname="/docs/api/atom">
        <DocsPreferredVersionProvider>
          <DocInVersionsProvider value={atom}>{dropdown}</DocInVersionsProvider>
        </DocsPreferredVersionProvider>
      </PageRouteProvider>,
      { container, hydrate: true },
    );
    expect(menu(container).open).toBe(true);
    // Open already, so reached for: its closing from outside loads at once.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.pointerDown(document.body);
    expect(menu(container).open).toBe(false);
  });

  it('keeps the keyboard behaviour of a menu: ArrowDown opens it on the first version, Escape closes it', async () => {
    const { container } = onPage('/docs/api/atom', dropdown, atom);
    const summary = toggle(container);
    act(() => summary.focus());
    // Focus is reaching for it: the keys load.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.keyDown(summary, { key: 'ArrowDown' });
    expect(menu(container).open).toBe(true);
    expect(screen.getByRole('link', { name: '1.2.0-rc4 (latest)' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: '1.0.0-rc14' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(menu(container).open).toBe(false);
    expect(summary).toHaveFocus();
  });
});
