/** @jest-environment node */
// The older docs versions (content/versions.json): each names the release it documents, that release is installed
// beside the current one, its sidebar lists its own docs, and every sample of its folder compiles against that
// release, not against the installed @rkrupinski/stan.
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import siteConfig from '../../site.config';
import { docsVersionNamed, readDocsVersions } from '@src/config/docs-versions';
import { docIdFromRelativePath } from '@src/node/docs-model/doc-ids';
import { buildDocsVersion } from '@src/node/docs-model/version';
import type { DocSource } from '@src/node/types';
import { compilesSample, loadTypeHints, sampleDiagnostics, TYPED_LANGUAGES } from '@src/node/type-hints';
import {
  allCodeSamples,
  docsDir,
  docsVersions,
  mdxFiles,
  REPO_ROOT,
  versionPackage,
  versionPackageDir,
} from '../support/samples';

const versions = docsVersions();
const relative = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/');

it('content/versions.json lists the older versions, newest first, each once, each an exact release', () => {
  const byRelease = new Intl.Collator('en', { numeric: true });
  expect(new Set(versions).size).toBe(versions.length);
  expect([...versions].sort((a, b) => byRelease.compare(b, a))).toEqual(versions);
  for (const version of versions) expect(version).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
});

describe.each(versions)('docs version %s', (version) => {
  const folder = docsDir(version);

  it(`documents the release installed as ${versionPackage(version)}`, () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(versionPackageDir(version), 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(manifest).toMatchObject({ name: '@rkrupinski/stan', version });
    const site = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(site.dependencies[versionPackage(version)]).toBe(`npm:@rkrupinski/stan@${version}`);
  });

  it('has a sidebar that lists every doc of its folder and nothing else', () => {
    // The version as the build reads it: its sidebars file validated, its folder, its route.
    const metadata = docsVersionNamed(readDocsVersions(siteConfig), version);
    expect(Object.keys(metadata.sidebars)).toEqual(['docs']);
    const sources: DocSource[] = mdxFiles(folder).map((file) => {
      const { data } = matter(fs.readFileSync(file, 'utf8'));
      return {
        file: relative(file),
        id: docIdFromRelativePath(path.relative(folder, file)),
        title: String(data.title),
        sidebarLabel: (data.sidebar_label as string | undefined) ?? null,
        sidebarPosition: (data.sidebar_position as number | undefined) ?? null,
        slug: (data.slug as string | undefined) ?? null,
      };
    });
    expect(metadata.contentDir).toBe(relative(folder));
    const { version: model, warnings } = buildDocsVersion(sources, metadata, { includeDrafts: false, breadcrumbs: siteConfig.docs.breadcrumbs });
    expect(warnings).toEqual([]);
    expect(model.mainDocId).toBe('intro');
    expect(model.docs.every((doc) => doc.sidebar === 'docs')).toBe(true);
  });

  describe(`every sample compiles against ${versionPackage(version)}`, () => {
    const samples = allCodeSamples(version).filter((sample) => TYPED_LANGUAGES.has(sample.lang));

    it('has samples to compile', () => {
      expect(samples.filter((sample) => !sample.partial).length).toBeGreaterThan(30);
    });

    it.each(samples.map((sample) => [`${sample.file}:${sample.line}`, sample] as const))('%s', async (where, sample) => {
      const hints = await loadTypeHints(versionPackageDir(version));
      const errors = sampleDiagnostics(hints, sample.code, sample.lang, { file: sample.file, line: sample.line });
      if (compilesSample(sample.lang, sample.partial)) {
        const described = errors.map((e) => `${sample.file}:${e.line}: TS${e.code}: ${e.message}`).join('\n');
        if (errors.length > 0) {
          throw new Error(`${where}: this sample does not compile against ${version}:\n${described}`);
        }
      } else if (errors.length === 0) {
        throw new Error(`${where}: this sample is marked \`partial\` but compiles on its own against ${version}`);
      }
    }, 60_000);
  });
});
