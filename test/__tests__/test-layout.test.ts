/** @jest-environment node */
// The tests of src/ live in test/, a tree that mirrors src/ (src/node/x.ts → test/node/__tests__/x.test.ts): Gatsby's
// query extraction parses every src/ file that names one of its words in each build and develop process, tests too.
import fs from 'fs';
import path from 'path';

const ROOT = path.resolve(__dirname, '../..');

/** Every file and folder below `dir` (a folder of the repository), as repository paths with forward slashes. */
function entriesBelow(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const entryPath = `${dir}/${entry.name}`;
    return entry.isDirectory() ? [entryPath, ...entriesBelow(entryPath)] : [entryPath];
  });
}

describe('where the tests of src/ live', () => {
  it('no test, __tests__ folder or test helper is in src/ (move it to the same place under test/)', () => {
    const inSrc = entriesBelow('src').filter(
      (entry) => entry.split('/').includes('__tests__') || /\.test\.[cm]?[jt]sx?$/.test(entry),
    );
    expect(inSrc).toEqual([]);
  });

  it('each __tests__ folder of test/ stands beside a folder of src/ (test/a/__tests__ tests src/a)', () => {
    const tested = entriesBelow('test')
      .filter((entry) => path.posix.basename(entry) === '__tests__' && !path.posix.dirname(entry).includes('__tests__'))
      .map((entry) => `src${path.posix.dirname(entry).slice('test'.length)}`);
    expect(tested.length).toBeGreaterThan(0);
    expect(tested.filter((dir) => !fs.existsSync(path.join(ROOT, dir)))).toEqual([]);
  });
});
