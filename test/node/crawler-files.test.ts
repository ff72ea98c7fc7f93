/** @jest-environment node */
import { buildRobotsTxt, isSitemapPage } from '@src/node/crawler-files';

test('buildRobotsTxt allows everything and names the sitemap', () => {
  expect(buildRobotsTxt('https://stan.party')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://stan.party/sitemap-index.xml\n');
});


describe('isSitemapPage', () => {
  const versions = [
    { path: '/docs', isLast: true },
    { path: '/docs/1.0.0-rc14', isLast: false },
  ];
  const config = { search: { searchPagePath: 'search' } };

  test('lists the last version’s docs and the other pages', () => {
    for (const route of ['/', '/docs', '/docs/api/atom', '/playground']) expect(isSitemapPage(route, versions, config)).toBe(true);
  });

  test('leaves out the pages of other versions, the search page (noindex) and the not-found pages', () => {
    for (const route of ['/docs/1.0.0-rc14', '/docs/1.0.0-rc14/api/atom', '/search', '/search/', '/404', '/404.html', '/404/', '/dev-404-page/']) {
      expect(isSitemapPage(route, versions, config)).toBe(false);
    }
  });
});
