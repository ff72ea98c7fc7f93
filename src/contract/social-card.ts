/**
 * The social card each page links in its head (og:image, twitter:image): its size, where the build writes the
 * cards, and the words that describe a card to readers who cannot see it. Shared by the renderer (src/node) and
 * the head (src/theme/Seo).
 */

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/** Cards are content-hashed files under Gatsby's own folder of hashed files, which hosts cache for a year. */
export const SOCIAL_CARD_DIR = '/static/og';

/** A card as the head names it: its URL path and the text that stands in for it. */
export interface SocialCardRef {
  src: string;
  alt: string;
}

/** What a card shows, in words: the page's title, then the site it belongs to. */
export function socialCardAlt(title: string, siteName: string): string {
  return title === siteName ? `${siteName} documentation` : `${title}: ${siteName} documentation`;
}
