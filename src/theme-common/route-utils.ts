/**
 * A trailing index.html or .html in the path is stripped when no exact route matches.
 * Returns the stripped path, or null when there is nothing to strip.
 */
export function stripHtmlSuffix(pathname: string): string | null {
  const stripped = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (stripped === pathname) return null;
  return stripped === '' ? '/' : stripped;
}

/** Absolute URL of a route on the configured site origin; the root keeps its slash. */
export function absoluteUrl(siteUrl: string, pathname: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  if (/^https?:\/\//.test(pathname)) return pathname;
  return `${origin}${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
}

/** True for hrefs that leave the site. */
export function isExternalHref(href: string): boolean {
  return /^(https?:)?\/\//.test(href) || href.startsWith('mailto:');
}
