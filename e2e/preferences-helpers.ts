import type { Page } from '@playwright/test';

/** The widths the preference specs run at: desktop and the mobile layout (below 996 px). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 800, height: 900 },
] as const;

/** Stores a colour mode before any page script runs. */
export async function presetColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((m) => {
    if (!sessionStorage.getItem('preset-done')) {
      localStorage.setItem('theme', m);
      sessionStorage.setItem('preset-done', '1');
    }
  }, mode);
}

/** Collects uncaught page errors, to assert none happened. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

/** Records every inline style the element gets, so a short transition can be checked after it ended. */
export async function recordInlineStyles(locator: import('@playwright/test').Locator): Promise<() => Promise<string[]>> {
  await locator.evaluate((el) => {
    const seen: string[] = [];
    (el as HTMLElement & { __styles?: string[] }).__styles = seen;
    new MutationObserver(() => seen.push(el.getAttribute('style') ?? '')).observe(el, {
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  return () => locator.evaluate((el) => (el as HTMLElement & { __styles?: string[] }).__styles ?? []);
}

/** The search button belongs to the search feature and its own specs; these specs audit the layout around it. */
export const SEARCH_BUTTON = '[data-search-button]';
