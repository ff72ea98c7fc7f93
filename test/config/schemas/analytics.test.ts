/** @jest-environment node */
import siteConfig from '../../../site.config';
import { problemsOf } from '../fixtures';
import type { SiteConfig } from '@src/config/types';

const withAnalytics = (analytics: unknown) => ({ ...structuredClone(siteConfig), analytics }) as unknown;

describe('analytics config', () => {
  it.each([undefined, {}, { endpoint: undefined }, { endpoint: '/api/views' }, { endpoint: 'https://stats.example.org/v' }])(
    'accepts %j',
    (analytics) => {
      expect(problemsOf(withAnalytics(analytics))).toEqual([]);
    },
  );

  it('rejects an endpoint that is neither https nor a site path, naming the field', () => {
    expect(problemsOf(withAnalytics({ endpoint: 'http://stats.example.org' }))).toEqual([
      'analytics.endpoint: must be an https:// URL or a path of this site starting with "/"; got "http://stats.example.org".',
    ]);
    expect(problemsOf(withAnalytics({ endpoint: '//cdn.example.org' }))[0]).toMatch(/^analytics\.endpoint: /);
  });

  it('rejects unknown analytics options', () => {
    expect(problemsOf(withAnalytics({ endpoint: '/v', cookies: true })).join('\n')).toMatch(/analytics/);
  });

  it('the site itself sends to window.dataLayer unless GATSBY_ANALYTICS_ENDPOINT is set', () => {
    const config: SiteConfig = siteConfig;
    expect(config.analytics?.endpoint).toBe(process.env.GATSBY_ANALYTICS_ENDPOINT || undefined);
  });
});
