import { expect, test, type Page } from '@playwright/test';
import {
  RESULTS_PER_GROUP,
  SMALL_SCREEN_SNIPPET_BREAKPOINT,
  SNIPPET_WORDS,
  SNIPPET_WORDS_SMALL_SCREEN,
} from '../src/contract/constants';
import { docTitles, gotoHydrated, whenHydrated } from './site';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const searchButton = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true });

async function openWithClick(page: Page) {
  await searchButton(page).click();
  await expect(input(page)).toBeFocused();
}

async function storedSearches(page: Page, kind: 'RECENT' | 'FAVORITE'): Promise<unknown[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], `__DOCSEARCH_${kind}_SEARCHES__stan-docs`);
}

async function search(page: Page, query: string) {
  await openWithClick(page);
  await input(page).fill(query);
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  // The query's hits, not the recent or favorite searches shown before they arrive.
  await expect(page.locator('.DocSearch-Hit-source').first()).not.toHaveText(/^(Recent|Favorite)$/);
}

/**
 * Opens the first hit for a query with Enter, then waits for its page to render: the page (with its navbar and
 * search button) is rendered anew on a route change, so a modal opened before that would close with it.
 */
async function openFirstHit(page: Page, query: string, route: string) {
  await search(page, query);
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  await expect(page.locator('main h1')).toHaveText(docTitles().get(route)!.title);
}

