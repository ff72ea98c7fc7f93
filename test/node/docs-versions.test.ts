/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../site.config';
import { buildDocsVersion, DocsModelError, getDocNavigation, type DocsVersionSpec } from '@src/node/docs-model';
import { docsVersionSpecs, docsVersionsManifest, readVersionSidebars } from '@src/node/docs-versions';
import type { DocSource } from '@src/node/types';

const source = (id: string, title: string, position: number, file: string): DocSource =>
  ({ id, title, sidebarPosition: position, file, ...(id === 'intro' ? { slug: '/' } : {}) }) as DocSource;

const OLD = 'content/versioned_docs/version-1.0.0-rc14';
const ids = ['intro', 'getting-started/installation', 'getting-started/examples', 'api/atom', 'api/atomFamily', 'guides/caching'];
const sourcesIn = (dir: string, except: string[] = []) =>
  ids.filter((id) => !except.includes(id)).map((id, i) => source(id, id.split('/').pop() ?? id, i, `${dir}/${id}.mdx`));

describe('docs versions: one pipeline, a spec per version', () => {
  const [current, older] = docsVersionSpecs(siteConfig) as [DocsVersionSpec, DocsVersionSpec];

  it('lists the current version first, then 1.0.0-rc14 with its folder, sidebars file and release', () => {
    expect(current).toMatchObject({ name: 'current', isLast: true, contentDir: 'content/docs', sidebarsFile: 'site.config.ts' });
    expect(older).toMatchObject({
      name: '1.0.0-rc14',
      release: '1.0.0-rc14',
      isLast: false,
      contentDir: OLD,
      sidebarsFile: 'content/versioned_sidebars/version-1.0.0-rc14-sidebars.json',
    });
  });

  it('builds an older version at /docs/<name>, its navigation staying within it', () => {
    const { version } = buildDocsVersion(sourcesIn(OLD), siteConfig, { includeDrafts: false, version: older });
    expect(version).toMatchObject({ name: '1.0.0-rc14', label: '1.0.0-rc14', isLast: false, banner: 'unmaintained', path: '/docs/1.0.0-rc14' });
    expect(version.mainDocPath).toBe('/docs/1.0.0-rc14');
    expect(version.docs.map((d) => d.path)).toContain('/docs/1.0.0-rc14/api/atom');
    const nav = getDocNavigation(version, 'api/atom');
    expect([nav.previous?.href, nav.next?.href]).toEqual(['/docs/1.0.0-rc14/getting-started/examples', '/docs/1.0.0-rc14/api/atomFamily']);
  });

  it('names the version’s sidebars file when its sidebar names a doc the version lacks', () => {
    expect(() => buildDocsVersion(sourcesIn(OLD, ['guides/caching']), siteConfig, { includeDrafts: false, version: older })).toThrow(
      /content\/versioned_sidebars\/version-1\.0\.0-rc14-sidebars\.json/,
    );
  });

  it('fails naming a missing or malformed sidebars file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-sidebars-'));
    expect(() => readVersionSidebars('9.9.9', root)).toThrow(DocsModelError);
    expect(() => readVersionSidebars('9.9.9', root)).toThrow(/version-9\.9\.9-sidebars\.json is missing/);
    fs.mkdirSync(path.join(root, 'content/versioned_sidebars'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/versioned_sidebars/version-9.9.9-sidebars.json'), '{ "docs": [{ "type": "nope" }] }');
    expect(() => readVersionSidebars('9.9.9', root)).toThrow(/version-9\.9\.9-sidebars\.json/);
  });

  it('writes a manifest of each version’s main doc and doc routes by plain doc id', () => {
    const last = buildDocsVersion(sourcesIn('content/docs'), siteConfig, { includeDrafts: false, version: { ...current, sidebars: older.sidebars } }).version;
    const old = buildDocsVersion(sourcesIn(OLD, []), siteConfig, { includeDrafts: false, version: older }).version;
    const manifest = docsVersionsManifest([
      { ...last, docs: [...last.docs, { id: 'api/store', path: '/docs/api/store', title: 'Store', sidebar: null, file: 'x' }] },
      old,
    ]);
    expect(manifest.versions.map((v) => [v.name, v.mainDocPath])).toEqual([
      ['current', '/docs'],
      ['1.0.0-rc14', '/docs/1.0.0-rc14'],
    ]);
    expect(manifest.versions[1]?.docs['api/atom']).toBe('/docs/1.0.0-rc14/api/atom');
    expect(manifest.versions[1]?.docs).not.toHaveProperty('api/store');
    expect(manifest.versions[0]?.docs['api/store']).toBe('/docs/api/store');
  });
});
