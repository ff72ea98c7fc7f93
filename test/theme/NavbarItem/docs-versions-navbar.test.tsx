import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { PageRouteProvider } from '@src/theme-common/page-route';
import DocNavbarItem from '@src/theme/NavbarItem/DocNavbarItem';
import DocSidebarNavbarItem from '@src/theme/NavbarItem/DocSidebarNavbarItem';
import DocsVersionDropdownNavbarItem from '@src/theme/NavbarItem/DocsVersionDropdownNavbarItem';
import DocsVersionNavbarItem from '@src/theme/NavbarItem/DocsVersionNavbarItem';
import { forgetDocsVersionsManifest } from '@src/theme/NavbarItem/docs-versions-manifest';
import { nextVersion, twoVersions, twoVersionsManifest } from './two-versions';

jest.mock('@src/theme-common/docs-version', () => ({
  ...jest.requireActual('@src/theme-common/docs-version'),
  useDocsVersions: jest.fn(),
}));

const KEY = 'docs-preferred-version-default';
const fetchMock = jest.fn();

beforeEach(() => {
  jest.mocked(useDocsVersions).mockReturnValue(twoVersions);
  // Unless a test answers it, the manifest request stays pending.
  fetchMock.mockReset().mockImplementation(() => new Promise(() => {}));
  global.fetch = fetchMock;
});
afterEach(() => {
  window.localStorage.clear();
  forgetDocsVersionsManifest();
});

const manifestAnswer = () =>
  Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(twoVersionsManifest) } as Response);

function onPage(pathname: string, children: ReactNode) {
  return render(
    <PageRouteProvider pathname={pathname}>
      <DocsPreferredVersionProvider>{children}</DocsPreferredVersionProvider>
    </PageRouteProvider>,
  );
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
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
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
  const linkHrefs = () =>
    Object.fromEntries(screen.getAllByRole('link', { hidden: true }).map((a) => [a.textContent, a.getAttribute('href')]));

  /** Reaches for the item as a pointer does, and waits for its menu's button. */
  async function reachFor(label: string) {
    const link = screen.queryByRole('link', { name: `Docs version: ${label}` });
    if (link) fireEvent.pointerEnter(link.parentElement as HTMLElement);
    return screen.findByRole('button', { name: `Docs version: ${label}` });
  }

  // First: the menu's code, once loaded, stays loaded for the rest of the file.
  it('is a link to the shown version’s main doc, and loads neither the menu nor the manifest before the reader reaches for it', async () => {
    onPage('/docs/1.0.0-rc14/api/atom', dropdown);
    expect(screen.getByRole('link', { name: 'Docs version: 1.0.0-rc14' })).toHaveAttribute('href', '/docs/1.0.0-rc14');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with one version stays a plain link to its main doc, never a menu', async () => {
    jest.mocked(useDocsVersions).mockReturnValue([nextVersion]);
    onPage('/docs/api/atom', dropdown);
    const link = screen.getByRole('link', { name: 'Docs version: Next' });
    expect(link).toHaveAttribute('href', '/docs');
    fireEvent.pointerEnter(link.parentElement as HTMLElement);
    fireEvent.focus(link);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // Before any other test loads the menu: this one needs the load to happen while the link has focus.
  it('moves focus from the link to the menu’s button when the menu’s code arrives after a keyboard focus', async () => {
    onPage('/docs/api/atom', dropdown);
    const link = screen.getByRole('link', { name: 'Docs version: Next' });
    act(() => link.focus());
    const button = await screen.findByRole('button', { name: 'Docs version: Next' });
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('lists every version, the last one marked and first, each at its main doc until the manifest arrives', async () => {
    onPage('/docs/1.0.0-rc14/api/atom', dropdown);
    const button = await reachFor('1.0.0-rc14');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(Object.entries(linkHrefs())).toEqual([
      ['Next (latest)', '/docs'],
      ['1.0.0-rc14', '/docs/1.0.0-rc14'],
    ]);
    expect(screen.getByRole('link', { name: '1.0.0-rc14', hidden: true })).toHaveAttribute('aria-current', 'true');
  });

  it('fetches the manifest once, when first reached for, and then links the same page in each version', async () => {
    fetchMock.mockImplementation(manifestAnswer);
    onPage('/docs/1.0.0-rc14/api/atom', dropdown);
    const button = await reachFor('1.0.0-rc14');
    fireEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/docs-versions.json');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Next (latest)' })).toHaveAttribute('href', '/docs/api/atom'));
    expect(screen.getByRole('link', { name: '1.0.0-rc14' })).toHaveAttribute('href', '/docs/1.0.0-rc14/api/atom');
    fireEvent.focus(button);
    fireEvent.pointerEnter(button.parentElement as HTMLElement);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to a version’s main doc when the page is not in it', async () => {
    fetchMock.mockImplementation(manifestAnswer);
    onPage('/docs/api/store', dropdown);
    await reachFor('Next');
    await waitFor(() => expect(linkHrefs()).toEqual({ 'Next (latest)': '/docs/api/store', '1.0.0-rc14': '/docs/1.0.0-rc14' }));
  });

  it('saves the chosen version as preferred', async () => {
    onPage('/docs/api/atom', dropdown);
    fireEvent.click(await reachFor('Next'));
    act(() => fireEvent.click(screen.getByRole('link', { name: '1.0.0-rc14' })));
    expect(window.localStorage.getItem(KEY)).toBe('1.0.0-rc14');
  });

  it('keeps working links when the manifest cannot be fetched, says so, and tries again on the next intent', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    onPage('/docs/api/atom', dropdown);
    const button = await reachFor('Next');
    expect(await screen.findByText(/Could not look this page up in the other versions/)).toBeInTheDocument();
    expect(linkHrefs()).toEqual({ 'Next (latest)': '/docs', '1.0.0-rc14': '/docs/1.0.0-rc14' });
    fetchMock.mockImplementation(manifestAnswer);
    fireEvent.pointerEnter(button.parentElement as HTMLElement);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '1.0.0-rc14', hidden: true })).toHaveAttribute('href', '/docs/1.0.0-rc14/api/atom'),
    );
    expect(screen.queryByText(/Could not look this page up/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats an answer that is not a manifest as a failure', async () => {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({ nope: true }) } as Response);
    onPage('/docs/api/atom', dropdown);
    await reachFor('Next');
    expect(await screen.findByText(/Could not look this page up/)).toBeInTheDocument();
  });

  it('keeps the keyboard behaviour of the menu: ArrowDown opens it on the first version, Escape closes it', async () => {
    onPage('/docs/api/atom', dropdown);
    const button = await reachFor('Next');
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Next (latest)' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: '1.0.0-rc14' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
