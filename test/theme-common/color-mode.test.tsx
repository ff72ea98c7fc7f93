import { act, fireEvent, render, screen } from '@testing-library/react';
import siteConfig from '../../site.config';
import { colorModeScript } from '@src/runtime/ssr/color-mode-script';
import ColorModeToggle from '@src/theme/ColorModeToggle';
import { ColorModeProvider, nextColorModeChoice, resolveColorMode, useColorMode } from '@src/theme-common/color-mode';

const html = document.documentElement;
const asConfigured = { defaultMode: 'light', respectPrefersColorScheme: false } as const;
const colorMode = siteConfig.themeConfig.colorMode;

function mockPrefersDark(dark: boolean) {
  const listeners = new Set<() => void>();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && dark,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }),
  });
  return {
    change(next: boolean) {
      dark = next;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  html.removeAttribute('data-theme');
  Object.assign(colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('resolveColorMode', () => {
  it('uses a valid stored choice', () => {
    expect(resolveColorMode('dark', asConfigured, false)).toBe('dark');
    expect(resolveColorMode('light', { defaultMode: 'dark', respectPrefersColorScheme: true }, true)).toBe('light');
  });

  it('falls back to the default for a missing or corrupt value', () => {
    for (const stored of [null, '', 'DARK', '"dark"', 'system', '{}']) {
      expect(resolveColorMode(stored, asConfigured, true)).toBe('light');
      expect(resolveColorMode(stored, { defaultMode: 'dark', respectPrefersColorScheme: false }, false)).toBe('dark');
    }
  });

  it('follows the system scheme without a choice when respectPrefersColorScheme is on', () => {
    expect(resolveColorMode(null, { defaultMode: 'light', respectPrefersColorScheme: true }, true)).toBe('dark');
    expect(resolveColorMode(null, { defaultMode: 'dark', respectPrefersColorScheme: true }, false)).toBe('light');
  });
});

describe('nextColorModeChoice', () => {
  it('toggles light and dark as configured', () => {
    expect(nextColorModeChoice('light', false)).toBe('dark');
    expect(nextColorModeChoice('dark', false)).toBe('light');
  });

  it('cycles system → light → dark → system when respecting the system scheme', () => {
    expect(nextColorModeChoice('system', true)).toBe('light');
    expect(nextColorModeChoice('light', true)).toBe('dark');
    expect(nextColorModeChoice('dark', true)).toBe('system');
  });
});

describe('the inline no-flash script', () => {
  const run = (config = siteConfig.themeConfig) => new Function(colorModeScript(config))();

  it('applies the stored mode to <html data-theme>', () => {
    window.localStorage.setItem('theme', 'dark');
    run();
    expect(html.getAttribute('data-theme')).toBe('dark');
  });

  it('uses the default for an absent or corrupt value', () => {
    run();
    expect(html.getAttribute('data-theme')).toBe('light');
    window.localStorage.setItem('theme', 'purple');
    run();
    expect(html.getAttribute('data-theme')).toBe('light');
  });

  it('tolerates storage that throws (private mode, disabled cookies)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(run).not.toThrow();
    expect(html.getAttribute('data-theme')).toBe('light');
  });

  it('follows the system scheme when respected and nothing is stored', () => {
    mockPrefersDark(true);
    run({ ...siteConfig.themeConfig, colorMode: { ...colorMode, respectPrefersColorScheme: true } });
    expect(html.getAttribute('data-theme')).toBe('dark');
  });

  it('is small and reads only the theme key', () => {
    const script = colorModeScript(siteConfig.themeConfig);
    expect(script.length).toBeLessThan(400);
    expect(script).toContain('localStorage.getItem("theme")');
  });
});

function Probe() {
  const { colorMode: mode, choice } = useColorMode();
  return (
    <output>
      {mode}/{choice}
    </output>
  );
}

function renderToggle() {
  return render(
    <ColorModeProvider>
      <ColorModeToggle />
      <Probe />
    </ColorModeProvider>,
  );
}

describe('ColorModeProvider + ColorModeToggle', () => {
  it('agrees with the attribute the inline script set (no mismatch, no flash back to the default)', () => {
    window.localStorage.setItem('theme', 'dark');
    html.setAttribute('data-theme', 'dark');
    renderToggle();
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
    expect(screen.getByRole('button')).toHaveAccessibleName('Switch to light mode (currently dark mode)');
  });

  it('toggles light ↔ dark, storing the choice under "theme"', () => {
    html.setAttribute('data-theme', 'light');
    renderToggle();
    fireEvent.click(screen.getByRole('button', { name: /Switch to dark mode/ }));
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
    fireEvent.click(screen.getByRole('button', { name: /Switch to light mode/ }));
    expect(html.getAttribute('data-theme')).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('follows a change made in another tab', () => {
    html.setAttribute('data-theme', 'light');
    renderToggle();
    act(() => {
      window.localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
  });

  it('keeps working when storage throws: the mode still switches for this page', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    html.setAttribute('data-theme', 'light');
    renderToggle();
    fireEvent.click(screen.getByRole('button'));
    expect(html.getAttribute('data-theme')).toBe('dark');
    // Storage back: the next write lands and replaces this tab's unsaved value.
    jest.restoreAllMocks();
    fireEvent.click(screen.getByRole('button'));
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('cycles system → light → dark → system when respectPrefersColorScheme is on', async () => {
    Object.assign(colorMode, { respectPrefersColorScheme: true });
    const media = mockPrefersDark(true);
    html.setAttribute('data-theme', 'dark');
    renderToggle();
    expect(screen.getByRole('status')).toHaveTextContent('dark/system');
    const button = () => screen.getByRole('button');
    expect(button()).toHaveAccessibleName('Switch to light mode (currently system mode)');
    fireEvent.click(button());
    expect(screen.getByRole('status')).toHaveTextContent('light/light');
    fireEvent.click(button());
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
    fireEvent.click(button());
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('dark/system');
    // Following the system: a scheme change applies at once.
    await act(async () => media.change(false)); // the attribute observer reports in a microtask
    expect(screen.getByRole('status')).toHaveTextContent('light/system');
  });

  it('renders no switch when disableSwitch is set', () => {
    Object.assign(colorMode, { disableSwitch: true });
    renderToggle();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
