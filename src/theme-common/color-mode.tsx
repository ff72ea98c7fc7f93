import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../contract/constants';
import { createRequiredContext } from './context';
import { DARK_SCHEME_QUERY, matchesMedia, subscribeMedia } from './media';
import { useSiteConfig } from './site-config';
import { useStorageSlot, type StorageSlot } from './storage';

export type ColorMode = 'light' | 'dark';
/** What the reader picked; 'system' follows prefers-color-scheme (only when the config respects it). */
export type ColorModeChoice = ColorMode | 'system';

export interface ColorModeOptions {
  defaultMode: ColorMode;
  respectPrefersColorScheme: boolean;
}

/** A stored value we trust; anything else (corrupt, old format) counts as no choice. */
export function parseColorMode(value: unknown): ColorMode | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The mode to show for a stored value: the choice, else the system preference when respected, else the default. */
export function resolveColorMode(stored: string | null, options: ColorModeOptions, prefersDark: boolean): ColorMode {
  const choice = parseColorMode(stored);
  if (choice) return choice;
  if (options.respectPrefersColorScheme) return prefersDark ? 'dark' : 'light';
  return options.defaultMode;
}

/** The next choice for the toggle: light ↔ dark, or system → light → dark → system when the system is respected. */
export function nextColorModeChoice(current: ColorModeChoice, respectPrefersColorScheme: boolean): ColorModeChoice {
  if (respectPrefersColorScheme) return current === 'system' ? 'light' : current === 'light' ? 'dark' : 'system';
  return current === 'dark' ? 'light' : 'dark';
}

// The <html data-theme> attribute is the single source of truth: the inline head script sets it before first paint.
const subscribeAttribute = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};
const readAttribute = () => parseColorMode(document.documentElement.getAttribute('data-theme'));

function applyColorMode(slot: StorageSlot, options: ColorModeOptions): void {
  document.documentElement.setAttribute('data-theme', resolveColorMode(slot.get(), options, matchesMedia(DARK_SCHEME_QUERY)));
}

interface ColorModeContextValue {
  colorMode: ColorMode;
  choice: ColorModeChoice;
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
  setColorMode(choice: ColorModeChoice): void;
}

const [ColorModeContext, useColorModeContext] = createRequiredContext<ColorModeContextValue>(
  'useColorMode',
  'ColorModeProvider',
);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = useSiteConfig().themeConfig.colorMode;
  const options = useMemo(() => ({ defaultMode, respectPrefersColorScheme }), [defaultMode, respectPrefersColorScheme]);
  const [stored, slot] = useStorageSlot(STORAGE_KEYS.theme);
  const colorMode = useSyncExternalStore(subscribeAttribute, () => readAttribute() ?? defaultMode, () => defaultMode);
  const picked = parseColorMode(stored);
  const choice: ColorModeChoice = picked ?? (respectPrefersColorScheme ? 'system' : colorMode);

  useEffect(() => {
    // Another tab changed the choice, or the system scheme changed while following it.
    const sync = () => applyColorMode(slot, options);
    const offStorage = slot.listen(sync);
    const offMedia = options.respectPrefersColorScheme ? subscribeMedia(DARK_SCHEME_QUERY, sync) : undefined;
    return () => {
      offStorage();
      offMedia?.();
    };
  }, [slot, options]);

  const setColorMode = useCallback(
    (next: ColorModeChoice) => {
      if (next === 'system') slot.del();
      else slot.set(next);
      applyColorMode(slot, options);
    },
    [slot, options],
  );

  const value = useMemo(
    () => ({ colorMode, choice, disableSwitch, respectPrefersColorScheme, setColorMode }),
    [colorMode, choice, disableSwitch, respectPrefersColorScheme, setColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The shown colour mode, the reader's choice and a setter (stored under `theme`, synced across tabs). */
export const useColorMode = useColorModeContext;
