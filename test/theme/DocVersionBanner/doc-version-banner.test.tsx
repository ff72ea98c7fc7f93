import { act, fireEvent, render, screen } from '@testing-library/react';
import { PageRouteProvider } from '@src/theme-common/page-route';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { twoVersions } from '../NavbarItem/two-versions';
import DocVersionBanner from '@src/theme/DocVersionBanner';

jest.mock('@src/theme-common/docs-version', () => ({
  ...jest.requireActual('@src/theme-common/docs-version'),
  useDocsVersions: jest.fn(),
}));

beforeEach(() => jest.mocked(useDocsVersions).mockReturnValue(twoVersions));
afterEach(() => window.localStorage.clear());

const renderBanner = (versionName: string, lastVersionDocPath: string) =>
  render(
    <DocsPreferredVersionProvider>
      <DocVersionBanner versionName={versionName} lastVersionDocPath={lastVersionDocPath} />
    </DocsPreferredVersionProvider>,
  );

describe('DocVersionBanner', () => {
  it('on an unmaintained version, says so and links the same page in the latest docs', () => {
    renderBanner('1.0.0-rc14', '/docs/api/atom');
    const note = screen.getByRole('note', { name: 'Older version' });
    expect(note).toHaveTextContent('These docs describe 1.0.0-rc14, an older release that is no longer maintained.');
    expect(screen.getByRole('link', { name: 'Read this page in the latest docs (Next, release 1.2.0-rc4)' })).toHaveAttribute(
      'href',
      '/docs/api/atom',
    );
  });

  it("has a phone's one-line wording too (CSS shows one of the two): the release, no longer maintained, a link to the same page", () => {
    renderBanner('1.0.0-rc14', '/docs/api/atom');
    const note = screen.getByRole('note', { name: 'Older version' });
    expect(note).toHaveTextContent('1.0.0-rc14 is no longer maintained. Latest docs');
    expect(screen.getByRole('link', { name: 'Latest docs' })).toHaveAttribute('href', '/docs/api/atom');
  });

  it.each(['Read this page in the latest docs (Next, release 1.2.0-rc4)', 'Latest docs'])(
    'makes the latest version the preferred one when its link "%s" is followed',
    (name) => {
      window.localStorage.setItem('docs-preferred-version-default', '1.0.0-rc14');
      renderBanner('1.0.0-rc14', '/docs');
      act(() => fireEvent.click(screen.getByRole('link', { name })));
      expect(window.localStorage.getItem('docs-preferred-version-default')).toBe('current');
    },
  );

  it('shows nothing on a version without the unmaintained banner', () => {
    const { container } = renderBanner('current', '/docs/api/atom');
    expect(container).toBeEmptyDOMElement();
  });

  it('by default follows the page’s route, and links the latest docs’ first page', () => {
    render(
      <PageRouteProvider pathname="/docs/1.0.0-rc14/guides/ssr">
        <DocsPreferredVersionProvider>
          <DocVersionBanner />
        </DocsPreferredVersionProvider>
      </PageRouteProvider>,
    );
    expect(screen.getByRole('link', { name: /Read this page in the latest docs/ })).toHaveAttribute('href', '/docs');
  });

  it('shows nothing for a version the build does not list', () => {
    const { container } = renderBanner('0.9.0', '/docs');
    expect(container).toBeEmptyDOMElement();
  });
});
