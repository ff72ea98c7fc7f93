import siteConfig from '../../site.config';
import { browserSiteConfig } from '@src/config/browser';

describe('browserSiteConfig', () => {
  it('hands the browser every setting but the sidebar definitions (the build turns those into the docs model)', () => {
    const browser = browserSiteConfig(siteConfig);
    expect(browser).not.toHaveProperty('sidebars');
    const { sidebars, ...rest } = siteConfig;
    expect(sidebars).toBeDefined();
    expect(browser).toEqual(rest);
    // What the define carries survives JSON (no functions, no class instances).
    expect(JSON.parse(JSON.stringify(browser))).toEqual(JSON.parse(JSON.stringify(rest)));
  });
});
