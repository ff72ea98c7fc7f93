import siteConfig from '../../site.config';
import { browserSiteConfig } from '@src/config/browser';

describe('browserSiteConfig', () => {
  it('hands the browser every setting but those only the build reads', () => {
    const browser = browserSiteConfig(siteConfig);
    for (const key of ['sidebars', 'siteVersion', 'generatorVersion', 'copyrightYear', 'trailingSlash']) {
      expect(siteConfig).toHaveProperty(key);
      expect(browser).not.toHaveProperty(key);
    }
    expect(browser.docs).not.toHaveProperty('contentDir');
    expect(browser.docs).not.toHaveProperty('versionPersistence');
    const { sidebars, siteVersion, generatorVersion, copyrightYear, trailingSlash, docs, ...rest } = siteConfig;
    const { contentDir, versionPersistence, ...browserDocs } = docs;
    expect([sidebars, siteVersion, generatorVersion, copyrightYear, trailingSlash, contentDir, versionPersistence].every((v) => v !== undefined)).toBe(true);
    expect(browser).toEqual({ ...rest, docs: browserDocs });
    // What the define carries survives JSON (no functions, no class instances).
    expect(JSON.parse(JSON.stringify(browser))).toEqual(browser);
  });
});
