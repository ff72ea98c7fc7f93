/** @jest-environment node */
// The constants the build defines and the ones the browser's code reads are the same set.
import fs from 'fs';
import path from 'path';
import siteConfig from '../../site.config';
import { webpackDefines } from '@src/node/gatsby/webpack';

const ROOT = path.resolve(__dirname, '../..');

/** The source files of src/ that go to the browser (not the build's own code), with their text. */
function browserSources(): Array<[string, string]> {
  const files: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node'].includes(entry.name)) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push([path.relative(ROOT, full), fs.readFileSync(full, 'utf8')]);
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  return files;
}

describe('build defines', () => {
  it('are defined by the build exactly as the browser reads them', () => {
    const defined = Object.keys(webpackDefines('build-javascript', siteConfig)).sort();
    const read = [...new Set(browserSources().flatMap(([, text]) => text.match(/\b__STAN_[A-Z_]+__\b/g) ?? []))].sort();
    expect(read).toEqual(defined);
    // Each module that reads one declares it with its type from the contract.
    for (const [file, text] of browserSources()) {
      for (const declared of text.match(/declare const __STAN_[A-Z_]+__: [^;]+;/g) ?? []) {
        expect({ file, declared: /: BuildDefines(<[^>]+>)?\['__STAN_[A-Z_]+__'\]/.test(declared) }).toEqual({ file, declared: true });
      }
    }
    // Each value is JavaScript source webpack can put in place of the name.
    for (const source of Object.values(webpackDefines('develop', siteConfig))) expect(() => JSON.parse(source)).not.toThrow();
  });
});
