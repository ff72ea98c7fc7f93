import type { ReactElement, ReactNode } from 'react';
import { absoluteUrl } from '../../theme-common/route-utils';
import { useSiteConfig } from '../../theme-common/site-config';
import type { SiteConfig } from '../../config/types';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCardRef } from '../../contract/social-card';
import { siteSocialCard } from '../../theme-common/social-card';

export interface SeoProps {
  /** Page title without the site suffix; omit on the home page. */
  title?: string;
  description?: string | null;
  pathname: string;
  /** The address search engines should rank for this content, when another page's (by default, `pathname`). */
  canonicalPath?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** The page's social card; by default the site's. */
  image?: SocialCardRef;
  children?: ReactNode;
}

/**
 * The tags every page shares (icons, manifest, theme colour, the kind of social card). The server render puts them in
 * each page's <head> once (gatsby-ssr.tsx); they never change on client navigation, so no page ships them in
 * its Head component.
 */
export function siteHeadTags(config: Pick<SiteConfig, 'title' | 'favicon'>): ReactElement[] {
  return [
    <link key="icon" rel="icon" href={config.favicon} type="image/svg+xml" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/img/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
    <meta key="theme-color" name="theme-color" content="#2748b3" />,
    <meta key="og:site_name" property="og:site_name" content={config.title} />,
    <meta key="og:locale" property="og:locale" content="en" />,
    <meta key="twitter:card" name="twitter:card" content="summary_large_image" />,
  ];
}

/** What a page puts in <head> through Gatsby's Head API (the site-wide tags are in siteHeadTags). */
export default function Seo({ title, description, pathname, canonicalPath, type = 'website', noindex, image, children }: SeoProps) {
  const config = useSiteConfig();
  const fullTitle = title ? `${title} | ${config.title}` : `${config.title} | ${config.tagline}`;
  const text = description || config.tagline;
  // The canonical address names the page in every tag that gives its address, so no tag contradicts it.
  const url = absoluteUrl(config.url, canonicalPath ?? pathname);
  const locale = config.i18n.locales.find((l) => l.code === config.i18n.defaultLocale);
  // Each page names its own card (a doc's is drawn from its title and description), so crawlers get the right one.
  const card = image ?? siteSocialCard(config);
  const cardUrl = absoluteUrl(config.url, card.src);
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
      <meta property="og:image" content={cardUrl} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SOCIAL_CARD_WIDTH)} />
      <meta property="og:image:height" content={String(SOCIAL_CARD_HEIGHT)} />
      <meta property="og:image:alt" content={card.alt} />
      <meta name="twitter:image" content={cardUrl} />
      <meta name="twitter:image:alt" content={card.alt} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {children}
    </>
  );
}
