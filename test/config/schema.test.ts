/** @jest-environment node */
import siteConfig from '../../site.config';
import { validateSiteConfig } from '@src/config/schema';
import { HEADER, PUSHED, asRecord, broken, navbarItems, problemsOf } from './fixtures';

describe('validateSiteConfig', () => {
  it('accepts the real site.config.ts and returns it unchanged', () => {
    expect(validateSiteConfig(siteConfig)).toEqual(siteConfig);
  });

  it.each(['https://stan.party/', 'stan.party', 'ftp://stan.party', 'https://stan.party/docs', ''])(
    'rejects the url %j (absolute http(s) origin without trailing slash)',
    (url) => {
      const raw = broken((c) => {
        c.url = url;
      });
      expect(problemsOf(raw)).toEqual([
        `url: must be an absolute http(s) origin without a trailing slash or path, like "https://stan.party"; got ${JSON.stringify(url)}.`,
      ]);
    },
  );

  it('accepts an http origin with a port (a local deployment)', () => {
    const raw = broken((c) => {
      c.url = 'http://localhost:9000';
    });
    expect(validateSiteConfig(raw).url).toBe('http://localhost:9000');
  });

  it('requires baseUrl "/" and trailingSlash false', () => {
    const raw = broken((c) => {
      asRecord(c).baseUrl = '/docs/';
      asRecord(c).trailingSlash = true;
    });
    expect(problemsOf(raw)).toEqual([
      'baseUrl: must be "/" (the site is served from the root); got "/docs/".',
      'trailingSlash: must be false (routes have no trailing slash); got true.',
    ]);
  });

  it('reports a docSidebar navbar item pointing at an unknown sidebar', () => {
    const raw = broken((c) => {
      asRecord(c.themeConfig.navbar.items[0]).sidebarId = 'api';
    });
    expect(problemsOf(raw)).toEqual(['themeConfig.navbar.items[0].sidebarId: unknown sidebar "api". Known sidebars: docs.']);
  });

  it('lists every problem when several values are wrong', () => {
    const raw = broken((c) => {
      navbarItems(c).push({ type: 'dropdwn', label: 'More' });
      delete asRecord(c.sidebars.docs?.[1]).link;
      c.docs.versions = { v2: { label: 'v2' } };
      asRecord(c.themeConfig.navbar.logo).width = 48;
      c.search.appId = 'APP';
      delete c.search.apiKey;
    });
    const problems = problemsOf(raw);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^themeConfig\\.navbar\\.items\\[${PUSHED}\\]\\.type: unknown navbar item type "dropdwn"`)),
        expect.stringMatching(/^sidebars\.docs\[1\]\.link: a sidebar category needs a link target/),
        expect.stringMatching(/^docs\.versions\.v2: unknown docs version name "v2"/),
        expect.stringMatching(/^themeConfig\.navbar\.logo\.width: must be 32/),
        expect.stringMatching(/^search: hosted search needs both appId and apiKey/),
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(() => validateSiteConfig(raw)).toThrow(new RegExp(`^${HEADER}\\n(  .+\\n){4}  .+$`));
  });

});
