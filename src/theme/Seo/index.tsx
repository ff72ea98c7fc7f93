import type { ReactNode } from 'react';
import { absoluteUrl } from '../../theme-common/route-utils';
import { useSiteConfig } from '../../theme-common/site-config';

export interface SeoProps {
  /** Page title without the site suffix; omit on the home page. */
  title?: string;
  description?: string | null;
  pathname: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  children?: ReactNode;
}

/** Everything a page puts in <head> through Gatsby's Head API. */
export default function Seo({ title, description, pathname, type = 'website', noindex, children }: SeoProps) {
  const config = useSiteConfig();
  const fullTitle = title ? `${title} | ${config.title}` : `${config.title} | ${config.tagline}`;
  const text = description || config.tagline;
  const url = absoluteUrl(config.url, pathname);
  const image = absoluteUrl(config.url, config.themeConfig.image);
  const locale = config.i18n.locales.find((l) => l.code === config.i18n.defaultLocale);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      <link rel="alternate" href={url} hrefLang={locale?.htmlLang ?? 'en'} />
      <link rel="alternate" href={url} hrefLang="x-default" />
      <link rel="icon" href={config.favicon} type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/img/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <meta name="theme-color" content="#2748b3" />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={config.title} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={`${config.title}: ${config.tagline}`} />
      <meta property="og:locale" content="en" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={image} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {children}
    </>
  );
}
