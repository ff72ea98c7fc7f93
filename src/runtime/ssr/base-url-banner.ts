/**
 * When the home page loads without the site's scripts (typically a wrong base URL or path
 * prefix, so every script 404s), an inline script shows a banner naming the configured base URL and the fix.
 * It runs once the page's deferred scripts have all loaded or failed (they start after the first paint, see
 * ./deferred-scripts.tsx); the site's runtime marks <html> when it starts.
 */
import { APP_STARTED_ATTRIBUTE, SCRIPTS_SETTLED_EVENT } from '../handshake';

export const BASE_URL_BANNER_ID = 'base-url-issue-banner';

export function baseUrlBannerMessage(baseUrl: string): string {
  return (
    `This page loaded without its scripts, so navigation and search will not work. The site is built for the base URL ` +
    `"${baseUrl}". If it is served from another path, set baseUrl in site.config.ts (and Gatsby's pathPrefix, ` +
    `building with --prefix-paths) to that path, then rebuild.`
  );
}

/** The inline script's source; safe to embed in a <script> element. */
export function baseUrlBannerScript(baseUrl: string): string {
  const message = JSON.stringify(baseUrlBannerMessage(baseUrl)).replace(/</g, '\\u003c');
  return (
    `document.addEventListener(${JSON.stringify(SCRIPTS_SETTLED_EVENT)},function(){if(document.documentElement.hasAttribute('${APP_STARTED_ATTRIBUTE}'))return;` +
    `var b=document.createElement('div');b.id='${BASE_URL_BANNER_ID}';b.setAttribute('role','alert');` +
    `b.style.cssText='position:relative;z-index:2000;padding:1rem;background:#fff3cd;color:#3d2e00;` +
    `border-bottom:2px solid #8a6d00;font:1rem/1.5 system-ui,sans-serif';` +
    `b.textContent=${message};document.body.insertBefore(b,document.body.firstChild)})`
  );
}
