/**
 * DocSearch hands the modal's `transformItems` one page's hits at a time, then draws each section as a child row (tree
 * lines) of the page's own hit wherever that stands: the rows keep the best hit first, never draw a child above its
 * page (rowsUnderPage in src/search/page-hits.ts), list each address once, with the site-relative addresses the router
 * follows.
 */
import { relativeHitUrl } from '../../search/config';
import { rowsUnderPage } from '../../search/page-hits';

export function pageItems<T extends { type?: string; url: string }>(items: T[]): T[] {
  return rowsUnderPage(items).map((item) => ({ ...item, url: relativeHitUrl(item.url) }));
}
