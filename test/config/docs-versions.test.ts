/** @jest-environment node */
// The one reader of docs versions: content/versions.json, the config's overrides and each release's install, read
// once into one value per version.
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../site.config';
import { DocsVersionsError, docsVersionNamed, docsVersionRoutes, readDocsVersions, readVersionNames } from '@src/config/docs-versions';
import type { SiteConfig } from '@src/config/types';

const scratchDirs: string[] = [];
afterAll(() => scratchDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A site root with content/versions.json, the installed packages (name → version) and each older version's sidebars. */
function site({ versions, packages, sidebars = true }: { versions?: unknown; packages: Record<string, string>; sidebars?: boolean }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-versions-'));
  scratchDirs.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  if (versions !== undefined) write('content/versions.json', JSON.stringify(versions));
  for (const [installName, version] of Object.entries(packages)) {
    write(`node_modules/${installName}/package.json`, JSON.stringify({ name: '@rkrupinski/stan', version, exports: { '.': './dist/index.js' } }));
  }
  if (sidebars && Array.isArray(versions)) {
    for (const name of versions as string[]) write(`content/versioned_sidebars/version-${name}-sidebars.json`, '{ "docs": [{ "type": "doc", "id": "intro" }] }');
  }
  return root;
}

const config = (docs: Partial<SiteConfig['docs']> = {}): SiteConfig => ({ ...siteConfig, docs: { ...siteConfig.docs, ...docs } });

describe('readDocsVersions', () => {
  it("yields one value per version, newest first, each with its release, package, folders, sidebars and route", () => {
    const root = site({ versions: ['1.2.0-rc4', '1.0.0-rc14'], packages: { '@rkrupinski/stan': '1.3.0', 'stan-1.2.0-rc4': '1.2.0-rc4', 'stan-1.0.0-rc14': '1.0.0-rc14' } });
    const versions = readDocsVersions(config(), root);
    expect(versions.map(({ name, label, release, installName, contentDir, sidebarsFile, path: route, banner, badge, isLast }) => ({
      name, label, release, installName, contentDir, sidebarsFile, path: route, banner, badge, isLast,
    }))).toEqual([
      { name: 'current', label: '1.3.0', release: '1.3.0', installName: '@rkrupinski/stan', contentDir: 'content/docs', sidebarsFile: 'site.config.ts', path: '/docs', banner: 'none', badge: true, isLast: true },
      {
        name: '1.2.0-rc4', label: '1.2.0-rc4', release: '1.2.0-rc4', installName: 'stan-1.2.0-rc4', contentDir: 'content/versioned_docs/version-1.2.0-rc4',
        sidebarsFile: 'content/versioned_sidebars/version-1.2.0-rc4-sidebars.json', path: '/docs/1.2.0-rc4', banner: 'unmaintained', badge: true, isLast: false,
      },
      {
        name: '1.0.0-rc14', label: '1.0.0-rc14', release: '1.0.0-rc14', installName: 'stan-1.0.0-rc14', contentDir: 'content/versioned_docs/version-1.0.0-rc14',
        sidebarsFile: 'content/versioned_sidebars/version-1.0.0-rc14-sidebars.json', path: '/docs/1.0.0-rc14', banner: 'unmaintained', badge: true, isLast: false,
      },
    ]);
    expect(versions[0]!.sidebars).toBe(siteConfig.sidebars);
    expect(versions[1]!.sidebars).toEqual({ docs: [{ type: 'doc', id: 'intro' }] });
    expect(versions[1]!.packageDir).toBe(path.join(root, 'node_modules/stan-1.2.0-rc4'));
    expect(versions[1]!.packageName).toBe('@rkrupinski/stan');
  });

  it('applies the config: labels, banners and badges it names, and another last version (the current docs then at /next, unreleased)', () => {
    const root = site({ versions: ['1.0.0-rc14'], packages: { '@rkrupinski/stan': '1.2.0-rc4', 'stan-1.0.0-rc14': '1.0.0-rc14' } });
    const versions = readDocsVersions(config({ lastVersion: '1.0.0-rc14', versions: { current: { label: 'Canary' }, '1.0.0-rc14': { badge: false } } }), root);
    expect(versions.map(({ name, label, path: route, banner, badge, isLast }) => [name, label, route, banner, badge, isLast])).toEqual([
      ['current', 'Canary', '/docs/next', 'unreleased', true, false],
      ['1.0.0-rc14', '1.0.0-rc14', '/docs', 'none', false, true],
    ]);
  });

  it('reads the current docs alone when there is no content/versions.json', () => {
    const root = site({ packages: { '@rkrupinski/stan': '1.2.0-rc4' } });
    expect(readDocsVersions(config(), root).map((v) => [v.name, v.release, v.isLast])).toEqual([['current', '1.2.0-rc4', true]]);
  });

  it('names every missing or mismatched release with the command that installs it, and a missing sidebars file', () => {
    const root = site({ versions: ['1.2.0-rc4', '1.0.0-rc14'], packages: { '@rkrupinski/stan': '1.3.0', 'stan-1.2.0-rc4': '1.2.0-rc3' }, sidebars: false });
    expect(() => readDocsVersions(config(), root)).toThrow(DocsVersionsError);
    expect(() => readDocsVersions(config(), root)).toThrow(
      [
        'docs version "1.2.0-rc4" documents release 1.2.0-rc4, but stan-1.2.0-rc4 is 1.2.0-rc3. Run: npm install --save-exact stan-1.2.0-rc4@npm:@rkrupinski/stan@1.2.0-rc4',
        'content/versioned_sidebars/version-1.2.0-rc4-sidebars.json is missing: docs version "1.2.0-rc4" needs its sidebars, like { "docs": [{ "type": "doc", "id": "intro" }] }.',
        'docs version "1.0.0-rc14" documents stan-1.0.0-rc14, which is not installed: its samples compile against it. Run: npm install --save-exact stan-1.0.0-rc14@npm:@rkrupinski/stan@1.0.0-rc14',
        'content/versioned_sidebars/version-1.0.0-rc14-sidebars.json is missing: docs version "1.0.0-rc14" needs its sidebars, like { "docs": [{ "type": "doc", "id": "intro" }] }.',
      ].join('\n'),
    );
  });

  it('names a sidebars file that is not JSON or not sidebars', () => {
    const root = site({ versions: ['1.0.0-rc14'], packages: { '@rkrupinski/stan': '1.2.0-rc4', 'stan-1.0.0-rc14': '1.0.0-rc14' } });
    const file = path.join(root, 'content/versioned_sidebars/version-1.0.0-rc14-sidebars.json');
    fs.writeFileSync(file, '{ "docs": [{ "type": "nope" }] }');
    expect(() => readDocsVersions(config(), root)).toThrow(/content\/versioned_sidebars\/version-1\.0\.0-rc14-sidebars\.json/);
    fs.writeFileSync(file, '{ docs');
    expect(() => readDocsVersions(config(), root)).toThrow(/version-1\.0\.0-rc14-sidebars\.json is not valid JSON/);
  });

  it('reads once, and again when content/versions.json changes', () => {
    const root = site({ versions: [], packages: { '@rkrupinski/stan': '1.2.0-rc4', 'stan-1.0.0-rc14': '1.0.0-rc14' } });
    const site1 = config();
    const first = readDocsVersions(site1, root);
    expect(readDocsVersions(site1, root)).toBe(first);
    fs.writeFileSync(path.join(root, 'content/versions.json'), '["1.0.0-rc14"]');
    fs.mkdirSync(path.join(root, 'content/versioned_sidebars'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/versioned_sidebars/version-1.0.0-rc14-sidebars.json'), '{ "docs": [] }');
    // A later time than the first write, as a save would give it.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'content/versions.json'), later, later);
    expect(readDocsVersions(site1, root).map((v) => v.name)).toEqual(['current', '1.0.0-rc14']);
  });

  it('is what this repository builds: the current docs on the installed release, then 1.0.0-rc14', () => {
    const versions = readDocsVersions(siteConfig);
    const installed = JSON.parse(fs.readFileSync('node_modules/@rkrupinski/stan/package.json', 'utf8')) as { version: string };
    expect(versions.map((v) => [v.name, v.release, v.path])).toEqual([
      ['current', installed.version, '/docs'],
      ['1.0.0-rc14', '1.0.0-rc14', '/docs/1.0.0-rc14'],
    ]);
    expect(docsVersionRoutes(versions)[1]).toEqual({ name: '1.0.0-rc14', label: '1.0.0-rc14', release: '1.0.0-rc14', path: '/docs/1.0.0-rc14', isLast: false });
    expect(docsVersionNamed(versions, '1.0.0-rc14').contentDir).toBe('content/versioned_docs/version-1.0.0-rc14');
    expect(() => docsVersionNamed(versions, '0.9.0')).toThrow('There is no docs version "0.9.0". Known versions: current, 1.0.0-rc14.');
  });
});

describe('readVersionNames (content/versions.json)', () => {
  it.each([
    ['{ nope', /content\/versions\.json is not valid JSON/],
    ['{"a":1}', /must be an array of release names, newest first/],
    ['["1.0.0", "../x"]', /must be an array of release names/],
    ['["1.0.0", "1.0.0"]', /lists "1\.0\.0" twice/],
    ['["current"]', /lists "current" \(the current docs are not an older version\)/],
  ])('refuses %s, naming the file and the shape it needs', (text, message) => {
    const root = site({ packages: {} });
    fs.mkdirSync(path.join(root, 'content'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/versions.json'), text);
    expect(() => readVersionNames(root)).toThrow(message);
  });
});
