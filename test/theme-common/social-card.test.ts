import siteConfig from '../../site.config';
import { siteSocialCard } from '@src/theme-common/social-card';

describe('siteSocialCard', () => {
  it('is the card the build draws when the site names no image', () => {
    expect(siteSocialCard(siteConfig)).toEqual({
      src: '/static/og/site.0123456789ab.png',
      alt: 'Minimal, type-safe state management: Stan documentation',
    });
  });

  it('is the configured image when the site names one', () => {
    const config = { ...siteConfig, themeConfig: { ...siteConfig.themeConfig, image: '/img/hand-made.png' } };
    expect(siteSocialCard(config).src).toBe('/img/hand-made.png');
  });
});
