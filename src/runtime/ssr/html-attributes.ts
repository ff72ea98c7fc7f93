import { siteConfig } from '../../theme-common/site-config';

/** `<html lang dir data-theme>` for the default locale and the configured default colour mode. */
export function htmlAttributes(): { lang: string; dir: 'ltr' | 'rtl'; 'data-theme': string } {
  const { i18n, themeConfig } = siteConfig;
  const locale = i18n.locales.find((l) => l.code === i18n.defaultLocale);
  if (!locale) throw new Error(`site.config.ts: i18n.defaultLocale "${i18n.defaultLocale}" is not in i18n.locales.`);
  return { lang: locale.htmlLang, dir: locale.direction, 'data-theme': themeConfig.colorMode.defaultMode };
}
