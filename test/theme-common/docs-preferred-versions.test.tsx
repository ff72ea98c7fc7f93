import { act, fireEvent, render, screen } from '@testing-library/react';
import { twoVersions } from '../theme/NavbarItem/two-versions';
import { DocsPreferredVersionProvider, useDocsPreferredVersion, useDocsVersionCandidate } from '@src/theme-common/docs-preferred-version';
import { useDocsVersions } from '@src/theme-common/docs-version';
import { PageRouteProvider } from '@src/theme-common/page-route';

jest.mock('@src/theme-common/docs-version', () => ({ ...jest.requireActual('@src/theme-common/docs-version'), useDocsVersions: jest.fn() }));

const KEY = 'docs-preferred-version-default';

beforeEach(() => jest.mocked(useDocsVersions).mockReturnValue(twoVersions));
afterEach(() => window.localStorage.clear());

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
      </DocsPreferredVersionProvider>
    </PageRouteProvider>,
  );

describe('the preferred docs version among several', () => {
  it('stores an older version when chosen and keeps it on the next visit', () => {
    const first = renderOn('/');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'prefer 1.0' })));
    expect(window.localStorage.getItem(KEY)).toBe('1.0.0-rc14');
    first.unmount();
    renderOn('/');
    expect(screen.getByRole('status')).toHaveTextContent('1.0.0-rc14');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate 1.0.0-rc14');
  });

  it('clears a stored name that names no listed version', () => {
    window.localStorage.setItem(KEY, '0.9.0');
    renderOn('/');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate current');
  });

  it('rejects saving an unknown name, naming every version', () => {
    renderOn('/');
    expect(() => save('2.0')).toThrow('Unknown docs version name "2.0". Known versions: current, 1.0.0-rc14.');
  });

  it('the version being read wins over the preferred one', () => {
    window.localStorage.setItem(KEY, 'current');
    renderOn('/docs/1.0.0-rc14/guides/ssr');
    expect(screen.getByText(/^candidate/)).toHaveTextContent('candidate 1.0.0-rc14');
  });
});
