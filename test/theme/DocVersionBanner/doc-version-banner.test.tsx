import { act, fireEvent, render, screen } from '@testing-library/react';
import { DocsPreferredVersionProvider } from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { nextVersion, oldVersion, twoVersions } from '../NavbarItem/two-versions';
import DocVersionBanner from '@src/theme/DocVersionBanner';

jest.mock('@src/theme-common/docs-version', () => ({
  ...jest.requireActual('@src/theme-common/docs-version'),
  useDocsVersions: jest.fn(),
}));

beforeEach(() => jest.mocked(useDocsVersions).mockReturnValue(twoVersions));
afterEach(() => window.localStorage.clear());

const renderBanner = (versionName: string, lastVersionDocPath: string, locationSearch = '') =>
  render(
    <DocsPreferredVersionProvider>
      <DocVersionBanner versionName={versionName} lastVersionDocPath={lastVersionDocPath} locationSearch={locationSearch} />
    </DocsPreferredVersionProvider>,
  );

describe('DocVersionBanner', () => {
  it('on an unmaintained version, says so and links the same page in the latest docs', () => {
    renderBanner('1.0.0-rc14', '/docs/api/atom');
    const note = screen.getByRole('note', { name: 'Older version' });
    expect(note).toHaveTextContent('These docs describe 1.0.0-rc14, an older release that is no longer maintained.');
    expect(screen.getByRole('link', { name: 'Read this page in the latest docs (1.2.0-rc4)' })).toHaveAttribute(
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

  it.each(['Read this page in the latest docs (1.2.0-rc4)', 'Latest docs'])(
    'makes the latest version the preferred one when its link "%s" is followed',
    (name) => {
      window.localStorage.setItem('docs-preferred-version-default', '1.0.0-rc14');
      renderBanner('1.0.0-rc14', '/docs');
      act(() => fireEvent.click(screen.getByRole('link', { name })));
      expect(window.localStorage.getItem('docs-preferred-version-default')).toBe('current');
    },
  );

  it('shows nothing on a version without a banner (an empty live region, ready to speak)', () => {
    renderBanner('current', '/docs/api/atom');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('on an unreleased version, says it may still change and links the latest docs', () => {
    jest.mocked(useDocsVersions).mockReturnValue([nextVersion, { ...oldVersion, name: '2.0.0-beta1', label: '2.0.0-beta1', release: '2.0.0-beta1', banner: 'unreleased' }]);
    renderBanner('2.0.0-beta1', '/docs/api/atom');
    const note = screen.getByRole('note', { name: 'Unreleased version' });
    expect(note).toHaveTextContent('These docs describe 2.0.0-beta1, a version not released yet: what they say may still change.');
    expect(screen.getByRole('link', { name: 'Read this page in the latest docs (1.2.0-rc4)' })).toHaveAttribute('href', '/docs/api/atom');
  });

  it('on the last version with a banner, names the release and links nowhere else', () => {
    jest.mocked(useDocsVersions).mockReturnValue([{ ...nextVersion, banner: 'unreleased' }, oldVersion]);
    renderBanner('current', '/docs/api/atom');
    expect(screen.getByRole('note', { name: 'Unreleased version' })).toHaveTextContent(/^These docs describe 1\.2\.0-rc4, a version not released yet/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing for a version the build does not list', () => {
    renderBanner('0.9.0', '/docs');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  describe('on arrival from the version menu at a version that lacks the page', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('says the page is not in this version, and takes the parameter out of the address, keeping the router’s state', () => {
      window.history.replaceState({ key: 'k' }, '', '/docs/1.0.0-rc14?missing-page#top');
      renderBanner('1.0.0-rc14', '/docs', '?missing-page');
      expect(screen.getByRole('status')).toHaveTextContent('The page you were reading is not in the 1.0.0-rc14 docs, so this is their first page.');
      expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/docs/1.0.0-rc14#top');
      expect(window.history.state).toEqual({ key: 'k' });
    });

    it('keeps the address’s other parameters', () => {
      window.history.replaceState(null, '', '/docs/1.0.0-rc14?a=1&missing-page');
      renderBanner('1.0.0-rc14', '/docs', '?a=1&missing-page');
      expect(window.location.search).toBe('?a=1');
    });

    it('says nothing on any other arrival', () => {
      renderBanner('1.0.0-rc14', '/docs', '?q=x');
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });
  });
});
