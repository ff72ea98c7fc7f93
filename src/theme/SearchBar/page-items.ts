/**
 * DocSearch hands the modal's `transformItems` one page's hits at a time, then draws each hit under that page's own
 * hit as a child row (tree lines) wherever the page's hit stands: the page's own hit goes first, so no child row shows
 * without its page above it, each address once, with the site-relative addresses the router follows.
 */
import { relativeHitUrl } from '../../search/config';
import { arrangePageHits } from '../../search/page-hits';

export function pageItems<T extends { type?: string; url: string }>(items: T[]): T[] {
  return arrangePageHits(items).map((item) => ({ ...item, url: relativeHitUrl(item.url) }));
}