test.describe('search modal', () => {
  test('the button is in the static HTML; search code, styles and index load only on first hover', async ({ page }) => {
    const html = await (await page.request.get('/docs/api/atom')).text();
    // Server-rendered, named by its visible "Search" label (no aria-label, so the name matches the text).
    expect(html).toMatch(/<button[^>]*data-search-button[^>]*>[\s\S]*?>Search<\/span>/);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await gotoHydrated(page, '/docs/api/atom');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => /search-index\.|docsearch\./.test(u))).toEqual([]);
    await searchButton(page).hover();
    await expect.poll(() => requested.filter((u) => /docsearch\.[0-9a-f]+\.css/.test(u)).length).toBe(1);
    await expect.poll(() => requested.filter((u) => /search-index\.json/.test(u)).length).toBe(1);
    await expect(modal(page)).toHaveCount(0);
  });

  test('the index is downloaded once: the worker searches the bytes the page fetched', async ({ page }) => {
    const requested: string[] = [];
    // Requests of the page and of its worker alike.
    page.on('request', (r) => requested.push(r.url()));
    await gotoHydrated(page, '/docs/api/atom');
    await page.keyboard.press('Control+k');
    await input(page).fill('store');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await input(page).fill('atomFamily');
    await expect(page.locator('.DocSearch-Hit-title').first()).toContainText(/atom ?family/i);
    expect(requested.filter((u) => /search-index\.json/.test(u))).toHaveLength(1);
  });

  test('opens on click with the placeholder "Search docs", a 64-character input, and closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await openWithClick(page);
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await expect(input(page)).toHaveAttribute('maxlength', '64');
    await expect(page.locator('.DocSearch-Screen-Icon + p, .DocSearch-StartScreen')).toContainText('No recent searches');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
  });

  test('opens with Ctrl+K, Meta+K and "/", not with Ctrl+F nor "/" typed in a field', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Meta+k');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+f');
    await expect(modal(page)).toHaveCount(0);
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'probe-field';
      document.querySelector('main')?.prepend(field);
    });
    await page.locator('#probe-field').focus();
    await page.keyboard.press('/');
    await expect(modal(page)).toHaveCount(0);
    await expect(page.locator('#probe-field')).toHaveValue('/');
  });

  test('a letter typed on the focused button starts the search with it', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    await searchButton(page).focus();
    await page.keyboard.press('s');
    await expect(input(page)).toHaveValue('s');
    await page.keyboard.type('tore');
    await expect(input(page)).toHaveValue('store');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('the initial query is the page selection, cut to 64 characters', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    const selected = await page.evaluate(() => {
      const paragraph = document.querySelector('main p:not([role="status"])');
      const range = document.createRange();
      range.selectNodeContents(paragraph!);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      return window.getSelection()!.toString();
    });
    expect(selected.length).toBeGreaterThan(64);
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveValue(selected.slice(0, 64));
  });

  test('hits are grouped by category, at most 5 per group and 2 per page, highlighted, with "See all N results"', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'store');
    const groups = page.locator('.DocSearch-Hits');
    expect(await groups.count()).toBeGreaterThan(1);
    for (const group of await groups.all()) expect(await group.locator('.DocSearch-Hit').count()).toBeLessThanOrEqual(RESULTS_PER_GROUP);
    // Each hit names its page last in its path; no page shows more than its best two sections.
    const pagesOfHits = await page.locator('.DocSearch-Hit').evaluateAll((hits) =>
      hits.map((hit) => hit.querySelector('.DocSearch-Hit-path')?.textContent || hit.querySelector('.DocSearch-Hit-title')?.textContent),
    );
    const perPage = new Map<string, number>();
    for (const name of pagesOfHits) perPage.set(name ?? '', (perPage.get(name ?? '') ?? 0) + 1);
    expect(Math.max(...perPage.values())).toBeLessThanOrEqual(2);
    await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(/store/i);
    // The local index answered: the footer does not credit the hosted service.
    await expect(page.locator('.DocSearch-Footer')).toBeVisible();
    await expect(page.locator('.DocSearch-Logo')).toBeHidden();
    await expect(page.getByText('Search by')).toBeHidden();
    // N counts pages, as the search page does.
    const footer = page.locator('.DocSearch-HitsFooter a');
    await expect(footer).toHaveText(/^See all \d+ results$/);
    const pages = Number(/\d+/.exec((await footer.textContent()) ?? '')?.[0]);
    await expect(footer).toHaveAttribute('href', '/search?q=store');
    await footer.click();
    await expect(page).toHaveURL(/\/search\?q=store$/);
    await expect(page.getByRole('status')).toHaveText(`${pages} pages found`);
    await expect(modal(page)).toHaveCount(0);
  });

  test('a section row shows right under its page, never above it or without it', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    for (const query of ['reset', 'store']) {
      await search(page, query);
      await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(new RegExp(query, 'i'));
      // Each group's rows: a child row (tree lines) names its page as its path; the row above its run is that page.
      const groups = await page.locator('.DocSearch-Hits').evaluateAll((lists) =>
        lists.map((list) =>
          [...list.querySelectorAll('.DocSearch-Hit')].map((row) => ({
            child: row.classList.contains('DocSearch-Hit--Child'),
            title: row.querySelector('.DocSearch-Hit-title')?.textContent ?? '',
            path: row.querySelector('.DocSearch-Hit-path')?.textContent ?? '',
          })),
        ),
      );
      const orphans = groups.flatMap((rows) =>
        rows.filter((row, i) => {
          if (!row.child) return false;
          const parent = rows.slice(0, i).reverse().find((above) => !above.child);
          return parent?.title !== row.path;
        }),
      );
      expect(groups.flat().filter((row) => row.child).length, `"${query}" shows sections under their pages`).toBeGreaterThan(0);
      expect(orphans, `"${query}": section rows without their page right above`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
    }
  });

  test('snippets are 10 words wide, 5 on screens up to 768 px', async ({ page }) => {
    // Body-text hits show their snippet as the title; the longest one tells the window size.
    const longest = async () => {
      await search(page, 'memory');
      const titles = await page.locator('.DocSearch-Hit-title').allTextContents();
      await page.keyboard.press('Escape');
      return Math.max(...titles.filter((t) => t.includes('…')).map((t) => t.replace(/…/g, ' ').trim().split(/\s+/).length));
    };
    await gotoHydrated(page, '/docs/api/atom');
    const wide = await longest();
    expect(wide).toBeLessThanOrEqual(SNIPPET_WORDS);
    expect(wide).toBeGreaterThan(SNIPPET_WORDS_SMALL_SCREEN);
    // The breakpoint itself counts as a small screen.
    await page.setViewportSize({ width: SMALL_SCREEN_SNIPPET_BREAKPOINT, height: 900 });
    await page.reload();
    await whenHydrated(page);
    expect(await longest()).toBeLessThanOrEqual(SNIPPET_WORDS_SMALL_SCREEN);
  });

  test('arrow keys move through the hits and wrap around', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'makeStore');
    const selected = page.locator('.DocSearch-Hit[aria-selected="true"]');
    const all = page.locator('.DocSearch-Hit');
    const count = await all.count();
    await expect(all.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(all.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(all.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(all.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(selected).toHaveCount(1);
  });

  test('Enter opens the hit with client-side navigation (no reload) and closes the modal', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
    await search(page, 'DEFAULT_STORE');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api\/store#default_store$/);
    await expect(modal(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('clicking a hit navigates without a reload too, closes the modal and records the search', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
    await search(page, 'useStanValue');
    await page.locator('.DocSearch-Hit').first().click();
    await expect(page).toHaveURL(/\/docs\/api\/react#usestanvalue$/);
    await expect(modal(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await storedSearches(page, 'RECENT')).toHaveLength(1);
  });

  test('each hit is an option named by its title and path, with no link or button inside', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'makeStore');
    const combobox = page.getByRole('combobox', { name: 'Search' });
    await expect(combobox).toBeFocused();
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('listbox', { name: 'API' }).getByRole('option', { name: 'makeStore Store' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The input names the active option and exactly the listboxes shown.
    const active = await combobox.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('role', 'option');
    await expect(page.locator(`[id="${active}"]`)).toHaveAccessibleName('makeStore Store');
    const controls = ((await combobox.getAttribute('aria-controls')) ?? '').split(' ');
    const listboxes = await page.getByRole('listbox').evaluateAll((lists) => lists.map((l) => l.id));
    expect(controls).toEqual(listboxes);
    expect(new Set(listboxes).size).toBe(listboxes.length);
    expect(await page.getByRole('listbox').locator('a, button, input, [tabindex]').count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    const next = await combobox.getAttribute('aria-activedescendant');
    expect(next).not.toBe(active);
    await expect(page.locator(`[id="${next}"]`)).toHaveAttribute('aria-selected', 'true');
    await input(page).fill('zzqxvw');
    await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox).not.toHaveAttribute('aria-controls');
  });

  test('Ctrl/Cmd-click and middle-click open a hit in a new tab, Shift-click in a new window, Alt-click nowhere', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/docs');
    // Text selected on the page: on Linux a middle button release would paste it into the search box.
    await page.locator('main p:not([role="status"])').first().click({ clickCount: 3 });
    await search(page, 'makeStore');
    const hit = page.getByRole('option', { name: 'makeStore Store' });
    for (const [click, tabbed] of [
      [() => hit.click({ modifiers: ['ControlOrMeta'] }), true],
      [() => hit.click({ button: 'middle' }), true],
      [() => hit.click({ modifiers: ['Shift'] }), false],
    ] as const) {
      const [opened] = await Promise.all([context.waitForEvent('page'), click()]);
      await opened.waitForLoadState();
      expect(opened.url()).toMatch(/\/docs\/api\/store#makestore$/);
      // A window opened as a popup has no toolbar; a tab has the browser's.
      expect(await opened.evaluate(() => window.toolbar.visible)).toBe(tabbed);
      expect(await opened.evaluate(() => window.opener)).toBeNull();
      await opened.close();
      await expect(modal(page)).toHaveCount(1); // a modifier keeps the modal open
      await expect(input(page)).toHaveValue('makeStore');
    }
    const pages = context.pages().length;
    await hit.click({ modifiers: ['Alt'] });
    await page.waitForTimeout(300);
    expect(context.pages()).toHaveLength(pages);
    await expect(page).toHaveURL(/\/docs$/);
    await expect(modal(page)).toHaveCount(1);
    expect(await storedSearches(page, 'RECENT')).toHaveLength(1);
  });

  test('Ctrl+Enter opens a new tab, Shift+Enter a new window, Alt+Enter does nothing', async ({ page, context }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'makeStore');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/docs\/api\/store#makestore$/);
    expect(await tab.evaluate(() => window.toolbar.visible)).toBe(true);
    await tab.close();
    await expect(modal(page)).toHaveCount(1); // a modifier keeps the modal open
    const [win] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Shift+Enter')]);
    await win.waitForLoadState();
    expect(win.url()).toMatch(/\/docs\/api\/store#makestore$/);
    expect(await win.evaluate(() => window.toolbar.visible)).toBe(false);
    await win.close();
    const pages = context.pages().length;
    await page.keyboard.press('Alt+Enter');
    await page.waitForTimeout(300);
    expect(context.pages()).toHaveLength(pages);
    await expect(page).toHaveURL(/\/docs$/);
  });

  test('recent searches and favorites persist across reloads, keyed by index name', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'DEFAULT_STORE');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/default_store/);
    await page.reload();
    await whenHydrated(page);
    await openWithClick(page);
    const recent = page.locator('.DocSearch-Hits', { has: page.locator('.DocSearch-Hit-source', { hasText: 'Recent' }) });
    await expect(recent.locator('.DocSearch-Hit')).toHaveCount(1);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__stan-docs') ?? '[]'));
    expect(stored).toHaveLength(1);
    await recent.locator('.DocSearch-Hit').hover();
    await recent.getByTitle('Save this search').click();
    await expect(page.locator('.DocSearch-Hit-source', { hasText: 'Favorite' })).toBeVisible();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('__DOCSEARCH_FAVORITE_SEARCHES__stan-docs') ?? '[]').length),
    ).toBe(1);
    await page.keyboard.press('Escape');
    await page.reload();
    await whenHydrated(page);
    await openWithClick(page);
    const favorites = page.locator('.DocSearch-Hits', { has: page.locator('.DocSearch-Hit-source', { hasText: 'Favorite' }) });
    await expect(favorites.locator('.DocSearch-Hit')).toHaveCount(1);
    await expect(page.locator('.DocSearch-Hit-source', { hasText: 'Recent' })).toHaveCount(0);
    // Selecting a favorite does not add it to recent searches again.
    await favorites.locator('.DocSearch-Hit').click();
    await page.reload();
    await whenHydrated(page);
    await openWithClick(page);
    await expect(page.locator('.DocSearch-Hit-source', { hasText: 'Recent' })).toHaveCount(0);
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`the active recent search is saved with Ctrl+S and removed with Delete (${reducedMotion} motion)`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await gotoHydrated(page, '/docs');
      await openFirstHit(page, 'DEFAULT_STORE', '/docs/api/store');
      await openFirstHit(page, 'useStanValue', '/docs/api/react');
      await openWithClick(page);
      const recent = page.getByRole('listbox', { name: 'Recent' });
      await expect(recent.getByRole('option')).toHaveCount(2);
      // The actions are announced on the option; the mouse targets inside it are neither focusable nor exposed.
      await expect(recent.getByRole('option').first()).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S Delete');
      await expect(recent.getByRole('option').first()).toHaveAccessibleName('useStanValue React bindings');
      await expect(recent.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ControlOrMeta+s');
      const favorites = page.getByRole('listbox', { name: 'Favorite' });
      await expect(favorites.getByRole('option')).toHaveCount(1);
      await expect(favorites.getByRole('option')).toHaveAccessibleName('useStanValue React bindings');
      await expect(favorites.getByRole('option')).toHaveAttribute('aria-keyshortcuts', 'Delete');
      await expect(recent.getByRole('option')).toHaveCount(1);
      expect(await storedSearches(page, 'FAVORITE')).toHaveLength(1);
      expect(await storedSearches(page, 'RECENT')).toHaveLength(1);
      await expect(input(page)).toBeFocused();
      // The remaining recent search: Delete removes it; Ctrl+S elsewhere is left to the browser.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(recent.getByRole('option')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Delete');
      await expect(recent).toHaveCount(0);
      expect(await storedSearches(page, 'RECENT')).toHaveLength(0);
      await expect(favorites.getByRole('option')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Delete');
      await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
      expect(await storedSearches(page, 'FAVORITE')).toHaveLength(0);
    });
  }

  test('the mouse can still remove a recent search and a favorite from their rows', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await openFirstHit(page, 'DEFAULT_STORE', '/docs/api/store');
    await openFirstHit(page, 'useStanValue', '/docs/api/react');
    await openWithClick(page);
    const recent = page.getByRole('listbox', { name: 'Recent' });
    await recent.getByRole('option').first().hover();
    await recent.getByRole('option').first().getByTitle('Save this search').click();
    await expect(page.getByRole('listbox', { name: 'Favorite' }).getByRole('option')).toHaveCount(1);
    await recent.getByRole('option').hover();
    await recent.getByRole('option').getByTitle('Remove this search from history').click();
    await expect(recent).toHaveCount(0);
    const favorite = page.getByRole('listbox', { name: 'Favorite' }).getByRole('option');
    await favorite.hover();
    await favorite.getByTitle('Remove this search from favorites').click();
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
    await expect(input(page)).toBeFocused();
    await expect(page).toHaveURL(/\/docs\/api\/react#usestanvalue$/);
  });

  test('corrupt stored searches do not break the modal', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await page.evaluate(() => localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__stan-docs', '{not json'));
    await page.reload();
    await whenHydrated(page);
    await search(page, 'atom');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('no results: the query, up to 3 suggestions, and "Let us know." opening a new issue', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'atom');
    await input(page).fill('zzqxvw');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('zzqxvw');
    const suggestions = page.locator('.DocSearch-NoResults-Prefill-List li');
    expect(await suggestions.count()).toBeGreaterThan(0);
    expect(await suggestions.count()).toBeLessThanOrEqual(3);
    await expect(page.locator('.DocSearch-NoResults')).toContainText('Try searching for');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('Believe this query should return results?');
    const letUsKnow = page.getByRole('link', { name: 'Let us know.' });
    const href = (await letUsKnow.getAttribute('href')) ?? '';
    expect(href.startsWith('https://github.com/rkrupinski/stan/issues/new?')).toBe(true);
    expect(new URL(href).searchParams.get('title')).toBe('Search: no results for "zzqxvw"');
    await expect(letUsKnow).toHaveAttribute('target', '_blank');
  });

  test('the error screen shows when the index cannot be loaded', async ({ page, context }) => {
    // On the context, so the search worker's request is blocked too.
    await context.route(/search-index\.json/, (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/docs');
    await openWithClick(page);
    await input(page).fill('atom');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('You might want to check your network connection.');
  });

  test('a spinner shows on the button when the search code is slow to arrive', async ({ page }) => {
    await page.route(/docsearch\.[0-9a-f]+\.css/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await gotoHydrated(page, '/docs');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('status', { name: 'Loading search' })).toBeVisible();
    await expect(input(page)).toBeFocused({ timeout: 5000 });
    await expect(page.getByRole('status', { name: 'Loading search' })).toHaveCount(0);
  });
});

/** How much the page may move as its results arrive: half of the "good" cumulative layout shift of Web Vitals. */
const MAX_RESULTS_CLS = 0.05;

declare global {
  interface Window {
    __searchShifts?: Array<{ value: number; sources: string[] }>;
  }
}

/** Records the page's layout shifts from its first paint (not those right after the reader's input, as CLS counts). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__searchShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => {
          const element = node instanceof Element ? node : node?.parentElement;
          return element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?';
        });
        window.__searchShifts?.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    const shifts = await page.evaluate(() => window.__searchShifts ?? []);
    return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
  };
}

test.describe('search page', () => {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`/search?q=atom moves by at most ${MAX_RESULTS_CLS} (CLS) as its results arrive, on a ${device} (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const layoutShifts = await recordLayoutShifts(page);
      await page.goto('/search?q=atom');
      await expect(page.getByRole('status')).toHaveText(/^\d+ pages found$/);
      await expect(page.locator('[data-search-page]').first()).toBeVisible();
      // A shift is reported after the frame that made it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { cls, shifts } = await layoutShifts();
      expect(cls, `CLS ${cls.toFixed(4)}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_RESULTS_CLS);
    });
  }


  test('a direct load reads q, counts pages, lists each page once with its sections, and is noindex', async ({ page }) => {
    await gotoHydrated(page, '/search?q=cache');
    await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('cache');
    await expect(page.getByRole('status')).toHaveText(/^\d+ pages found$/);
    const count = Number(/^(\d+)/.exec((await page.getByRole('status').textContent()) ?? '')?.[1]);
    const regions = page.locator('[data-search-page]');
    await expect(regions).toHaveCount(Math.min(count, 10));
    const names = await regions.evaluateAll((sections) => sections.map((s) => s.querySelector('h2')?.textContent));
    expect(new Set(names).size).toBe(names.length);
    // "Caching" heads its group once, with its category above and its sections (not itself again) below.
    const caching = page.getByRole('region', { name: 'Caching' });
    await expect(caching.getByText('Caching', { exact: true })).toHaveCount(1);
    await expect(caching.getByText('Guides', { exact: true })).toBeVisible();
    await expect(caching.locator('[data-search-hit]').first()).toBeVisible();
    await expect(caching.locator('mark').first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  test('loading more results as a reader scrolls a phone through them moves nothing in view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto('/search?q=store');
    await expect(page.getByRole('status').first()).toHaveText(/^\d+ pages found$/);
    const count = Number(/^(\d+)/.exec((await page.getByRole('status').first().textContent()) ?? '')?.[1]);
    const regions = page.locator('[data-search-page]');
    await expect(regions).toHaveCount(10);
    // Down the list a little at a time, each step once any load it started has answered.
    for (let step = 0; step < 60 && (await regions.count()) < count; step++) {
      await page.mouse.wheel(0, 400);
      await expect(page.getByText('Loading more results…')).toHaveCount(0);
    }
    await expect(regions).toHaveCount(count);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // The next results load a screen ahead of the end of the list, so they arrive while what follows is out of view.
    const { cls, shifts } = await layoutShifts();
    expect(shifts, `CLS ${cls.toFixed(4)}`).toEqual([]);
  });

  test('each place shows once under its page: a heading and the text under it are one result', async ({ page }) => {
    await gotoHydrated(page, '/search?q=store');
    await expect(page.getByRole('status')).toHaveText(/^\d+ pages found$/);
    const regions = await page.locator('[data-search-page]').evaluateAll((sections) =>
      sections.map((section) => [...section.querySelectorAll('a')].map((a) => a.getAttribute('href'))),
    );
    expect(regions.length).toBeGreaterThan(5);
    for (const links of regions) expect(links, 'addresses in one page group').toEqual([...new Set(links)]);
  });

  test('typing updates the results and the URL (replaceState, no new history entry)', async ({ page }) => {
    await gotoHydrated(page, '/search');
    const length = await page.evaluate(() => history.length);
    await page.getByRole('searchbox').fill('hydration');
    await expect(page).toHaveURL(/\/search\?q=hydration$/);
    await expect(page.getByRole('region').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Server-side rendering' })).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(length);
    await page.reload();
    await whenHydrated(page);
    await expect(page.getByRole('searchbox')).toHaveValue('hydration');
  });

  test('a script-injection probe in q stays text', async ({ page }) => {
    const probe = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await gotoHydrated(page, `/search?q=${encodeURIComponent(probe)}`);
    await expect(page.getByRole('searchbox')).toHaveValue(probe.slice(0, 64));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('<img src=x');
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('works after client navigation from the modal and loads more results on scroll', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await search(page, 'store');
    await page.locator('.DocSearch-HitsFooter a').click();
    await expect(page).toHaveURL(/\/search\?q=store$/);
    // The URL changes a frame before the new page renders; until then the docs page's copy-button statuses are there.
    await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('store');
    await expect(page.getByRole('status')).toHaveText(/^\d+ pages found$/);
    const count = Number(/^(\d+)/.exec((await page.getByRole('status').textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(10);
    const regions = page.locator('[data-search-page]');
    await expect(regions).toHaveCount(10);
    // Each scroll to the end loads the next page of ten, until every page found is listed.
    await expect(async () => {
      const more = page.getByRole('button', { name: 'Load more results' });
      if (await more.count()) await more.scrollIntoViewIfNeeded();
      expect(await regions.count()).toBe(count);
    }).toPass({ timeout: 10_000 });
    const names = await regions.evaluateAll((sections) => sections.map((s) => s.querySelector('h2')?.textContent));
    expect(new Set(names).size).toBe(count);
  });
});

test.describe('search page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('says search needs JavaScript and leads to the documentation instead, with no search box that would do nothing', async ({
    page,
  }) => {
    await page.goto('/search?q=atom');
    const notice = page.getByRole('note');
    await expect(notice).toContainText('Search needs JavaScript');
    await notice.getByRole('link', { name: 'the documentation' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.locator('main h1')).toHaveText(docTitles().get('/docs')!.title);
  });

  test('hides the search box, which without JavaScript would only reload the page', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the documentation');
    await expect(page.getByRole('searchbox')).toBeHidden();
  });
});
