import { act, fireEvent, render, screen } from '@testing-library/react';
import DocsVersionNavbarItem from '@src/theme/NavbarItem/DocsVersionNavbarItem';
import {
  DocsPreferredVersionProvider,
  knownVersionName,
  useDocsPreferredVersion,
  useDocsVersionCandidate,
} from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { PageRouteProvider } from '@src/theme-common/page-route';
import { nextVersion, twoVersions } from '../theme/NavbarItem/two-versions';

jest.mock('@src/theme-common/docs-version', () => ({ ...jest.requireActual('@src/theme-common/docs-version'), useDocsVersions: jest.fn() }));

const KEY = 'docs-preferred-version-default';

beforeEach(() => jest.mocked(useDocsVersions).mockReturnValue(twoVersions));
afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

let save: (name: string) => void = () => {};
function Probe() {
  const { preferredVersion, savePreferredVersionName } = useDocsPreferredVersion();
  const candidate = useDocsVersionCandidate();
  save = savePreferredVersionName;
  return (
    <>
      <output>{preferredVersion ? preferredVersion.name : 'none'}</output>
      <p>candidate {candidate.name}</p>
      <button type="button" onClick={() => savePreferredVersionName('1.0.0-rc14')}>
        prefer 1.0
      </button>
    </>
  );
}

const renderOn = (pathname: string) =>
  render(
    <PageRouteProvider pathname={pathname}>
      <DocsPreferredVersionProvider>
        <Probe />
        <DocsVersionNavbarItem item={{ type: 'docsVersion' }} />
      </DocsPreferredVersionProvider>
    </PageRouteProvider>,
  );

describe('knownVersionName', () => {
  it('keeps a known name and drops anything else', () => {
    expect(knownVersionName('current', ['current'])).toBe('current');
    expect(knownVersionName('1.0.0', ['current'])).toBeNull();
    expect(knownVersionName(null, ['current'])).toBeNull();
  });
});

describe('the preferred docs version', () => {
  it('is none at first; a chosen version is stored under docs-preferred-version-default and kept on the next visit', () => {
    const first = renderOn('/');
    expect(screen.getByRole('status')).toHaveTextContent('none');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'prefer 1.0' })));
    expect(window.localStorage.getItem(KEY)).toBe('1.0.0-rc14');
    first.unmount();
    renderOn('/');
    expect(screen.getByRole('status')).toHaveTextContent('1.0.0-rc14');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate 1.0.0-rc14');
  });

  it('feeds the docs version navbar link (the preferred version’s main doc, named by its label)', () => {
    window.localStorage.setItem(KEY, '1.0.0-rc14');
    renderOn('/playground');
    expect(screen.getByRole('link', { name: '1.0.0-rc14' })).toHaveAttribute('href', '/docs/1.0.0-rc14');
  });

  it('clears a stored name that names no listed version', () => {
    window.localStorage.setItem(KEY, '0.9.0');
    renderOn('/');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate current');
  });

  it('clears a stale name that another tab writes', () => {
    renderOn('/');
    act(() => {
      window.localStorage.setItem(KEY, 'garbage');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('rejects saving an unknown name, naming every version', () => {
    renderOn('/');
    expect(() => save('2.0')).toThrow('Unknown docs version name "2.0". Known versions: current, 1.0.0-rc14.');
    jest.mocked(useDocsVersions).mockReturnValue([nextVersion]);
    renderOn('/');
    expect(() => save('2.0')).toThrow('Unknown docs version name "2.0". Known versions: current.');
  });

  it('loses to the version being read', () => {
    window.localStorage.setItem(KEY, 'current');
    renderOn('/docs/1.0.0-rc14/guides/ssr');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate 1.0.0-rc14');
  });

  it('works without storage', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('no storage');
    });
    renderOn('/');
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate current');
  });
});
