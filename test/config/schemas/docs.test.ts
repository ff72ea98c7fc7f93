/** @jest-environment node */
import fs from 'fs';
import siteConfig from '../../../site.config';
import { broken, problemsOf } from '../fixtures';
import { SiteConfigError } from '@src/config/error-map';
import { validateSiteConfig } from '@src/config/schema';
import { docsVersionRelease, type DocsVersionsOnDisk } from '@src/config/schemas/docs';
import { readDocsVersionsOnDisk } from '@src/config/docs-versions-on-disk';

/** Problems of a config validated against a made-up disk (versions.json names, installed packages). */
function problemsOn(raw: unknown, onDisk: DocsVersionsOnDisk): readonly string[] {
  try {
    validateSiteConfig(raw, 'site.config.ts', onDisk);
    return [];
  } catch (error) {
    if (error instanceof SiteConfigError) return error.problems;
    throw error;
  }
}

const installed = (releases: Record<string, string>) => (name: string) => releases[name] ?? null;
const withRc14: DocsVersionsOnDisk = {
  olderVersions: ['1.0.0-rc14'],
  installedRelease: installed({ '@rkrupinski/stan': '1.2.0-rc4', 'stan-1.0.0-rc14': '1.0.0-rc14' }),
};

describe('docs versions', () => {
  it('reports an unknown docs version name in versions and in lastVersion', () => {
    const withV2 = broken((c) => {
      c.docs.versions.v2 = { label: 'v2', banner: 'none', badge: false };
    });
    expect(problemsOf(withV2)).toEqual([
      'docs.versions.v2: unknown docs version name "v2". Known versions: current, 1.0.0-rc14. An older version is added by listing its name in content/versions.json.',
    ]);

    const lastV2 = broken((c) => {
      c.docs.lastVersion = 'v2';
    });
    expect(problemsOf(lastV2)).toEqual([
      'docs.lastVersion: unknown docs version name "v2". Known versions: current, 1.0.0-rc14. An older version is added by listing its name in content/versions.json.',
    ]);
    const onlyCurrent = { olderVersions: [], installedRelease: installed({}) };
    expect(problemsOn(broken((c) => void delete c.docs.versions['1.0.0-rc14']), onlyCurrent)).toEqual([]);
    expect(problemsOn(siteConfig, onlyCurrent)).toEqual([
      'docs.versions["1.0.0-rc14"]: unknown docs version name "1.0.0-rc14". The only version is "current". An older version is added by listing its name in content/versions.json.',
    ]);
  });

  it('requires the current version to be configured', () => {
    const raw = broken((c) => {
      c.docs.versions = {};
    });
    expect(problemsOf(raw)).toEqual([
      "docs.versions.current: is missing. Add current: { label: 'Next', banner: 'none', badge: true }.",
      "docs.versions[\"1.0.0-rc14\"]: is missing: content/versions.json lists \"1.0.0-rc14\". Add '1.0.0-rc14': { label: '1.0.0-rc14', banner: 'unmaintained', badge: true }, or remove \"1.0.0-rc14\" from content/versions.json.",
    ]);
  });

  it('accepts the site config against the versions on disk (content/versions.json and node_modules)', () => {
    expect(readDocsVersionsOnDisk().olderVersions).toEqual(['1.0.0-rc14']);
    expect(problemsOf(siteConfig)).toEqual([]);
    expect(problemsOn(siteConfig, withRc14)).toEqual([]);
  });

  it('requires an entry for every version content/versions.json lists', () => {
    const twoOlder = { ...withRc14, olderVersions: ['1.1.0', '1.0.0-rc14'], installedRelease: () => '1' };
    expect(problemsOn(siteConfig, twoOlder)).toEqual([
      "docs.versions[\"1.1.0\"]: is missing: content/versions.json lists \"1.1.0\". Add '1.1.0': { label: '1.1.0', banner: 'unmaintained', badge: true }, or remove \"1.1.0\" from content/versions.json.",
    ]);
  });

  it('fails when an older version’s package alias is not installed, with the npm command that installs it', () => {
    const missing = { olderVersions: ['1.0.0-rc14'], installedRelease: installed({ '@rkrupinski/stan': '1.2.0-rc4' }) };
    expect(problemsOn(siteConfig, missing)).toEqual([
      'docs.versions["1.0.0-rc14"]: the package of docs version "1.0.0-rc14" (content/versions.json) is not installed: its samples compile against stan-1.0.0-rc14. Run: npm install --save-exact stan-1.0.0-rc14@npm:@rkrupinski/stan@1.0.0-rc14',
    ]);
  });

  it('gives each version its release: the installed package for the current docs, the name for an older one', () => {
    expect(docsVersionRelease('current', withRc14)).toBe('1.2.0-rc4');
    expect(docsVersionRelease('1.0.0-rc14', withRc14)).toBe('1.0.0-rc14');
    expect(docsVersionRelease('current', readDocsVersionsOnDisk())).toBe(
      (JSON.parse(fs.readFileSync('node_modules/@rkrupinski/stan/package.json', 'utf8')) as { version: string }).version,
    );
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
