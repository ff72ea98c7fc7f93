/** @jest-environment node */
import siteConfig from '../../../site.config';
import { broken, problemsOf } from '../fixtures';
import { SiteConfigError } from '@src/config/error-map';
import { validateSiteConfig } from '@src/config/schema';

/** Problems of a config validated against the older versions a content/versions.json would list. */
function problemsWith(raw: unknown, olderVersions: readonly string[]): readonly string[] {
  try {
    validateSiteConfig(raw, 'site.config.ts', olderVersions);
    return [];
  } catch (error) {
    if (error instanceof SiteConfigError) return error.problems;
    throw error;
  }
}

describe('docs versions in the config', () => {
  it('lists no version: content/versions.json is the one list, and the real config names none', () => {
    expect(siteConfig.docs.versions).toBeUndefined();
    expect(siteConfig.docs.lastVersion).toBeUndefined();
    expect(problemsOf(siteConfig)).toEqual([]);
  });

  it("overrides a version's label, banner or badge, each on its own", () => {
    const overrides = broken((c) => {
      c.docs.versions = { current: { label: '1.2.0-rc4' }, '1.0.0-rc14': { banner: 'none', badge: false } };
    });
    expect(problemsWith(overrides, ['1.0.0-rc14'])).toEqual([]);
  });

  it('reports a version name that content/versions.json does not list, in versions and in lastVersion', () => {
    const withV2 = broken((c) => {
      c.docs.versions = { v2: { label: 'v2' } };
    });
    expect(problemsWith(withV2, ['1.0.0-rc14'])).toEqual([
      'docs.versions.v2: unknown docs version name "v2". Known versions: current, 1.0.0-rc14. An older version is added by listing its name in content/versions.json (npm run docs:version).',
    ]);
    const lastV2 = broken((c) => {
      c.docs.lastVersion = 'v2';
    });
    expect(problemsWith(lastV2, [])).toEqual([
      'docs.lastVersion: unknown docs version name "v2". The only version is "current". An older version is added by listing its name in content/versions.json (npm run docs:version).',
    ]);
  });

  it('refuses a key other than label, banner and badge, and a banner it does not know', () => {
    const problems = problemsWith(
      broken((c) => {
        c.docs.versions = { current: { label: 'x', path: 'next' } as never, '1.0.0-rc14': { banner: 'retired' } as never };
      }),
      ['1.0.0-rc14'],
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^docs\.versions\.current/);
    expect(problems[1]).toMatch(/^docs\.versions\["1\.0\.0-rc14"\]\.banner/);
  });
});

describe('docs.editUrl', () => {
  it.each(['https://github.com/rkrupinski/stan-docs/edit/main/', 'https://gitlab.example.org/docs/-/edit/main/site/'])(
    'accepts %s',
    (url) => {
      expect(problemsOf(broken((c) => void (c.docs.editUrl = url)))).toEqual([]);
    },
  );

  it('may be left out (no edit link)', () => {
    expect(problemsOf(broken((c) => void delete c.docs.editUrl))).toEqual([]);
  });

  it.each(['http://github.com/x/edit/main/', 'https://github.com/x/edit/main', 'github.com/x/edit/main/', 'https://x.org/edit/?ref=main/'])(
    'rejects %s naming the field and the fix',
    (url) => {
      expect(problemsOf(broken((c) => void (c.docs.editUrl = url)))).toEqual([
        `docs.editUrl: must be an https:// URL ending with "/", to which a doc's path such as "content/docs/intro.mdx" is appended, like "https://github.com/rkrupinski/stan-docs/edit/main/"; got "${url}". Leave it out to show no edit link.`,
      ]);
    },
  );
});
