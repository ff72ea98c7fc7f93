import type { ReactElement, ReactNode } from 'react';
import { absoluteUrl } from '../../theme-common/route-utils';
import { useSiteConfig } from '../../theme-common/site-config';
import type { SiteConfig } from '../../config/types';

export interface SeoProps {
  /** Page title without the site suffix; omit on the home page. */
  title?: string;
  description?: string | null;
  pathname: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  children?: ReactNode;
}

/**
 * The tags every page shares (icons, manifest, theme colour, the social card). The server render puts them in
 * each page's <head> once (gatsby-ssr.tsx); they never change on client navigation, so no page ships them in
 * its Head component.
 */
export function siteHeadTags(config: Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'favicon' | 'themeConfig'>): ReactElement[] {
  const image = absoluteUrl(config.url, config.themeConfig.image);
  return [
    <link key="icon" rel="icon" href={config.favicon} type="image/svg+xml" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/img/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
    <meta key="theme-color" name="theme-color" content="#2748b3" />,
    <meta key="og:site_name" property="og:site_name" content={config.title} />,
    <meta key="og:image" property="og:image" content={image} />,
    <meta key="og:image:alt" property="og:image:alt" content={`${config.title}: ${config.tagline}`} />,
    <meta key="og:locale" property="og:locale" content="en" />,
    <meta key="twitter:card" name="twitter:card" content="summary_large_image" />,
    <meta key="twitter:image" name="twitter:image" content={image} />,
  ];
}

/** What a page puts in <head> through Gatsby's Head API (the site-wide tags are in siteHeadTags). */
export default function Seo({ title, description, pathname, type = 'website', noindex, children }: SeoProps) {
  const config = useSiteConfig();
  const fullTitle = title ? `${title} | ${config.title}` : `${config.title} | ${config.tagline}`;
  const text = description || config.tagline;
  const url = absoluteUrl(config.url, pathname);
  const locale = config.i18n.locales.find((l) => l.code === config.i18n.defaultLocale);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      <link rel="alternate" href={url} hrefLang={locale?.htmlLang ?? 'en'} />
      <link rel="alternate" href={url} hrefLang="x-default" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {children}
    </>
  );
}
