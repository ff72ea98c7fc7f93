import type { SiteConfig } from '../../config/types';
import { STORAGE_KEYS } from '../../contract/constants';
import { NEEDS_SCRIPT_SELECTOR } from '../../contract/no-script';

type ThemeConfig = Pick<SiteConfig['themeConfig'], 'colorMode' | 'announcementBar'>;

/** Attribute on <html> that hides a bar the reader dismissed before, from the first paint on. */
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-dismissed';

/**
 * The inline <head> script that sets data-theme on <html> before first paint (no flash). Storage that throws or
 * holds anything but "light"/"dark" falls back to the configured default (or the system scheme when respected).
 */
export function colorModeScript({ colorMode }: ThemeConfig): string {
  const fallback = colorMode.respectPrefersColorScheme
    ? `matchMedia(${JSON.stringify('(prefers-color-scheme: dark)')}).matches?"dark":"light"`
    : JSON.stringify(colorMode.defaultMode);
  return (
    `(function(){var m;try{m=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})}catch(e){}` +
    `if(m!=="light"&&m!=="dark"){try{m=${fallback}}catch(e){m=${JSON.stringify(colorMode.defaultMode)}}}` +
    `document.documentElement.setAttribute("data-theme",m)})()`
  );
}

/** The inline script that marks a dismissed closeable announcement before first paint; null when none can be. */
export function announcementBarScript({ announcementBar: bar }: ThemeConfig): string | null {
  if (!bar?.isCloseable) return null;
  const item = (key: string) => `localStorage.getItem(${JSON.stringify(key)})`;
  return (
    `(function(){try{if(${item(STORAGE_KEYS.announcementDismiss)}==="true"&&` +
    `${item(STORAGE_KEYS.announcementId)}===${JSON.stringify(bar.id)})` +
    `document.documentElement.setAttribute(${JSON.stringify(ANNOUNCEMENT_DISMISSED_ATTRIBUTE)},"true")}catch(e){}})()`
  );
}

/** Both scripts as one string, ready for a <script dangerouslySetInnerHTML>. */
export function preferencesScript(themeConfig: ThemeConfig): string {
  return [colorModeScript(themeConfig), announcementBarScript(themeConfig)].filter(Boolean).join(';');
}

/**
 * Without JavaScript the mobile menu cannot open: keep the stacked docs sidebar below 996 px and hide the menu
 * button (for a <noscript><style>).
 */
export const NO_SCRIPT_STYLE =
  "[data-docs-sidebar='desktop']{display:block!important}button[aria-controls='navbar-mobile-sidebar']{display:none!important}" +
  // "On this page" is a plain list without JavaScript: its button could not open it.
  '[data-on-this-page]>button{display:none}[data-on-this-page]>nav[hidden]{display:block;border-top:0}' +
  // The copy and "Edit and run" buttons need their islands' code: they go, and so does the row of the latter.
  '.copy-button{display:none!important}.playground-launch{display:none}' +
  // Every other control that needs scripts is marked by the theme: search, colour mode, Close, Copy page, feedback…
  `${NEEDS_SCRIPT_SELECTOR}{display:none!important}`;
