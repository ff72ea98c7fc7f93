/**
 * The server render's handlers that gatsby-ssr.tsx re-exports: the attributes of <html>, the inline scripts every
 * page runs before Gatsby starts, the end-of-body scripts held until the first paint, and the page error boundary.
 */
import type { GatsbySSR } from 'gatsby';
import { MAIN_CONTENT_ID } from '../../contract/constants';
import { siteConfig } from '../../theme-common/site-config';
import { readableHashScript } from '../../theme-common/readable-hash';
import { siteHeadTags } from '../../theme/Seo';
import { PageErrorBoundary } from '../page-element';
import { baseUrlBannerScript } from './base-url-banner';
import { NO_SCRIPT_STYLE, preferencesScript } from './color-mode-script';
import { deferPostBodyScripts } from './deferred-scripts';
import { withoutImageFadeIn } from './image-head';
import { isNotFoundPage, loadableAddressScript } from './loadable-address';
import { sessionStorageScript } from './session-storage';

/** `<html lang dir data-theme>` for the default locale and the configured default colour mode. */
function htmlAttributes(): { lang: string; dir: 'ltr' | 'rtl'; 'data-theme': string } {
  const { i18n, themeConfig } = siteConfig;
  const locale = i18n.locales.find((l) => l.code === i18n.defaultLocale);
  if (!locale) throw new Error(`site.config.ts: i18n.defaultLocale "${i18n.defaultLocale}" is not in i18n.locales.`);
  return { lang: locale.htmlLang, dir: locale.direction, 'data-theme': themeConfig.colorMode.defaultMode };
}

// Attributes of <html> come from the site config (en, left to right).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  setHtmlAttributes,
  setHeadComponents,
  setPostBodyComponents,
  pathname,
}) => {
  setHtmlAttributes(htmlAttributes());
  // Colour mode and announcement dismissal applied before first paint (no flash).
  setHeadComponents([
    <script key="preferences" dangerouslySetInnerHTML={{ __html: preferencesScript(siteConfig.themeConfig) }} />,
    <noscript key="preferences-noscript" dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_STYLE}</style>` }} />,
    // Nothing is painted before the navbar and the page's <main> are parsed: a slow phone's parser can stop halfway
    // through the navbar, and a paint then showed it half built, its items moving as the rest came (a layout shift).
    <link key="expect-main" rel="expect" href={`#${MAIN_CONTENT_ID}`} blocking="render" />,
    // Icons, manifest and the social card: the same on every page, so outside the pages' Head components.
    ...siteHeadTags(siteConfig),
    // Before Gatsby starts: a sessionStorage that throws is replaced by one in memory, and a hash its scroll
    // handler cannot decode by one it can (the same scripts on every page: two CSP hashes).
    <script key="session-storage" dangerouslySetInnerHTML={{ __html: sessionStorageScript() }} />,
    <script key="readable-hash" dangerouslySetInnerHTML={{ __html: readableHashScript() }} />,
    // On the not-found page, likewise for a path.
    ...(isNotFoundPage(pathname)
      ? [<script key="loadable-address" dangerouslySetInnerHTML={{ __html: loadableAddressScript() }} />]
      : []),
  ]);
  // The home page warns when it loaded without the site's scripts (wrong base URL).
  if (pathname === '/') {
    setPostBodyComponents([
      <script key="base-url-banner" dangerouslySetInnerHTML={{ __html: baseUrlBannerScript(siteConfig.baseUrl) }} />,
    ]);
  }
};

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  // gatsby-plugin-image's fade-in style and script, which the docs' pictures do not use, stay off every first load.
  replaceHeadComponents(withoutImageFadeIn(getHeadComponents()));
  // The page's scripts start after its first paint, so they never compete with the HTML and CSS that paint it.
  deferPostBodyScripts({ getPostBodyComponents, replacePostBodyComponents });
};

// The same error boundary around each page as in the browser, so hydration sees the same tree.
export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageErrorBoundary pathname={props.location.pathname}>{element}</PageErrorBoundary>
);
