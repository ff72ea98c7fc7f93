import { act, render, screen } from '@testing-library/react';
import { navigate } from 'gatsby';
import { forgetDocsVersionsManifest } from '@src/theme-common/docs-versions-manifest';
import NotFound from '@src/theme/NotFound';
import { twoVersions } from '../NavbarItem/two-versions';
import { docsVersionFixture, mockStaticQuery } from '../../support/static-query';

beforeEach(() => {
  mockStaticQuery();
  (navigate as jest.Mock).mockClear();
});

describe('NotFound', () => {
  it('shows the not-found message with ways back into the docs', () => {
    render(<NotFound pathname="/nope" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the introduction' })).toHaveAttribute('href', '/docs');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers the search box', () => {
    render(<NotFound pathname="/nope" />);
    expect(screen.getByText('Search the docs for what you were looking for:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts');
  });

  it.each(['/docs/api/atom.html', '/docs/api/atom/index.html'])('replaces %s with the route it names', (path) => {
    render(<NotFound pathname={path} />);
    expect(navigate).toHaveBeenCalledWith('/docs/api/atom', { replace: true });
  });

  it('does not redirect when the stripped path is not a page either', () => {
    render(<NotFound pathname="/docs/api/nothing.html" />);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('NotFound inside a docs version', () => {
  const manifest = {
    versions: [
      { name: 'current', mainDocPath: '/docs', docs: { intro: '/docs', 'guides/known-quirks': '/docs/guides/known-quirks' } },
      { name: '1.0.0-rc14', mainDocPath: '/docs/1.0.0-rc14', docs: { intro: '/docs/1.0.0-rc14' } },
    ],
  };
  const answer = (body: unknown) => jest.fn().mockResolvedValue({ ok: true, status: 200, json: () => Promise.resolve(body) });
  beforeEach(() => mockStaticQuery({ ...docsVersionFixture, docsVersions: twoVersions }));
  afterEach(forgetDocsVersionsManifest);

  it('links the same address in every version that has a page there', async () => {
    global.fetch = answer(manifest);
    render(<NotFound pathname="/docs/1.0.0-rc14/guides/known-quirks" />);
    expect(await screen.findByText('This address has a page in another version of the docs:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1.2.0-rc4 (latest): /docs/guides/known-quirks' })).toHaveAttribute(
      'href',
      '/docs/guides/known-quirks',
    );
  });

  it('offers nothing when no version has a page there, or the manifest is corrupt', async () => {
    global.fetch = answer(manifest);
    const { unmount } = render(<NotFound pathname="/docs/1.0.0-rc14/nothing" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/This address has a page/)).toBeNull();
    unmount();
    forgetDocsVersionsManifest();
    global.fetch = answer({ versions: [{ name: 'current', mainDocPath: '/docs', docs: { constructor: 7 } }] });
    render(<NotFound pathname="/docs/1.0.0-rc14/guides/known-quirks" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/This address has a page/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('asks for nothing outside the docs', () => {
    global.fetch = answer(manifest);
    render(<NotFound pathname="/nope" />);
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
