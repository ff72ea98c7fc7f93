/** @jest-environment node */
import { PUSHED, asRecord, broken, navbarItems, problemsOf } from '../fixtures';
import type { NavbarItemOf, NavbarItemType } from '@src/config/types';
import { navbarItemTypes } from '@src/config/schemas/navbar';

/** One valid item of each kind; typed by kind, so a kind added to the schema needs an example here. */
const ONE_OF_EACH_KIND: { [K in NavbarItemType]: NavbarItemOf<K> } = {
  default: { type: 'default', label: 'API', to: '/docs/api/atom' },
  dropdown: { type: 'dropdown', label: 'More', items: [{ type: 'default', label: 'npm', href: 'https://www.npmjs.com' }] },
  localeDropdown: { type: 'localeDropdown', position: 'right' },
  search: { type: 'search', position: 'right' },
  html: { type: 'html', value: '<span>v1</span>' },
  doc: { type: 'doc', docId: 'intro', label: 'Docs' },
  docSidebar: { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' },
  docsVersion: { type: 'docsVersion' },
  docsVersionDropdown: { type: 'docsVersionDropdown', className: 'versions' },
};

describe('navbar items', () => {
  it('accepts an item of every kind it lists (the kinds the navbar registry renders)', () => {
    expect(Object.keys(ONE_OF_EACH_KIND).sort()).toEqual([...navbarItemTypes].sort());
    const raw = broken((c) => {
      c.themeConfig.navbar.items = Object.values(ONE_OF_EACH_KIND);
    });
    expect(problemsOf(raw)).toEqual([]);
  });

  it('reports an unknown navbar item type with the list of kinds', () => {
    const raw = broken((c) => {
      navbarItems(c).push({ type: 'dropdwn', label: 'More' });
    });
    expect(problemsOf(raw)).toEqual([
      `themeConfig.navbar.items[${PUSHED}].type: unknown navbar item type "dropdwn". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown.`,
    ]);
  });

  it('reports a navbar item without a type', () => {
    const raw = broken((c) => {
      delete asRecord(c.themeConfig.navbar.items[0]).type;
    });
    expect(problemsOf(raw)).toEqual([
      'themeConfig.navbar.items[0].type: a navbar item needs a "type". Use one of: default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown.',
    ]);
  });

  it.each([
    ['both "to" and "href"', { type: 'default', label: 'GitHub', to: '/docs', href: 'https://github.com/rkrupinski/stan' }],
    ['neither "to" nor "href"', { type: 'default', label: 'GitHub' }],
  ])('requires a default navbar item to have exactly one target (%s)', (_case, item) => {
    const raw = broken((c) => {
      navbarItems(c)[1] = { ...item, position: 'right' };
    });
    const problems = problemsOf(raw);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^themeConfig\.navbar\.items\[1\]: a default item needs exactly one of "to" or "href"\./);
  });

});
