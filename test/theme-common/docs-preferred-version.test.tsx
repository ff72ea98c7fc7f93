import { act, fireEvent, render, screen } from '@testing-library/react';
import DocsVersionNavbarItem from '@src/theme/NavbarItem/DocsVersionNavbarItem';
import { mockStaticQuery } from '../support/static-query';
import { DocsPreferredVersionProvider, knownVersionName, useDocsPreferredVersion } from '@src/theme-common/docs-preferred-version';

const KEY = 'docs-preferred-version-default';

beforeEach(() => mockStaticQuery());
afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

function Probe() {
  const { preferredVersion, savePreferredVersionName } = useDocsPreferredVersion();
  return (
    <>
      <output>{preferredVersion ? preferredVersion.label : 'none'}</output>
      <button type="button" onClick={() => savePreferredVersionName('current')}>
        prefer
      </button>
    </>
  );
}

const renderProbe = () =>
  render(
    <DocsPreferredVersionProvider>
      <Probe />
      <DocsVersionNavbarItem item={{ type: 'docsVersion' }} />
    </DocsPreferredVersionProvider>,
  );

describe('knownVersionName', () => {
  it('keeps a known name and drops anything else', () => {
    expect(knownVersionName('current', ['current'])).toBe('current');
    expect(knownVersionName('1.0.0', ['current'])).toBeNull();
    expect(knownVersionName(null, ['current'])).toBeNull();
  });
});

describe('DocsPreferredVersionProvider', () => {
  it('has no preference at first and stores one under docs-preferred-version-default', () => {
    renderProbe();
    expect(screen.getByRole('status')).toHaveTextContent('none');
    fireEvent.click(screen.getByRole('button', { name: 'prefer' }));
    expect(window.localStorage.getItem(KEY)).toBe('current');
    expect(screen.getByRole('status')).toHaveTextContent('Next');
  });

  it('clears a stored name that matches no version', () => {
    window.localStorage.setItem(KEY, 'v0.9');
    renderProbe();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });

  it('clears a stale name that another tab writes', () => {
    renderProbe();
    act(() => {
      window.localStorage.setItem(KEY, 'garbage');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('rejects saving an unknown version name with the known names', () => {
    let save: ((name: string) => void) | undefined;
    function Saver() {
      save = useDocsPreferredVersion().savePreferredVersionName;
      return null;
    }
    render(
      <DocsPreferredVersionProvider>
        <Saver />
      </DocsPreferredVersionProvider>,
    );
    expect(() => save?.('2.0')).toThrow('Unknown docs version name "2.0". Known versions: current.');
  });

  it('feeds the docs version navbar link (the "Next" version’s main doc)', async () => {
    window.localStorage.setItem(KEY, 'current');
    renderProbe();
    expect(await screen.findByRole('link', { name: 'Next' })).toHaveAttribute('href', '/docs');
  });

  it('works without storage', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('no storage');
    });
    renderProbe();
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });
});
